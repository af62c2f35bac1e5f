import type { ActivityLogItem } from '@wattdesk/shared';
import type { CsvCell } from '../../lib/csv.ts';

export const ACTIVITY_CSV_HEADER = [
  'Time (UTC)',
  'Actor',
  'Actor type',
  'Action',
  'Entity',
  'Entity id',
  'Location',
  'Location id',
  'Changes',
  'IP address',
] as const;

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** `status: ACTIVE → INACTIVE; locationIds: [] → ["…"]`: readable in a spreadsheet cell. */
export const formatChanges = (changes: ActivityLogItem['changes']): string =>
  changes
    ? Object.entries(changes)
        .map(([field, change]) => `${field}: ${show(change.before)} → ${show(change.after)}`)
        .join('; ')
    : '';

export const activityCsvRow = (item: ActivityLogItem): CsvCell[] => [
  item.createdAt,
  item.actorEmail,
  item.actorType,
  item.action,
  item.entity,
  item.entityId,
  item.locationName,
  item.locationId,
  formatChanges(item.changes),
  item.ipAddress,
];
