const kwhFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kwFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Energy with thousands separators (spec section 9) and two decimals: "1,234.50 kWh". */
export const formatKwh = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '—' : `${kwhFormat.format(value)} kWh`;

/** Power with one decimal: "7.2 kW"; unknown power (no meter value yet) is a dash. */
export const formatKw = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '—' : `${kwFormat.format(value)} kW`;

const pad = (value: number) => String(value).padStart(2, '0');

/** A running time as a clock reads it: "4:05", "1:02:03", "2d 3:04:05"; negative (clock skew) counts as 0. */
export const formatDuration = (milliseconds: number): string => {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}:${pad(minutes)}:${pad(seconds)}`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  return `${minutes}:${pad(seconds)}`;
};

/** The same duration in words, for screen readers and titles: "1 h 2 min 3 s". */
export const describeDuration = (milliseconds: number): string => {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const parts: string[] = [];
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (days) parts.push(`${days} d`);
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  parts.push(`${total % 60} s`);
  return parts.join(' ');
};

/** From start to stop (or to now, while it runs). */
export const elapsedMs = (startedAt: string, stoppedAt: string | null, now: number): number =>
  (stoppedAt ? new Date(stoppedAt).getTime() : now) - new Date(startedAt).getTime();
