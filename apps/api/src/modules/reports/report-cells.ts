import { minorToDecimal, zonedTimestampFormatter } from '@wattdesk/shared';

/*
 * The reports' numbers and times as spreadsheet cells. The database writes the same for the sessions CSV
 * (reports/sql/csv-cells.sql), and reports.paging.test.ts holds the two to each other.
 */

// Two decimals like every screen (docs/formats.md), half up on the exact Wh as the database rounds the CSV's text.
export const kwh = (wh: number | string) => Math.round(Number(wh) / 10) / 100;
// Half up on the exact number of seconds (18 s is 0.005 h → 0.01), as the database rounds the CSV's text.
export const hours = (seconds: number | string | null) => (seconds === null ? null : Math.round(Number(seconds) / 36) / 100);
export const money = (minor: number | string | null, currency: string | null) =>
  minor === null || !currency ? null : Number(minorToDecimal(Number(minor), currency));
export const percent = (part: number, whole: number) => (whole > 0 ? Number(((100 * part) / whole).toFixed(2)) : null);

/**
 * Timestamps in their location's zone for one download, one formatter per zone: asking Intl for the zone's
 * offset twice per row (started, stopped) was most of a million-row report's time.
 */
export const zonedStamps = () => {
  const formatters = new Map<string, (value: Date | number) => string>();
  return (value: string | number, timeZone: string) => {
    let format = formatters.get(timeZone);
    if (!format) formatters.set(timeZone, (format = zonedTimestampFormatter(timeZone)));
    return format(typeof value === 'number' ? value : new Date(value));
  };
};
