/** Hour choices: 12 AM to 11 PM, values 0 to 23. */
export const HOUR_OPTIONS: readonly { value: number; label: string }[] = Array.from({ length: 24 }, (_, hour) => ({
  value: hour,
  label: `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`,
}));

/** Duration choices in hours. */
export const DURATION_HOURS = [0.25, 0.5, 0.75, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 18, 24, 36, 48, 72] as const;

export const MONTHS = [
  { key: 'january', name: 'January', abbreviation: 'Jan' },
  { key: 'february', name: 'February', abbreviation: 'Feb' },
  { key: 'march', name: 'March', abbreviation: 'Mar' },
  { key: 'april', name: 'April', abbreviation: 'Apr' },
  { key: 'may', name: 'May', abbreviation: 'May' },
  { key: 'june', name: 'June', abbreviation: 'Jun' },
  { key: 'july', name: 'July', abbreviation: 'Jul' },
  { key: 'august', name: 'August', abbreviation: 'Aug' },
  { key: 'september', name: 'September', abbreviation: 'Sep' },
  { key: 'october', name: 'October', abbreviation: 'Oct' },
  { key: 'november', name: 'November', abbreviation: 'Nov' },
  { key: 'december', name: 'December', abbreviation: 'Dec' },
] as const;
export type MonthKey = (typeof MONTHS)[number]['key'];

export const CARD_BRANDS = ['Visa', 'MasterCard', 'American Express', 'Discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'INACTIVE'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const MENU_ROLES = ['user', 'sub-user'] as const;
export type MenuRole = (typeof MENU_ROLES)[number];

export const DAY_FILTERS = [
  { key: 'all-days', label: 'All Days' },
  { key: 'weekdays', label: 'Weekdays' },
  { key: 'weekends', label: 'Weekends' },
] as const;
export type DayFilterKey = (typeof DAY_FILTERS)[number]['key'];

export const CHARGER_KINDS = ['dumb', 'smart', 'nift'] as const;
export type ChargerKind = (typeof CHARGER_KINDS)[number];

export const DIALOG_DEFAULT_WIDTH_PX = 600;
export const TOAST_AUTO_CLOSE_MS = 4000;

/** Session timing the spec takes from its sign-in library (section 9). */
export const SESSION_TIMING = {
  expireEarlySeconds: 30,
  renewalThrottleCount: 10,
  renewalThrottleWindowSeconds: 30,
  tabInactivitySeconds: 1800,
  popupTimeoutMs: 120_000,
  fingerprintTimeoutMs: 15_000,
  transactionStorageLifetimeMs: 1_800_000,
  chunkLoadTimeoutMs: 120_000,
  tokenBindingKey: { algorithm: 'RSA', modulusLength: 2048 },
} as const;

export const ENVIRONMENTS = ['master', 'local', 'staging', 'demo'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/**
 * A charger's state as the control center counts it. Maintenance (the network's choice) wins, then offline:
 * a charger that is not connected is offline, whatever it last reported.
 */
export const CHARGER_STATUSES = ['available', 'charging', 'offline', 'maintenance', 'faulted'] as const;
export type ChargerStatus = (typeof CHARGER_STATUSES)[number];

/** What a charger's own reports last said (its status were it connected): every status but offline. */
export const LAST_KNOWN_STATUSES = ['available', 'charging', 'maintenance', 'faulted'] as const satisfies readonly ChargerStatus[];
export type LastKnownStatus = (typeof LAST_KNOWN_STATUSES)[number];

/** OCPP 1.6J: the WebSocket path chargers connect to (`/ocpp/{chargerId}`) and the subprotocol they speak. */
export const OCPP_PATH = '/ocpp';
export const OCPP_SUBPROTOCOL = 'ocpp1.6';
/** The OCPP versions a charger may speak on that path, and the subprotocol each is offered under (issue 41). */
export const OCPP_VERSIONS = ['1.6', '2.0.1'] as const;
export type OcppVersion = (typeof OCPP_VERSIONS)[number];
export const OCPP_SUBPROTOCOL_OF_VERSION = { '1.6': 'ocpp1.6', '2.0.1': 'ocpp2.0.1' } as const satisfies Record<OcppVersion, string>;
/** Security profile 1 passwords (HTTP Basic), as the OCPP 1.6 security whitepaper bounds them. */
export const OCPP_PASSWORD_MIN_LENGTH = 16;
export const OCPP_PASSWORD_MAX_LENGTH = 40;
/** The password every demo charger is seeded with, so `npm run simulate` can connect to a fresh demo. */
export const DEMO_CHARGER_PASSWORD = 'wattdesk-demo-charger-key';
/** The heartbeat interval a BootNotification is accepted with. */
export const OCPP_HEARTBEAT_INTERVAL_SECONDS = 30;

/**
 * What a plan can include besides a number of chargers (decision 080). The plans themselves are configuration
 * (the API's plan catalogue), their prices are Stripe's; these are the features the product enforces, so a plan
 * never lists one it does not hold back.
 */
export const PLAN_FEATURES = ['firmware_campaigns', 'dynamic_power'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];
export const PLAN_FEATURE_LABELS = {
  firmware_campaigns: 'Firmware campaigns',
  dynamic_power: 'Dynamic power (DPO)',
} as const satisfies Record<PlanFeature, string>;

/**
 * What an unlicensed charger may still be sent from the dashboard (decision 080): whatever frees a driver.
 * Every other remote command, and firmware campaigns, need a valid licence seat.
 */
export const UNLICENSED_ALLOWED_COMMANDS = ['RemoteStopTransaction', 'UnlockConnector'] as const;

/** A software licence runs for this many months; renewing adds another term (decision 044). */
export const LICENSE_TERM_MONTHS = 12;
/** Seats one licence may hold. */
export const LICENSE_MAX_SEATS = 1_000;
/**
 * A newly registered charger may be commanded this many days before it needs a licence seat (decision 080):
 * a host adds the charger first and buys the seat in the following weeks.
 */
export const LICENSE_GRACE_DAYS = 30;

/** Connector types a charger can list; sessions count against the type at their connector. */
export const CONNECTOR_TYPES = ['J1772', 'NACS', 'CCS1', 'CCS2', 'CHAdeMO', 'Type 2'] as const;
