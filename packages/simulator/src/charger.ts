import { EventEmitter } from 'node:events';
import { OCPP_HEARTBEAT_INTERVAL_SECONDS, type OcppVersion } from '@wattdesk/shared';
import { ConfigurationStore } from './configuration.ts';
import type { ChargerParts } from './charger/handlers/context.ts';
import { registerHandlers } from './charger/handlers/index.ts';
import { ConnectionLifecycle } from './charger/lifecycle.ts';
import { ChargerLink } from './charger/link.ts';
import { Maintenance } from './charger/maintenance.ts';
import { DeviceModel } from './charger/ocpp201/device-model.ts';
import { registerHandlers201 } from './charger/ocpp201/handlers/index.ts';
import { ChargerRuntime } from './charger/runtime.ts';
import { Sessions } from './charger/sessions.ts';
import { ChargerState } from './charger/state.ts';
import { StatusReporter } from './charger/status.ts';
import type { ConnectorSnapshot, FirmwareFailure, ReceivedCommand, SimulatedChargerEvents, SimulatedChargerOptions } from './charger/types.ts';
import type {
  AuthorizeResponse,
  BootNotificationResponse,
  ChargePointErrorCode,
  ChargePointStatus,
  DataTransferResponse,
  DiagnosticsStatus,
  FirmwareStatus,
  HeartbeatResponse,
  Ocpp16Action,
  Ocpp16Request,
  Ocpp16Response,
  ReadingContext,
  StartTransactionResponse,
  StopReason,
  StopTransactionResponse,
} from '@wattdesk/shared/ocpp/ocpp16';
import type { Ocpp201Action, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';

export { nextFirmwareVersion } from './charger/maintenance.ts';
export {
  ChargerConnectionError,
  type ConnectorSnapshot,
  type FirmwareFailure,
  type MeterValuesEvent,
  type ReceivedCommand,
  type SessionStartedEvent,
  type SessionStoppedEvent,
  type SimulatedChargerEvents,
  type SimulatedChargerOptions,
} from './charger/types.ts';

/**
 * An OCPP 1.6J or 2.0.1 charging station: boots, reports connector status, runs sessions with realistic meter values,
 * and answers the central system's commands the way the specification asks.
 *
 * This class is the public face; the work is done by its parts in `charger/` (the connection, its life,
 * status, sessions, maintenance) and the command handlers in `charger/handlers/`, one module per group.
 * With `protocol: '2.0.1'` it offers both versions and speaks the one the server selects: the parts keep one
 * state in 1.6 terms and say it in 2.0.1 terms on a 2.0.1 connection (`charger/ocpp201/`), whose commands have
 * their own handlers (`charger/ocpp201/handlers/`). The methods below answer in 1.6 terms on either version.
 */
export class SimulatedCharger extends EventEmitter<SimulatedChargerEvents> {
  readonly chargerId: string;
  /** Every call the central system made, in order. */
  readonly received: ReceivedCommand[] = [];
  readonly configuration: ConfigurationStore;
  /** The 2.0.1 device model of a charger that offers 2.0.1 (its variables share values with the 1.6 configuration keys). */
  readonly deviceModel: DeviceModel | undefined;

  private readonly parts: ChargerParts;

  constructor(options: SimulatedChargerOptions) {
    super();
    this.chargerId = options.chargerId;
    this.configuration = new ConfigurationStore({
      heartbeatInterval: options.heartbeatIntervalSeconds ?? OCPP_HEARTBEAT_INTERVAL_SECONDS,
      meterValueSampleInterval: options.meterIntervalSeconds ?? 10,
      numberOfConnectors: Math.max(1, Math.floor(options.connectors ?? 1)),
    });
    const runtime = new ChargerRuntime(options, this.configuration, this);
    const link = new ChargerLink(runtime);
    const state = new ChargerState(runtime);
    const status = new StatusReporter(runtime, link, state);
    const sessions = new Sessions(runtime, link, state, status);
    const lifecycle = new ConnectionLifecycle(runtime, link, state, status, sessions);
    const maintenance = new Maintenance(runtime, link, state, lifecycle);
    this.parts = { runtime, link, state, status, sessions, lifecycle, maintenance };
    const record = (method: string, params: unknown) => this.record(method, params);
    // Only a charger that offers 2.0.1 carries its device model and handlers (a load test runs thousands of 1.6 ones).
    if (options.protocol === '2.0.1') {
      this.deviceModel = new DeviceModel(runtime, state, {
        heartbeatIntervalChanged: () => lifecycle.restartHeartbeat(),
        meterIntervalChanged: () => sessions.restartMeterLoops(),
      });
      registerHandlers201({ ...this.parts, deviceModel: this.deviceModel }, record);
    }
    registerHandlers(this.parts, record);
  }

  // ── State ──────────────────────────────────────────────────────────────

  get connected(): boolean {
    return this.parts.link.connected;
  }

  /** The OCPP version the server selected on the last connection (before one: the version the charger prefers). */
  get protocol(): OcppVersion {
    return this.parts.link.version;
  }

  get connectorCount(): number {
    return this.parts.state.connectors.length;
  }

  get firmwareVersion(): string {
    return this.parts.state.firmwareVersion;
  }

  /** Where the next UpdateFirmware fails ('download' or 'install'); undefined: it succeeds. */
  get firmwareFailure(): FirmwareFailure | undefined {
    return this.parts.maintenance.failure;
  }

  set firmwareFailure(failure: FirmwareFailure | undefined) {
    this.parts.maintenance.failure = failure;
  }

  /** The last BootNotification answer. */
  get bootResponse(): BootNotificationResponse | undefined {
    return this.parts.lifecycle.bootResponse;
  }

  get heartbeatIntervalSeconds(): number {
    return this.parts.runtime.heartbeatIntervalSeconds;
  }

  get meterIntervalSeconds(): number {
    return this.parts.runtime.meterIntervalSeconds;
  }

  /** Connector 0 (the whole charger) and each connector, as last reported. */
  get chargerStatus(): ChargePointStatus {
    return this.parts.state.main.status;
  }

  connector(connectorId = 1): ConnectorSnapshot {
    return this.parts.state.snapshot(connectorId);
  }

  get connectors(): ConnectorSnapshot[] {
    return this.parts.state.connectors.map((c) => this.connector(c.id));
  }

  activeTransactionId(connectorId = 1): number | undefined {
    return this.parts.state.connectorOf(connectorId).transactionId;
  }

  /** On a 2.0.1 connection, the UUID the charger gave the running transaction (activeTransactionId is its own number). */
  transactionUuid(connectorId = 1): string | undefined {
    return this.parts.sessions.transactions201.idOf(this.parts.state.connectorOf(connectorId).transactionId);
  }

  /** A connector a session can start on now: operative, not faulted, nothing running. */
  isFree(connectorId = 1): boolean {
    return this.parts.state.isFree(this.parts.state.connectorOf(connectorId));
  }

  // ── Connection ─────────────────────────────────────────────────────────

  /** Opens the connection, boots, reports every connector and starts heartbeats; resolves with the boot answer. */
  connect(): Promise<BootNotificationResponse> {
    return this.parts.lifecycle.connect();
  }

  /** Closes the connection cleanly; with stopSessions, running sessions are ended first. */
  close(options: { stopSessions?: boolean; reason?: StopReason } = {}): Promise<void> {
    return this.parts.lifecycle.close(options);
  }

  /** Drops the socket without a close handshake, like a lost network; with `reconnect`, the charger comes back. */
  disconnectAbruptly(): void {
    this.parts.link.terminate();
  }

  // ── Messages the charger sends ─────────────────────────────────────────

  boot(): Promise<BootNotificationResponse> {
    return this.parts.lifecycle.boot();
  }

  heartbeat(): Promise<HeartbeatResponse> {
    return this.parts.lifecycle.heartbeat();
  }

  /** Records and reports a connector's status (connector 0 is the charger as a whole). */
  setStatus(connectorId: number, status: ChargePointStatus, errorCode: ChargePointErrorCode = 'NoError', info?: string): Promise<void> {
    return this.parts.status.set(connectorId, status, errorCode, info);
  }

  authorize(idTag: string): Promise<AuthorizeResponse> {
    return this.parts.sessions.authorize(idTag);
  }

  /** Preparing → StartTransaction → Charging, then MeterValues every meterIntervalSeconds until stopped. */
  async startSession(options: { connectorId?: number; idTag: string; meterStart?: number }): Promise<StartTransactionResponse> {
    return this.parts.sessions.start(options);
  }

  /** One MeterValues sample now (with the transaction id while a session runs). */
  sendMeterValues(connectorId = 1, context: ReadingContext = 'Sample.Periodic'): Promise<void> {
    return this.parts.sessions.sendMeterValues(connectorId, context);
  }

  /** StopTransaction with the final reading, then Finishing → Available (or Unavailable when scheduled). */
  async stopSession(options: { connectorId?: number; reason?: StopReason; idTag?: string } = {}): Promise<StopTransactionResponse> {
    return this.parts.sessions.stop(options);
  }

  /** Reports a fault; a running session draws no power until the fault clears. */
  fault(connectorId: number, errorCode: ChargePointErrorCode = 'GroundFailure', info?: string): Promise<void> {
    return this.parts.sessions.fault(connectorId, errorCode, info);
  }

  clearFault(connectorId: number): Promise<void> {
    return this.parts.sessions.clearFault(connectorId);
  }

  dataTransfer(vendorId: string, messageId?: string, data?: string): Promise<DataTransferResponse> {
    return this.parts.link.send('DataTransfer', {
      vendorId,
      ...(messageId ? { messageId } : {}),
      ...(data !== undefined ? { data } : {}),
    });
  }

  diagnosticsStatus(status: DiagnosticsStatus): Promise<void> {
    return this.parts.maintenance.diagnosticsStatus(status);
  }

  firmwareStatus(status: FirmwareStatus): Promise<void> {
    return this.parts.maintenance.firmwareStatus(status);
  }

  /** Any call, validated against the OCPP 1.6 schemas before it leaves. */
  call<A extends Ocpp16Action>(method: A, params: Ocpp16Request<A>): Promise<Ocpp16Response<A>> {
    return this.parts.link.send(method, params);
  }

  /** Any 2.0.1 call, validated against the 2.0.1 schemas before it leaves (the server must have selected 2.0.1). */
  call201<A extends Ocpp201Action>(method: A, params: Ocpp201Request<A>): Promise<Ocpp201Response<A>> {
    return this.parts.link.send201(method, params);
  }

  /**
   * Sends `[2, id, method, params]` as is, without client-side validation, for testing how the server treats
   * bad payloads. Resolves with the CALLRESULT payload; rejects with an RPCError whose `rpcErrorCode` is the
   * CALLERROR's code (FormationViolation, TypeConstraintViolation, PropertyConstraintViolation…).
   */
  callUnchecked(method: string, params: unknown): Promise<unknown> {
    return this.parts.link.callUnchecked(method, params);
  }

  private record(method: string, params: unknown): void {
    const command: ReceivedCommand = { method, params, at: new Date() };
    this.received.push(command);
    this.emit('command', command);
  }
}
