/**
 * The date-time rules live with the other display rules in @wattdesk/shared/format (issue 39); this path stays so
 * the screens' imports keep working.
 */
export { formatDate, formatDateTime, formatTime } from '@wattdesk/shared/format';

/** The zone a column's times are in, for its header: "America/Los_Angeles", or "your time zone". */
export const timeZoneCaption = (timeZone: string | null | undefined): string => timeZone ?? 'your time zone';

/** The zone's distance from UTC at an instant (chart ticks align to the location's clock). */
export { zoneOffsetMs } from '@wattdesk/shared/time-zones';
