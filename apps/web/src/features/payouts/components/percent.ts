import { formatBps } from '@wattdesk/shared/format';
/** "70", "12.5" or "12.34" (percent) to basis points without floating point; undefined when not such a number. */
export const percentToBps = (text: string): number | undefined => {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

/** Basis points as a percentage for people: 7000 → "70%", 1250 → "12.5%". */
export const bpsLabel = formatBps;

/** The first message zod gave for each field. */
export const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
};

/** Midnight of a YYYY-MM-DD day on the location's clock, as an ISO instant. */
export const startOfDayIn = (day: string, timeZone: string, offsetOf: (instantMs: number, zone: string) => number) => {
  const naive = Date.parse(`${day}T00:00:00Z`);
  return new Date(naive - offsetOf(naive - offsetOf(naive, timeZone), timeZone)).toISOString();
};
