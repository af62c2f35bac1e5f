import { formatZonedTimestamp, type ActivityLogItem } from '@wattdesk/shared';
import type { CsvCell } from '../../lib/csv.ts';
import type { CsvHeaderKey } from '../../lib/i18n/csv-headers.ts';

/** Each time is its location's wall clock (UTC for rows without a location), with the UTC offset. */
export const ACTIVITY_CSV_COLUMNS = [
  'activity.time',
  'activity.actor',
  'activity.actorName',
  'activity.actorType',
  'activity.action',
  'activity.entity',
  'activity.entityId',
  'activity.entityName',
  'activity.location',
  'activity.locationId',
  'activity.changes',
  'activity.ipAddress',
] as const satisfies readonly CsvHeaderKey[];

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** `status: ACTIVE → INACTIVE; locationIds: [] → ["…"]`: readable in a spreadsheet cell. */
export const formatChanges = (changes: ActivityLogItem['changes']): string =>
  changes
    ? Object.entries(changes)
        .map(([field, change]) => `${field}: ${show(change.before)} → ${show(change.after)}`)
        .join('; ')
    : '';

export const activityCsvRow = (item: ActivityLogItem): CsvCell[] => [
  formatZonedTimestamp(item.createdAt, item.locationTimeZone ?? 'UTC'),
  item.actorEmail,
  item.actorName,
  item.actorType,
  item.action,
  item.entity,
  item.entityId,
  item.entityName,
  item.locationName,
  item.locationId,
  formatChanges(item.changes),
  item.ipAddress,
];
