import { formatDateTime } from '@wattdesk/shared/format';
import { offsetMinutes } from '@wattdesk/shared/pricing/local-time';

/** A moment in the location's time zone, with its label: the one date-time format ("Nov 20, 2026, 08:00 PST"). */
export const formatInZone = (iso: string, timeZone: string): string => formatDateTime(iso, timeZone);

/** A datetime-local value ("2026-11-20T08:00"), read as the location's wall-clock time → ISO instant. */
export const zonedToIso = (local: string, timeZone: string): string | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - offsetMinutes(timeZone, wall) * 60_000;
  return new Date(wall - offsetMinutes(timeZone, first) * 60_000).toISOString();
};
