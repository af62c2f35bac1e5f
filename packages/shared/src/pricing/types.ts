import type { DayFilterKey } from '../constants.ts';

/**
 * One time-of-use period: the hours [startHour, endHour) of the chosen days, in the location's local time.
 * endHour ≤ startHour wraps past midnight within the same days (22 → 6 is 10 PM–12 AM and 12 AM–6 AM);
 * startHour = endHour is the whole day.
 */
export type RatePeriod = {
  days: DayFilterKey;
  startHour: number;
  endHour: number;
  /** Price per kWh, micros of the major unit. */
  energyPriceMicros: number;
  /** Price per hour of charging (not idle), micros of the major unit; null when time is free. */
  timePriceMicros: number | null;
};

/** Local hours in which no idle fee runs, e.g. overnight. */
export type HourWindow = { startHour: number; endHour: number };

export type IdleFeeSettings = {
  enabled: boolean;
  /** Minor units per minute of idle time after the grace period. */
  pricePerMinute: number;
  graceMinutes: number;
  /** At most this much idle fee per local day (minor units); null: no cap. */
  dailyCap: number | null;
  freeHours: HourWindow | null;
};

export const VIOLATION_RULES = ['max-stay', 'idle-limit'] as const;
export type ViolationRule = (typeof VIOLATION_RULES)[number];

/** Minutes from the duration choices; fees in minor units. */
export type ViolationRules = {
  maxStay: { minutes: number; fee: number } | null;
  idleLimit: { minutes: number; fee: number } | null;
};

/** Everything a session is priced with: one version of a location's tariff. */
export type Tariff = {
  currency: string;
  periods: readonly RatePeriod[];
  /** Flat fee per session, minor units (the location's own, or the network default when it sets none). */
  sessionFee: number;
  idleFee: IdleFeeSettings;
  violationRules: ViolationRules;
};

/** What a session used: times in epoch milliseconds, meter readings in Wh as the charger counted them. */
export type SessionUsage = {
  startedAt: number;
  /** The stop, or now for a running session. */
  endedAt: number;
  meterStartWh: number;
  meterEndWh: number;
  samples: readonly { at: number; energyWh: number | null }[];
  /** Connector statuses reported while the session was open, in any order. */
  statuses: readonly { at: number; status: string }[];
};

export const LINE_ITEM_KINDS = ['energy', 'time', 'idle', 'session-fee', 'violation'] as const;
export type LineItemKind = (typeof LINE_ITEM_KINDS)[number];

/**
 * What a line's words are made of, so that each reader's language can word it (issue 44); `description` is its
 * English, kept for what reads it as text (exports, OCPI, items stored before this).
 */
export type LineItemDetail =
  | { period: Pick<RatePeriod, 'days' | 'startHour' | 'endHour'> }
  | { idle: { date: string; graceMinutes: number; freeHours: HourWindow | null; capped: boolean } };

export type LineItem = {
  kind: LineItemKind;
  description: string;
  /** Null where the kind and rule say it all (session fee, violations). */
  detail: LineItemDetail | null;
  /** kWh, hours, minutes, or 1 session/violation. */
  quantity: number;
  unit: 'kWh' | 'h' | 'min' | 'session';
  /** The period priced (energy, time), or null. */
  periodIndex: number | null;
  /** The rule broken (violation items), or null. */
  rule: ViolationRule | null;
  /** Minor units. */
  amount: number;
};

export type SessionPrice = {
  currency: string;
  /** Minor units: the sum of the items' amounts. */
  total: number;
  items: LineItem[];
  energyWh: number;
  chargingSeconds: number;
  idleSeconds: number;
  violations: { rule: ViolationRule; amount: number; limitMinutes: number; actualMinutes: number }[];
};
