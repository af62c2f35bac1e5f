import { offsetMinutes } from '@wattdesk/shared/pricing/local-time';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 20, 2026, 8:00 AM PST": a moment in the location's time zone, with its label. */
export const formatInZone = (iso: string, timeZone: string): string => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formats.set(timeZone, format);
  }
  return format.format(new Date(iso));
};

/** A datetime-local value ("2026-11-20T08:00"), read as the location's wall-clock time → ISO instant. */
export const zonedToIso = (local: string, timeZone: string): string | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - offsetMinutes(timeZone, wall) * 60_000;
  return new Date(wall - offsetMinutes(timeZone, first) * 60_000).toISOString();
};
