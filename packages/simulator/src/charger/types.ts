import type {
  AvailabilityType,
  BootNotificationResponse,
  ChargePointErrorCode,
  ChargePointStatus,
  DiagnosticsStatus,
  FirmwareStatus,
  HeartbeatResponse,
  IdTagInfo,
  StopReason,
} from '@wattdesk/shared/ocpp/ocpp16';

import type { OcppVersion } from '@wattdesk/shared';

export type SimulatedChargerOptions = {
  /** The product's base URL (http://localhost:3000) or its WebSocket base; `/ocpp/{chargerId}` is appended. */
  url: string;
  chargerId: string;
  /** HTTP Basic password (security profile 1); the username is the charger id. */
  password?: string;
  /**
   * The OCPP version the charger prefers (default 1.6). A 2.0.1 charger offers ocpp2.0.1 and ocpp1.6 and speaks
   * whichever the server selects, so it still works with a server that knows only 1.6.
   */
  protocol?: OcppVersion;
  /** Number of connectors (default 1; in 2.0.1 each is an EVSE with one connector). */
  connectors?: number;
  vendor?: string;
  model?: string;
  serialNumber?: string;
  firmwareVersion?: string;
  /** Seconds between MeterValues while a session runs (default 10; fractions allowed for tests). */
  meterIntervalSeconds?: number;
  /** Overrides the interval the BootNotification answer gives. */
  heartbeatIntervalSeconds?: number;
  /** Rated power (default 7.2 kW). */
  powerKw?: number;
  /** Reconnect with backoff when the connection drops (default false). */
  reconnect?: boolean;
  /** Send Heartbeat on the interval (default true). */
  autoHeartbeat?: boolean;
  /** How long a call waits for its answer (default 30 s). */
  callTimeoutMs?: number;
  /** Source of randomness (default Math.random); pass a seeded one for repeatable runs. */
  random?: () => number;
  /** Simulated seconds per real second for energy and state of charge (default 1). */
  timeScale?: number;
  /** Pause between the steps of diagnostics uploads, firmware updates and reboots (default 1000 ms). */
  stepDelayMs?: number;
  /** Energy register at start, per connector (default: a random reading between 50 and 1,500 kWh). */
  initialEnergyWh?: number;
  /** Validate calls and answers against the schemas of the version spoken on this side too (default true; load tests turn it off). */
  strictMode?: boolean;
  /** Fire the first heartbeat and meter tick at a random point of their interval, so a fleet's load is even (default false). */
  jitterTimers?: boolean;
  /**
   * The charger's own clock (epoch ms) for its timestamps and meter (default Date.now): a test can run a
   * session at another time of day, e.g. across a rate period boundary, without waiting for it.
   */
  clock?: () => number;
  /** UpdateFirmware fails at this step (DownloadFailed / InstallationFailed); settable later as `firmwareFailure`. */
  firmwareFailure?: FirmwareFailure;
};

export type FirmwareFailure = 'download' | 'install';

/** A call the central system made to this charger. */
export type ReceivedCommand = { method: string; params: unknown; at: Date };

export type ConnectorSnapshot = {
  connectorId: number;
  status: ChargePointStatus;
  errorCode: ChargePointErrorCode;
  availability: AvailabilityType;
  /** Set when a ChangeAvailability waits for the running session to end. */
  scheduledAvailability: AvailabilityType | null;
  transactionId: number | null;
  idTag: string | null;
  meterStartWh: number | null;
  energyWh: number;
  powerW: number;
  soc: number | null;
};

export type SessionStartedEvent = { connectorId: number; transactionId: number; idTag: string; meterStartWh: number; idTagInfo: IdTagInfo };
export type SessionStoppedEvent = { connectorId: number; transactionId: number; meterStopWh: number; energyWh: number; reason: StopReason };
export type MeterValuesEvent = { connectorId: number; transactionId: number | undefined; energyWh: number; powerW: number; soc: number | undefined };

export type RebootReason = 'Soft' | 'Hard' | 'Firmware';

export type SimulatedChargerEvents = {
  connected: [];
  disconnected: [{ code: number | undefined; reason: string | undefined }];
  booted: [BootNotificationResponse];
  status: [{ connectorId: number; status: ChargePointStatus; errorCode: ChargePointErrorCode; info: string | undefined }];
  heartbeat: [HeartbeatResponse];
  sessionStarted: [SessionStartedEvent];
  sessionStopped: [SessionStoppedEvent];
  meterValues: [MeterValuesEvent];
  command: [ReceivedCommand];
  rebooting: [{ reason: RebootReason }];
  diagnosticsStatus: [DiagnosticsStatus];
  firmwareStatus: [FirmwareStatus];
  /** Every call this charger made, with how long its answer took (for load tests). */
  callCompleted: [{ method: string; durationMs: number; ok: boolean }];
  /** Something failed in the background (a timer's call, a command's follow-up); the charger keeps going. */
  warning: [Error];
};

/** The server refused or could not be reached; `status` is the HTTP status of a refused upgrade (401, 404…). */
export class ChargerConnectionError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'ChargerConnectionError';
  }
}
