import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { OCPP_HEARTBEAT_INTERVAL_SECONDS, OCPP_SUBPROTOCOL } from '@wattdesk/shared';
import { RPCClient, createRPCError, type IHandlersOption, type RPCError } from 'ocpp-rpc';
import { ConfigurationStore } from './configuration.ts';
import { ocppEndpoint } from './endpoint.ts';
import { ConnectorMeter } from './meter.ts';
import type {
  AuthorizeResponse,
  AvailabilityType,
  BootNotificationRequest,
  BootNotificationResponse,
  ChangeAvailabilityRequest,
  ChangeConfigurationRequest,
  ChargePointErrorCode,
  ChargePointStatus,
  DataTransferResponse,
  DiagnosticsStatus,
  FirmwareStatus,
  GetConfigurationRequest,
  GetDiagnosticsRequest,
  HeartbeatResponse,
  IdTagInfo,
  MeterValue,
  MeterValuesRequest,
  ReadingContext,
  RemoteStartTransactionRequest,
  RemoteStopTransactionRequest,
  ResetRequest,
  StartTransactionResponse,
  StatusNotificationRequest,
  StopReason,
  StopTransactionRequest,
  StopTransactionResponse,
  TriggerMessageRequest,
  UnlockConnectorRequest,
  UpdateFirmwareRequest,
} from './ocpp-types.ts';

export type SimulatedChargerOptions = {
  /** The product's base URL (http://localhost:3000) or its WebSocket base; `/ocpp/{chargerId}` is appended. */
  url: string;
  chargerId: string;
  /** HTTP Basic password (security profile 1); the username is the charger id. */
  password?: string;
  /** Number of connectors (default 1). */
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
  /** Validate calls and answers against the OCPP 1.6 schemas on this side too (default true; load tests turn it off). */
  strictMode?: boolean;
  /** Fire the first heartbeat and meter tick at a random point of their interval, so a fleet's load is even (default false). */
  jitterTimers?: boolean;
};

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
  rebooting: [{ reason: 'Soft' | 'Hard' | 'Firmware' }];
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

type ClientOptions = ConstructorParameters<typeof RPCClient>[0];

/** ocpp-rpc's client, with a way to drop the socket the way a lost network does (no close handshake). */
class ChargerClient extends RPCClient {
  terminateSocket(): void {
    this._ws?.terminate();
  }
}

type Connector = {
  id: number;
  status: ChargePointStatus;
  errorCode: ChargePointErrorCode;
  info: string | undefined;
  availability: AvailabilityType;
  scheduledAvailability: AvailabilityType | undefined;
  /** A session is starting, running or stopping here. */
  busy: boolean;
  stopping: boolean;
  transactionId: number | undefined;
  idTag: string | undefined;
  meterStartWh: number | undefined;
  meter: ConnectorMeter;
  meterTimer: (() => void) | undefined;
};

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';
const DEFAULT_RATED_KW = 7.2;

/** The firmware version an UpdateFirmware location names (…/wattdesk-2.1.0.bin), or the current one with its last number bumped. */
export const nextFirmwareVersion = (location: string, current: string): string => {
  let path = location;
  try {
    path = new URL(location).pathname;
  } catch {
    path = location.split(/[?#]/)[0] ?? '';
  }
  const file = path.split('/').filter(Boolean).at(-1) ?? '';
  const named = file.match(/\d+(?:\.\d+)+/g)?.at(-1);
  if (named) return named.slice(0, 50);
  const bumped = current.replace(/(\d+)(?!.*\d)/, (digits) => String(Number(digits) + 1));
  return (bumped === current ? `${current}-1` : bumped).slice(0, 50);
};

/**
 * An OCPP 1.6J charge point: boots, reports connector status, runs sessions with realistic meter values,
 * and answers the central system's commands the way the specification asks.
 */
export class SimulatedCharger extends EventEmitter<SimulatedChargerEvents> {
  readonly chargerId: string;
  /** Every call the central system made, in order. */
  readonly received: ReceivedCommand[] = [];
  readonly configuration: ConfigurationStore;

  private readonly client: ChargerClient;
  private readonly options: SimulatedChargerOptions;
  private readonly random: () => number;
  private readonly connectorList: Connector[];
  private mainStatus: ChargePointStatus = 'Available';
  private mainErrorCode: ChargePointErrorCode = 'NoError';
  private mainAvailability: AvailabilityType = 'Operative';
  private mainScheduledAvailability: AvailabilityType | undefined;
  private currentFirmware: string;
  private diagnostics: DiagnosticsStatus = 'Idle';
  private firmware: FirmwareStatus = 'Idle';
  private isConnected = false;
  private connecting = false;
  private everAccepted = false;
  private lastBoot: BootNotificationResponse | undefined;
  private heartbeatTimer: (() => void) | undefined;
  private bootRetryTimer: NodeJS.Timeout | undefined;
  private lifetime = new AbortController();
  /** Messages that must not be lost (StopTransaction, upload and firmware progress), held while offline. */
  private readonly offlineQueue: { method: string; params: object }[] = [];

  constructor(options: SimulatedChargerOptions) {
    super();
    this.options = options;
    this.chargerId = options.chargerId;
    this.random = options.random ?? Math.random;
    this.currentFirmware = options.firmwareVersion ?? '1.4.2';
    const count = Math.max(1, Math.floor(options.connectors ?? 1));
    this.connectorList = Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      status: 'Available',
      errorCode: 'NoError',
      info: undefined,
      availability: 'Operative',
      scheduledAvailability: undefined,
      busy: false,
      stopping: false,
      transactionId: undefined,
      idTag: undefined,
      meterStartWh: undefined,
      meterTimer: undefined,
      meter: new ConnectorMeter({
        powerKw: options.powerKw ?? DEFAULT_RATED_KW,
        random: this.random,
        timeScale: options.timeScale ?? 1,
        initialEnergyWh: options.initialEnergyWh ?? Math.round(50_000 + this.random() * 1_450_000),
      }),
    }));
    this.configuration = new ConfigurationStore({
      heartbeatInterval: options.heartbeatIntervalSeconds ?? OCPP_HEARTBEAT_INTERVAL_SECONDS,
      meterValueSampleInterval: options.meterIntervalSeconds ?? 10,
      numberOfConnectors: count,
    });
    const clientOptions: Partial<ClientOptions> = {
      identity: options.chargerId,
      endpoint: ocppEndpoint(options.url),
      password: options.password ?? null,
      protocols: [OCPP_SUBPROTOCOL],
      strictMode: options.strictMode ?? true,
      reconnect: options.reconnect ?? false,
      callTimeoutMs: options.callTimeoutMs ?? 30_000,
      backoff: { initialDelay: 500, maxDelay: 15_000, factor: 2, randomisationFactor: 0.25 },
    };
    this.client = new ChargerClient(clientOptions as ClientOptions);
    this.client.on('open', () => {
      if (!this.connecting) this.onReconnected();
    });
    this.client.on('disconnect', (event: { code?: number; reason?: string }) => this.onDisconnected(event.code, event.reason));
    this.client.on('close', (event: { code?: number; reason?: string }) => this.onDisconnected(event.code, event.reason));
    this.registerHandlers();
  }

  // ── State ──────────────────────────────────────────────────────────────

  get connected(): boolean {
    return this.isConnected;
  }

  get connectorCount(): number {
    return this.connectorList.length;
  }

  get firmwareVersion(): string {
    return this.currentFirmware;
  }

  /** The last BootNotification answer. */
  get bootResponse(): BootNotificationResponse | undefined {
    return this.lastBoot;
  }

  get heartbeatIntervalSeconds(): number {
    return this.configuration.getNumber('HeartbeatInterval') ?? OCPP_HEARTBEAT_INTERVAL_SECONDS;
  }

  get meterIntervalSeconds(): number {
    return this.configuration.getNumber('MeterValueSampleInterval') ?? 10;
  }

  /** Connector 0 (the whole charger) and each connector, as last reported. */
  get chargerStatus(): ChargePointStatus {
    return this.mainStatus;
  }

  connector(connectorId = 1): ConnectorSnapshot {
    const c = this.connectorOf(connectorId);
    return {
      connectorId: c.id,
      status: c.status,
      errorCode: c.errorCode,
      availability: c.availability,
      scheduledAvailability: c.scheduledAvailability ?? null,
      transactionId: c.transactionId ?? null,
      idTag: c.idTag ?? null,
      meterStartWh: c.meterStartWh ?? null,
      energyWh: c.meter.energyWh,
      powerW: Math.round(c.meter.currentPowerW),
      soc: c.meter.stateOfCharge ?? null,
    };
  }

  get connectors(): ConnectorSnapshot[] {
    return this.connectorList.map((c) => this.connector(c.id));
  }

  activeTransactionId(connectorId = 1): number | undefined {
    return this.connectorOf(connectorId).transactionId;
  }

  /** A connector a session can start on now: operative, not faulted, nothing running. */
  isFree(connectorId = 1): boolean {
    const c = this.connectorOf(connectorId);
    return !c.busy && c.availability === 'Operative' && (c.status === 'Available' || c.status === 'Preparing');
  }

  // ── Connection ─────────────────────────────────────────────────────────

  /** Opens the connection, boots, reports every connector and starts heartbeats; resolves with the boot answer. */
  async connect(): Promise<BootNotificationResponse> {
    if (this.lifetime.signal.aborted) this.lifetime = new AbortController();
    this.connecting = true;
    try {
      await this.client.connect();
    } catch (error) {
      throw this.connectionError(error);
    } finally {
      this.connecting = false;
    }
    this.setConnected(true);
    return this.bootSequence();
  }

  /** Closes the connection cleanly; with stopSessions, running sessions are ended first. */
  async close(options: { stopSessions?: boolean; reason?: StopReason } = {}): Promise<void> {
    if (options.stopSessions && this.isConnected) {
      await this.stopAllSessions(options.reason ?? 'Other').catch((error: unknown) => this.warn(error));
    }
    this.lifetime.abort();
    this.stopTimers();
    await this.client.close({ code: 1000, reason: 'Charger shutting down' });
    this.setConnected(false);
  }

  /** Drops the socket without a close handshake, like a lost network; with `reconnect`, the charger comes back. */
  disconnectAbruptly(): void {
    this.client.terminateSocket();
  }

  // ── Messages the charger sends ─────────────────────────────────────────

  async boot(): Promise<BootNotificationResponse> {
    const params: BootNotificationRequest = {
      chargePointVendor: (this.options.vendor ?? 'Wattdesk').slice(0, 20),
      chargePointModel: (this.options.model ?? defaultModel(this.options.powerKw ?? DEFAULT_RATED_KW)).slice(0, 20),
      firmwareVersion: this.currentFirmware.slice(0, 50),
      ...(this.options.serialNumber ? { chargePointSerialNumber: this.options.serialNumber.slice(0, 25) } : {}),
    };
    const answer = await this.send<BootNotificationResponse>('BootNotification', params);
    this.lastBoot = answer;
    if (answer.status === 'Accepted' && this.options.heartbeatIntervalSeconds === undefined) {
      this.configuration.setInternal('HeartbeatInterval', answer.interval > 0 ? answer.interval : OCPP_HEARTBEAT_INTERVAL_SECONDS);
      if (this.heartbeatTimer) this.startHeartbeat();
    }
    return answer;
  }

  async heartbeat(): Promise<HeartbeatResponse> {
    const answer = await this.send<HeartbeatResponse>('Heartbeat', {});
    this.emit('heartbeat', answer);
    return answer;
  }

  /** Records and reports a connector's status (connector 0 is the charger as a whole). */
  async setStatus(connectorId: number, status: ChargePointStatus, errorCode: ChargePointErrorCode = 'NoError', info?: string): Promise<void> {
    if (connectorId === 0) {
      this.mainStatus = status;
      this.mainErrorCode = errorCode;
    } else {
      const c = this.connectorOf(connectorId);
      c.status = status;
      c.errorCode = errorCode;
      c.info = info;
    }
    const params: StatusNotificationRequest = {
      connectorId,
      status,
      errorCode,
      ...(info ? { info: info.slice(0, 50) } : {}),
      timestamp: new Date().toISOString(),
    };
    await this.send('StatusNotification', params);
    this.emit('status', { connectorId, status, errorCode, info });
  }

  async authorize(idTag: string): Promise<AuthorizeResponse> {
    return this.send<AuthorizeResponse>('Authorize', { idTag });
  }

  /** Preparing → StartTransaction → Charging, then MeterValues every meterIntervalSeconds until stopped. */
  async startSession(options: { connectorId?: number; idTag: string; meterStart?: number }): Promise<StartTransactionResponse> {
    const c = this.connectorOf(options.connectorId ?? 1);
    if (!this.isFree(c.id)) {
      throw new Error(`${this.chargerId}: connector ${c.id} cannot start a session (${c.status}, ${c.availability}${c.transactionId ? `, transaction ${c.transactionId}` : ''})`);
    }
    c.busy = true;
    return this.runSession(c, options.idTag, options.meterStart);
  }

  /** One MeterValues sample now (with the transaction id while a session runs). */
  async sendMeterValues(connectorId = 1, context: ReadingContext = 'Sample.Periodic'): Promise<void> {
    const c = this.connectorOf(connectorId);
    const transactionId = c.stopping ? undefined : c.transactionId;
    const sample = c.meter.sample(Date.now(), context);
    const params: MeterValuesRequest = { connectorId, ...(transactionId !== undefined ? { transactionId } : {}), meterValue: [sample] };
    await this.send('MeterValues', params);
    this.emit('meterValues', { connectorId, transactionId, energyWh: c.meter.energyWh, powerW: Math.round(c.meter.currentPowerW), soc: c.meter.stateOfCharge });
  }

  /** StopTransaction with the final reading, then Finishing → Available (or Unavailable when scheduled). */
  async stopSession(options: { connectorId?: number; reason?: StopReason; idTag?: string } = {}): Promise<StopTransactionResponse> {
    const c = this.connectorOf(options.connectorId ?? 1);
    const transactionId = c.transactionId;
    if (transactionId === undefined || c.stopping) throw new Error(`${this.chargerId}: no session to stop on connector ${c.id}`);
    const reason = options.reason ?? 'Local';
    const idTag = options.idTag ?? (reason === 'Local' ? c.idTag : undefined);
    return this.finishSession(c, reason, idTag);
  }

  /** Reports a fault; a running session draws no power until the fault clears. */
  async fault(connectorId: number, errorCode: ChargePointErrorCode = 'GroundFailure', info?: string): Promise<void> {
    if (connectorId !== 0) this.connectorOf(connectorId).meter.setSuspended(true, Date.now());
    await this.setStatus(connectorId, 'Faulted', errorCode, info);
  }

  async clearFault(connectorId: number): Promise<void> {
    if (connectorId === 0) {
      await this.setStatus(0, this.idleMainStatus());
      return;
    }
    const c = this.connectorOf(connectorId);
    c.meter.setSuspended(false, Date.now());
    await this.setStatus(connectorId, c.transactionId !== undefined && !c.stopping ? 'Charging' : this.idleStatus(c, { ignoreFault: true }));
  }

  async dataTransfer(vendorId: string, messageId?: string, data?: string): Promise<DataTransferResponse> {
    return this.send<DataTransferResponse>('DataTransfer', { vendorId, ...(messageId ? { messageId } : {}), ...(data !== undefined ? { data } : {}) });
  }

  async diagnosticsStatus(status: DiagnosticsStatus): Promise<void> {
    await this.sendOrQueue('DiagnosticsStatusNotification', { status });
    this.diagnostics = status;
    this.emit('diagnosticsStatus', status);
  }

  async firmwareStatus(status: FirmwareStatus): Promise<void> {
    await this.sendOrQueue('FirmwareStatusNotification', { status });
    this.firmware = status;
    this.emit('firmwareStatus', status);
  }

  /** Any call, validated against the OCPP 1.6 schemas before it leaves. */
  async call(method: string, params: object): Promise<unknown> {
    return this.send(method, params);
  }

  /**
   * Sends `[2, id, method, params]` as is, without client-side validation, for testing how the server treats
   * bad payloads. Resolves with the CALLRESULT payload; rejects with an RPCError whose `rpcErrorCode` is the
   * CALLERROR's code (FormationViolation, TypeConstraintViolation, PropertyConstraintViolation…).
   */
  callUnchecked(method: string, params: unknown): Promise<unknown> {
    const messageId = randomUUID();
    const timeoutMs = this.options.callTimeoutMs ?? 30_000;
    return new Promise((resolve, reject) => {
      const onMessage = (event: { message: string; outbound: boolean }) => {
        if (event.outbound) return;
        let frame: unknown;
        try {
          frame = JSON.parse(event.message);
        } catch {
          return;
        }
        if (!Array.isArray(frame) || frame[1] !== messageId) return;
        cleanup();
        if (frame[0] === 3) resolve(frame[2]);
        else if (frame[0] === 4) reject(rpcError(String(frame[2]), String(frame[3] ?? ''), frame[4]));
      };
      const onDisconnect = () => {
        cleanup();
        reject(new Error(`${method}: disconnected before an answer`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.client.off('message', onMessage);
        this.client.off('disconnect', onDisconnect);
      };
      this.client.on('message', onMessage);
      this.client.on('disconnect', onDisconnect);
      try {
        this.client.sendRaw(JSON.stringify([2, messageId, method, params]));
      } catch (error) {
        cleanup();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  // ── Internals: connection life ─────────────────────────────────────────

  private connectionError(error: unknown): ChargerConnectionError {
    const status = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : undefined;
    const where = `${this.chargerId} at ${ocppEndpoint(this.options.url)}/${encodeURIComponent(this.chargerId)}`;
    const message =
      status === 401
        ? `${where}: the server refused the connection (HTTP 401: wrong password or unknown charger)`
        : status === 404
          ? `${where}: the server refused the connection (HTTP 404: unknown charger id or wrong path)`
          : status !== undefined
            ? `${where}: the server refused the connection (HTTP ${status} ${errorMessage(error)})`
            : `${where}: could not connect (${errorMessage(error) || (error as { code?: unknown }).code})`;
    return new ChargerConnectionError(message, status, { cause: error });
  }

  private async bootSequence(): Promise<BootNotificationResponse> {
    clearTimeout(this.bootRetryTimer);
    const answer = await this.boot();
    if (answer.status === 'Accepted') {
      this.everAccepted = true;
      this.emit('booted', answer);
      await this.reportAllStatuses();
      await this.flushOfflineQueue();
      this.startHeartbeat();
    } else {
      // Pending or Rejected: try again after the interval the server asked for.
      const retryMs = (answer.interval > 0 ? answer.interval : 10) * 1000;
      this.bootRetryTimer = setTimeout(() => {
        if (this.isConnected) this.bootSequence().catch((error: unknown) => this.warn(error));
      }, retryMs);
    }
    return answer;
  }

  private onReconnected(): void {
    this.setConnected(true);
    void (async () => {
      if (!this.everAccepted) {
        await this.bootSequence();
        return;
      }
      await this.flushOfflineQueue();
      await this.reportAllStatuses();
      this.startHeartbeat();
    })().catch((error: unknown) => this.warn(error));
  }

  private onDisconnected(code: number | undefined, reason: string | undefined): void {
    this.heartbeatTimer?.();
    this.heartbeatTimer = undefined;
    clearTimeout(this.bootRetryTimer);
    if (!this.isConnected) return;
    this.isConnected = false;
    this.emit('disconnected', { code, reason });
  }

  private setConnected(connected: boolean): void {
    if (this.isConnected === connected) return;
    this.isConnected = connected;
    if (connected) this.emit('connected');
    else this.emit('disconnected', { code: undefined, reason: undefined });
  }

  private async reportAllStatuses(): Promise<void> {
    await this.setStatus(0, this.mainStatus === 'Faulted' ? 'Faulted' : this.idleMainStatus(), this.mainErrorCode);
    for (const c of this.connectorList) {
      const status = c.status === 'Faulted' ? 'Faulted' : c.transactionId !== undefined ? c.status : this.idleStatus(c);
      await this.setStatus(c.id, status, c.errorCode, c.info);
    }
  }

  private startHeartbeat(): void {
    this.heartbeatTimer?.();
    this.heartbeatTimer = undefined;
    if (this.options.autoHeartbeat === false || !this.isConnected) return;
    const seconds = this.heartbeatIntervalSeconds;
    if (!(seconds > 0)) return;
    this.heartbeatTimer = this.repeat(seconds * 1000, () => {
      if (this.isConnected) this.heartbeat().catch((error: unknown) => this.warn(error));
    });
  }

  /** setInterval, optionally with the first run at a random point of the first interval; returns its cancel. */
  private repeat(intervalMs: number, tick: () => void): () => void {
    if (!this.options.jitterTimers) {
      const timer = setInterval(tick, intervalMs);
      return () => clearInterval(timer);
    }
    let timer = setTimeout(() => {
      timer = setInterval(tick, intervalMs);
      tick();
    }, Math.round(this.random() * intervalMs));
    return () => clearTimeout(timer);
  }

  private stopTimers(): void {
    this.heartbeatTimer?.();
    this.heartbeatTimer = undefined;
    clearTimeout(this.bootRetryTimer);
    for (const c of this.connectorList) this.stopMeterLoop(c);
  }

  /** A reboot: end sessions, drop the connection, come back and boot (with the new firmware, after an update). */
  private async reboot(reason: 'Soft' | 'Hard' | 'Firmware'): Promise<void> {
    this.emit('rebooting', { reason });
    await this.stopAllSessions(reason === 'Hard' ? 'HardReset' : reason === 'Soft' ? 'SoftReset' : 'Reboot');
    this.stopTimers();
    await this.client.close({ code: 1012, reason: 'Rebooting' });
    this.setConnected(false);
    await this.pause(this.options.stepDelayMs ?? 1000);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.connect();
        return;
      } catch (error) {
        if (!this.options.reconnect || this.lifetime.signal.aborted) throw error;
        this.warn(error);
        await this.pause(Math.min(15_000, 500 * 2 ** attempt));
      }
    }
  }

  private async stopAllSessions(reason: StopReason): Promise<void> {
    for (const c of this.connectorList) {
      if (c.transactionId !== undefined && !c.stopping) await this.finishSession(c, reason, undefined);
    }
  }

  // ── Internals: sessions ────────────────────────────────────────────────

  private async runSession(c: Connector, idTag: string, meterStart: number | undefined): Promise<StartTransactionResponse> {
    let started = false;
    try {
      await this.setStatus(c.id, 'Preparing');
      const now = Date.now();
      c.meter.beginSession(now);
      const meterStartWh = meterStart ?? c.meter.energyWh;
      const answer = await this.send<StartTransactionResponse>('StartTransaction', {
        connectorId: c.id,
        idTag,
        meterStart: meterStartWh,
        timestamp: new Date(now).toISOString(),
      });
      started = true;
      c.transactionId = answer.transactionId;
      c.idTag = idTag;
      c.meterStartWh = meterStartWh;
      if (answer.idTagInfo.status !== 'Accepted' && this.configuration.getBoolean('StopTransactionOnInvalidId')) {
        await this.finishSession(c, 'DeAuthorized', undefined);
        return answer;
      }
      await this.setStatus(c.id, c.status === 'Faulted' ? 'Faulted' : 'Charging', c.errorCode);
      this.emit('sessionStarted', { connectorId: c.id, transactionId: answer.transactionId, idTag, meterStartWh, idTagInfo: answer.idTagInfo });
      this.startMeterLoop(c);
      return answer;
    } catch (error) {
      if (!started) {
        c.meter.endSession(Date.now());
        c.busy = false;
        if (this.isConnected && c.status === 'Preparing') await this.setStatus(c.id, this.idleStatus(c)).catch(() => undefined);
      }
      throw error;
    }
  }

  private async finishSession(c: Connector, reason: StopReason, idTag: string | undefined): Promise<StopTransactionResponse> {
    const transactionId = c.transactionId!;
    c.stopping = true;
    this.stopMeterLoop(c);
    const now = Date.now();
    const finalSample: MeterValue = c.meter.sample(now, 'Transaction.End');
    c.meter.endSession(now);
    const meterStopWh = c.meter.energyWh;
    const params: StopTransactionRequest = {
      transactionId,
      meterStop: meterStopWh,
      timestamp: new Date(now).toISOString(),
      reason,
      ...(idTag ? { idTag } : {}),
      transactionData: [finalSample],
    };
    const meterStartWh = c.meterStartWh ?? meterStopWh;
    const release = () => {
      c.transactionId = undefined;
      c.idTag = undefined;
      c.meterStartWh = undefined;
      c.stopping = false;
      c.busy = false;
      this.applyScheduledAvailability(c);
    };
    let answer: StopTransactionResponse;
    try {
      answer = await this.send<StopTransactionResponse>('StopTransaction', params);
    } catch (error) {
      // Offline: keep the stop for when the connection is back, as chargers must not lose transactions.
      if (!this.isConnected) this.offlineQueue.push({ method: 'StopTransaction', params });
      release();
      this.emit('sessionStopped', { connectorId: c.id, transactionId, meterStopWh, energyWh: meterStopWh - meterStartWh, reason });
      throw error;
    }
    release();
    this.emit('sessionStopped', { connectorId: c.id, transactionId, meterStopWh, energyWh: meterStopWh - meterStartWh, reason });
    if (c.status !== 'Faulted') {
      await this.setStatus(c.id, 'Finishing');
      await this.setStatus(c.id, this.idleStatus(c));
    }
    if (this.mainScheduledAvailability && this.connectorList.every((other) => !other.busy)) {
      this.mainAvailability = this.mainScheduledAvailability;
      this.mainScheduledAvailability = undefined;
      await this.setStatus(0, this.idleMainStatus());
    }
    return answer;
  }

  private startMeterLoop(c: Connector): void {
    this.stopMeterLoop(c);
    const seconds = this.meterIntervalSeconds;
    if (!(seconds > 0)) return;
    c.meterTimer = this.repeat(seconds * 1000, () => {
      if (this.isConnected && c.transactionId !== undefined && !c.stopping) {
        this.sendMeterValues(c.id).catch((error: unknown) => this.warn(error));
      }
    });
  }

  private stopMeterLoop(c: Connector): void {
    c.meterTimer?.();
    c.meterTimer = undefined;
  }

  private idleStatus(c: Connector, options: { ignoreFault?: boolean } = {}): ChargePointStatus {
    if (c.status === 'Faulted' && !options.ignoreFault) return 'Faulted';
    return c.availability === 'Inoperative' || this.mainAvailability === 'Inoperative' ? 'Unavailable' : 'Available';
  }

  private idleMainStatus(): ChargePointStatus {
    return this.mainAvailability === 'Inoperative' ? 'Unavailable' : 'Available';
  }

  private applyScheduledAvailability(c: Connector): void {
    if (c.scheduledAvailability) {
      c.availability = c.scheduledAvailability;
      c.scheduledAvailability = undefined;
    }
  }

  // ── Internals: commands from the central system ────────────────────────

  private registerHandlers(): void {
    const on = <P>(method: string, handler: (params: P) => Promise<Record<string, unknown>> | Record<string, unknown>) =>
      this.client.handle(method, async ({ params }: IHandlersOption) => {
        this.record(method, params);
        return handler(params as P);
      });

    on<ResetRequest>('Reset', ({ type }) => {
      this.afterReply(() => this.reboot(type));
      return { status: 'Accepted' };
    });

    on<UnlockConnectorRequest>('UnlockConnector', ({ connectorId }) => {
      const c = this.connectorList.find((candidate) => candidate.id === connectorId);
      if (!c) return { status: 'NotSupported' };
      if (c.transactionId !== undefined && !c.stopping) this.afterReply(() => this.finishSession(c, 'UnlockCommand', undefined));
      return { status: 'Unlocked' };
    });

    on<RemoteStartTransactionRequest>('RemoteStartTransaction', ({ idTag, connectorId }) => {
      const c =
        connectorId !== undefined
          ? this.connectorList.find((candidate) => candidate.id === connectorId && this.isFree(candidate.id))
          : this.connectorList.find((candidate) => this.isFree(candidate.id));
      if (!c) return { status: 'Rejected' };
      c.busy = true;
      this.afterReply(async () => {
        if (this.configuration.getBoolean('AuthorizeRemoteTxRequests')) {
          const { idTagInfo } = await this.authorize(idTag).catch((error: unknown) => {
            c.busy = false;
            throw error;
          });
          if (idTagInfo.status !== 'Accepted') {
            c.busy = false;
            return;
          }
        }
        await this.runSession(c, idTag, undefined);
      });
      return { status: 'Accepted' };
    });

    on<RemoteStopTransactionRequest>('RemoteStopTransaction', ({ transactionId }) => {
      const c = this.connectorList.find((candidate) => candidate.transactionId === transactionId && !candidate.stopping);
      if (!c) return { status: 'Rejected' };
      this.afterReply(() => this.finishSession(c, 'Remote', undefined));
      return { status: 'Accepted' };
    });

    on<ChangeAvailabilityRequest>('ChangeAvailability', ({ connectorId, type }) => this.changeAvailability(connectorId, type));

    on<GetDiagnosticsRequest>('GetDiagnostics', () => {
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
      const fileName = `${this.chargerId}-diagnostics-${stamp}.log`;
      this.afterReply(async () => {
        await this.diagnosticsStatus('Uploading');
        await this.pause(this.options.stepDelayMs ?? 1000);
        await this.diagnosticsStatus('Uploaded');
        this.diagnostics = 'Idle';
      });
      return { fileName };
    });

    on<UpdateFirmwareRequest>('UpdateFirmware', ({ location, retrieveDate }) => {
      this.afterReply(async () => {
        const step = this.options.stepDelayMs ?? 1000;
        await this.pause(Math.max(0, Date.parse(retrieveDate) - Date.now()));
        await this.firmwareStatus('Downloading');
        await this.pause(step);
        await this.firmwareStatus('Downloaded');
        await this.pause(step);
        await this.firmwareStatus('Installing');
        await this.pause(step);
        await this.firmwareStatus('Installed');
        this.currentFirmware = nextFirmwareVersion(location, this.currentFirmware);
        this.firmware = 'Idle';
        await this.reboot('Firmware');
      });
      return {};
    });

    on<TriggerMessageRequest>('TriggerMessage', ({ requestedMessage, connectorId }) => {
      if (connectorId !== undefined && (connectorId < 0 || connectorId > this.connectorList.length)) return { status: 'Rejected' };
      const targets = connectorId !== undefined && connectorId > 0 ? [connectorId] : this.connectorList.map((c) => c.id);
      const actions: Record<TriggerMessageRequest['requestedMessage'], () => Promise<unknown>> = {
        BootNotification: () => this.boot(),
        Heartbeat: () => this.heartbeat(),
        DiagnosticsStatusNotification: () => this.diagnosticsStatus(this.diagnostics),
        FirmwareStatusNotification: () => this.firmwareStatus(this.firmware),
        StatusNotification: async () => {
          if (connectorId === 0 || connectorId === undefined) await this.setStatus(0, this.mainStatus, this.mainErrorCode);
          if (connectorId === 0) return;
          for (const id of targets) {
            const c = this.connectorOf(id);
            await this.setStatus(id, c.status, c.errorCode, c.info);
          }
        },
        MeterValues: async () => {
          for (const id of targets) await this.sendMeterValues(id, 'Trigger');
        },
      };
      const action = actions[requestedMessage];
      if (!action) return { status: 'NotImplemented' };
      this.afterReply(action);
      return { status: 'Accepted' };
    });

    on<GetConfigurationRequest>('GetConfiguration', ({ key }) => this.configuration.list(key));

    on<ChangeConfigurationRequest>('ChangeConfiguration', ({ key, value }) => {
      const status = this.configuration.change(key, value);
      if (status === 'Accepted' && key === 'HeartbeatInterval' && this.heartbeatTimer) this.startHeartbeat();
      if (status === 'Accepted' && key === 'MeterValueSampleInterval') {
        for (const c of this.connectorList) if (c.meterTimer) this.startMeterLoop(c);
      }
      return { status };
    });

    on('ClearCache', () => ({ status: 'Accepted' }));
    on('GetLocalListVersion', () => ({ listVersion: 0 }));
    on('DataTransfer', () => ({ status: 'UnknownVendorId' }));
    on('ReserveNow', () => ({ status: 'Rejected' }));
    on('CancelReservation', () => ({ status: 'Rejected' }));

    this.client.handle(async ({ method, params }: IHandlersOption) => {
      this.record(method ?? '', params);
      throw createRPCError('NotImplemented', `${method} is not implemented by the simulator`);
    });
  }

  private changeAvailability(connectorId: number, type: AvailabilityType): { status: 'Accepted' | 'Rejected' | 'Scheduled' } {
    if (connectorId < 0 || connectorId > this.connectorList.length) return { status: 'Rejected' };
    const targets = connectorId === 0 ? this.connectorList : [this.connectorOf(connectorId)];
    const changed: Connector[] = [];
    let scheduled = false;
    for (const c of targets) {
      if (type === 'Inoperative' && c.busy) {
        c.scheduledAvailability = type;
        scheduled = true;
      } else {
        c.scheduledAvailability = undefined;
        if (c.availability !== type || c.status === 'Unavailable' || c.status === 'Available') changed.push(c);
        c.availability = type;
      }
    }
    const mainChanged = connectorId === 0;
    if (mainChanged) {
      if (scheduled) this.mainScheduledAvailability = type;
      else {
        this.mainAvailability = type;
        this.mainScheduledAvailability = undefined;
      }
    }
    this.afterReply(async () => {
      if (mainChanged && !scheduled) await this.setStatus(0, this.idleMainStatus());
      for (const c of changed) if (!c.busy && c.status !== 'Faulted') await this.setStatus(c.id, this.idleStatus(c));
    });
    return { status: scheduled ? 'Scheduled' : 'Accepted' };
  }

  private record(method: string, params: unknown): void {
    const command: ReceivedCommand = { method, params, at: new Date() };
    this.received.push(command);
    this.emit('command', command);
  }

  /** Runs a command's follow-up once its answer has been sent (OCPP wants the answer first). */
  private afterReply(action: () => Promise<unknown>): void {
    setImmediate(() => {
      action().catch((error: unknown) => {
        if (!isAbort(error)) this.warn(error);
      });
    });
  }

  private pause(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.lifetime.signal });
  }

  /** Sends now, or, while offline (a reboot, a lost network), keeps the message for when the connection is back. */
  private async sendOrQueue(method: string, params: object): Promise<void> {
    if (!this.isConnected) {
      this.offlineQueue.push({ method, params });
      return;
    }
    await this.send(method, params);
  }

  private async flushOfflineQueue(): Promise<void> {
    while (this.offlineQueue.length && this.isConnected) {
      const next = this.offlineQueue[0]!;
      await this.send(next.method, next.params);
      this.offlineQueue.shift();
    }
  }

  private async send<T = unknown>(method: string, params: object): Promise<T> {
    const started = performance.now();
    try {
      const answer = (await this.client.call(method, params)) as T;
      this.emit('callCompleted', { method, durationMs: performance.now() - started, ok: true });
      return answer;
    } catch (error) {
      this.emit('callCompleted', { method, durationMs: performance.now() - started, ok: false });
      throw error;
    }
  }

  private warn(error: unknown): void {
    this.emit('warning', error instanceof Error ? error : new Error(String(error)));
  }

  private connectorOf(connectorId: number): Connector {
    const c = this.connectorList[connectorId - 1];
    if (!c) throw new RangeError(`${this.chargerId} has no connector ${connectorId} (it has ${this.connectorList.length})`);
    return c;
  }
}

const defaultModel = (powerKw: number) => `Sim ${powerKw > 22 ? 'DC' : 'AC'} ${powerKw} kW`;

const rpcError = (code: string, message: string, details: unknown): RPCError => {
  const error = createRPCError(code, message, details ?? {}) as unknown as RPCError;
  // Codes ocpp-rpc has no class for keep their name.
  if (error.rpcErrorCode !== code) Object.assign(error, { rpcErrorCode: code });
  return error;
};
