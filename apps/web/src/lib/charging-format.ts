/** Energy and power follow the shared rules (2 and 1 decimals); re-exported for the screens that import them here. */
export { formatKwh, formatKw } from '@wattdesk/shared/format';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A running time as a clock reads it: "4:05", "1:02:03", "2d 3:04:05"; negative (clock skew) counts as 0. Only for
 * the live clock of an active session that ticks every second (RunningDuration): anything finished reads in words
 * with formatDurationWords from @wattdesk/shared/format ("2 h 50 min").
 */
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

/** The running clock in words, for its screen-reader label (it keeps the seconds the clock shows): "1 h 2 min 3 s". */
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
