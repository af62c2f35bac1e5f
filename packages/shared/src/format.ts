import { formatTag, perTag } from './i18n/format-locale.ts';
import { HOUR_OPTIONS } from './constants.ts';
import { formatMinor } from './pricing/money.ts';

/*
 * How every screen and export shows a number, an amount, a duration or a time (issue 39; docs/formats.md has the
 * table). One place, so "1,234.50 kWh" reads the same on the sessions list, the driver's dialog and the dashboard.
 * Written in the page's language's conventions (i18n/format-locale.ts; English is en-US, spec section 9: thousands
 * separators) and an unknown value (null, NaN) is a dash. Units (kWh, kW) are the same in every language.
 */

const DASH = '—';
const isKnown = (value: number | null | undefined): value is number => value !== null && value !== undefined && Number.isFinite(value);

const integerFormat = perTag((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }));
const decimalFormat = perTag((tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 0, maximumFractionDigits: 2 }));
const currencyFormats = perTag(() => new Map<string, Intl.NumberFormat>());
const fixed = (digits: number) => perTag((tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
const kwhFormat = fixed(2);
const oneDecimal = fixed(1);
const percentFormat = perTag((tag) => new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }));
const upToThree = perTag((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }));

/** Numbers are displayed with thousands separators (spec section 9). */
export const formatNumber = (value: number, { decimals = false } = {}): string => (decimals ? decimalFormat() : integerFormat()).format(value);

/** A count: an integer with thousands separators, "12,345". */
export const formatCount = (value: number): string => integerFormat().format(value);

/** A measured or entered quantity that is not one of the units below (an inspection reading): up to 3 decimals. */
export const formatQuantity = (value: number): string => upToThree().format(value);

/** Energy, always two decimals: "1,234.50 kWh". */
export const formatKwh = (value: number | null | undefined): string => (isKnown(value) ? `${kwhFormat().format(value)} kWh` : DASH);

/** Power, always one decimal: "7.2 kW"; unknown power (no meter value yet) is a dash. */
export const formatKw = (value: number | null | undefined): string => (isKnown(value) ? `${oneDecimal().format(value)} kW` : DASH);

/** A percentage given as percent (12.34 → "12.3%", German "12,3 %"), always one decimal. */
export const formatPercent = (percent: number | null | undefined): string => (isKnown(percent) ? percentFormat().format(percent / 100) : DASH);

/** An amount in major units: 1234.5 → "$1,234.50"; a location billing in another currency passes its code. */
export const formatCurrency = (value: number, currency = 'USD'): string => {
  const formats = currencyFormats();
  let format = formats.get(currency);
  if (!format) formats.set(currency, (format = new Intl.NumberFormat(formatTag(), { style: 'currency', currency })));
  return format.format(value);
};

/** An amount in the currency's minor units, as the API sends it: 123456 USD → "$1,234.56", 500 JPY → "¥500". */
export const formatMoney = (minor: number, currency: string): string => formatMinor(minor, currency);

/**
 * THE duration of anything finished (a session's length, idle time, an outage), in words and to its two largest
 * units: "3 d 4 h", "2 h 50 min", "12 min", "45 s". Truncated, not rounded, so 59 min 50 s never reads "60 min";
 * negative (clock skew) counts as 0. Only a running session's clock that ticks every second reads as a clock
 * ("1:02:03", apps/web/src/lib/charging-format.ts), because a ticking word form would jump between units.
 */
export const formatDurationWords = (milliseconds: number): string => {
  if (formatTag() !== 'en-US') return formatDurationIntl(milliseconds);
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const join = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small ? `${big} ${bigUnit} ${small} ${smallUnit}` : `${big} ${bigUnit}`;
  if (days) return join(days, 'd', hours, 'h');
  if (hours) return join(hours, 'h', minutes, 'min');
  if (minutes) return `${minutes} min`;
  return `${total} s`;
};

const UNITS = ['day', 'hour', 'minute', 'second'] as const;
const unitFormats = perTag((tag) => UNITS.map((unit) => new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'short' })));
/** The same two largest units in another language's own abbreviations ("3 Tg., 4 Std.", "2 h 50 min"). */
const formatDurationIntl = (milliseconds: number): string => {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const parts = [Math.floor(total / 86_400), Math.floor((total % 86_400) / 3600), Math.floor((total % 3600) / 60), total % 60];
  const found = parts.findIndex((part) => part > 0);
  const first = found === -1 ? 3 : found;
  const formats = unitFormats();
  const big = formats[first]!.format(parts[first]!);
  // Seconds are shown only when they are all there is, as in English.
  const next = first < 2 ? parts[first + 1]! : 0;
  return next ? `${big} ${formats[first + 1]!.format(next)}` : big;
};

/** The same in seconds, as the API sends idle and charging times. */
export const formatSeconds = (seconds: number | null | undefined): string => (isKnown(seconds) ? formatDurationWords(seconds * 1000) : DASH);

/*
 * Every timestamp on screen is shown in the time zone of the location it belongs to, with the zone's label
 * ("Nov 3, 2026, 09:00 PST"), so an operator in another zone reads the location's own clock. Without a location
 * (an account event, a system event) it is the viewer's zone, labelled all the same. Exports write
 * formatZonedTimestamp (time-zones.ts) instead: a spreadsheet sorts "2026-11-03 09:00:00 -08:00" as text.
 */
type Style = 'dateTime' | 'dateTimeSeconds' | 'date' | 'time' | 'timeSeconds' | 'clock' | 'clockSeconds' | 'day';

const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } as const;
const DAY = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: { ...DAY, ...CLOCK },
  dateTimeSeconds: { ...DAY, ...CLOCK, second: '2-digit' },
  date: DAY,
  time: CLOCK,
  timeSeconds: { ...CLOCK, second: '2-digit' },
  // A chart's axis ticks: the caption names the zone once, each tick does not repeat it.
  clock: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  clockSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  day: { weekday: 'short', month: 'short', day: 'numeric' },
};

// A grid formats hundreds of cells per render: one formatter per zone and style.
const dateFormatters = perTag(() => new Map<string, Intl.DateTimeFormat>());
const formatterFor = (style: Style, timeZone: string | undefined): Intl.DateTimeFormat => {
  const key = `${style}|${timeZone ?? ''}`;
  const formatters = dateFormatters();
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formatTag(), { ...OPTIONS[style], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
};

const formatInstant = (style: Style, value: string | number | Date | null | undefined, timeZone: string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return DASH;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? DASH : formatterFor(style, timeZone ?? undefined).format(date);
};

/** "Nov 3, 2026, 09:00 PST"; `seconds` for logs, where events a second apart must read apart. */
export const formatDateTime = (at: string | number | Date | null | undefined, timeZone?: string | null, { seconds = false } = {}): string =>
  formatInstant(seconds ? 'dateTimeSeconds' : 'dateTime', at, timeZone);

/** "Nov 3, 2026": the location's calendar day. */
export const formatDate = (at: string | number | Date | null | undefined, timeZone?: string | null): string => formatInstant('date', at, timeZone);

/** "09:00 PST" (or "09:00:05 PST"). */
export const formatTime = (at: string | number | Date | null | undefined, timeZone?: string | null, { seconds = false } = {}): string =>
  formatInstant(seconds ? 'timeSeconds' : 'time', at, timeZone);

/** "09:00" or "09:00:05" without the zone's label: only for chart ticks whose caption names the zone. */
export const formatClockTick = (at: number, timeZone?: string | null, { seconds = false } = {}): string =>
  formatInstant(seconds ? 'clockSeconds' : 'clock', at, timeZone);

/**
 * An hour of the day as a choice or in a period's name. English keeps the spec's "5 PM" (HOUR_OPTIONS); the other
 * languages write their own clock ("17:00").
 */
export const formatHourOfDay = (hour: number): string =>
  formatTag() === 'en-US' ? HOUR_OPTIONS[((hour % 24) + 24) % 24]!.label : formatInstant('clock', Date.UTC(2026, 0, 1, hour % 24), 'UTC');

/** "Mon, Nov 23": a calendar day (YYYY-MM-DD, no instant and so no zone) as a column heading. */
export const formatDayHeading = (day: string): string => formatInstant('day', `${day}T12:00:00Z`, 'UTC');

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (YYYY-MM-DD) an instant falls on in a zone; the viewer's zone when none is given. */
export const calendarDayIn = (timeZone: string | undefined, at: Date = new Date()): string => {
  const key = timeZone ?? '';
  let format = dayFormatters.get(key);
  if (!format) dayFormatters.set(key, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(at);
};

/** A configured rate in basis points shows its exact value (up to 2 decimals): 1225 → "12.25%". */
export const formatBps = (bps: number): string =>
  formatTag() === 'en-US' ? `${decimalFormat().format(bps / 100)}%` : bpsFormat().format(bps / 10_000);
const bpsFormat = perTag((tag) => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }));

const oneDecimalAtMost = perTag((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }));
/** A file's size: "512 KB", "1.5 MB". */
export const formatFileSize = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${oneDecimalAtMost().format(bytes / 1024)} KB` : `${oneDecimalAtMost().format(bytes / 1024 / 1024)} MB`;

/**
 * Energy as an export's "Energy (kWh)" cell: the screens' two decimals without the unit or separators, "1234.50".
 * Rounded on whole Wh first so 3.505 kWh (3.50499… as a float) reads 3.51, as the database's round() writes it.
 */
export const formatKwhCell = (kwh: number): string => (Math.round(Math.round(kwh * 1000) / 10) / 100).toFixed(2);
