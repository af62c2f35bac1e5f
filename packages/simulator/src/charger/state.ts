import { ConnectorMeter } from '../meter.ts';
import { ChargingProfiles } from './charging-profiles.ts';
import type { AvailabilityType, ChargePointErrorCode, ChargePointStatus, DiagnosticsStatus, FirmwareStatus } from '@wattdesk/shared/ocpp/ocpp16';
import type { ChargerRuntime } from './runtime.ts';
import type { ConnectorSnapshot } from './types.ts';

export const DEFAULT_RATED_KW = 7.2;

export type Connector = {
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
  /** ReserveNow: until it expires only this idTag (or one with its parentIdTag) may start here. */
  reservation: Reservation | undefined;
};

export type Reservation = { reservationId: number; idTag: string; parentIdTag: string | undefined; expiresAt: number };

/** The charger as a whole (connector 0 in OCPP). */
type ChargePoint = {
  status: ChargePointStatus;
  errorCode: ChargePointErrorCode;
  availability: AvailabilityType;
  /** Set when a ChangeAvailability of the whole charger waits for running sessions to end. */
  scheduledAvailability: AvailabilityType | undefined;
};

/** The charge point's own state: its connectors, the charger as a whole, firmware and diagnostics. */
export class ChargerState {
  readonly connectors: Connector[];
  readonly main: ChargePoint = { status: 'Available', errorCode: 'NoError', availability: 'Operative', scheduledAvailability: undefined };
  firmwareVersion: string;
  diagnostics: DiagnosticsStatus = 'Idle';
  /** Smart charging: what the central system allows each connector to draw. */
  readonly profiles = new ChargingProfiles();
  firmware: FirmwareStatus = 'Idle';
  /**
   * The authorization cache's parentIdTags (OCPP 1.6 §3.5.1), by upper-cased idTag: what Authorize and
   * StartTransaction last answered, so a reservation made for a parentIdTag admits the tags grouped under it.
   */
  private readonly parents = new Map<string, string>();

  constructor(private readonly runtime: ChargerRuntime) {
    const { options, random } = runtime;
    this.firmwareVersion = options.firmwareVersion ?? '1.4.2';
    const count = Math.max(1, Math.floor(options.connectors ?? 1));
    this.connectors = Array.from({ length: count }, (_, index) => ({
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
      reservation: undefined,
      meter: new ConnectorMeter({
        powerKw: options.powerKw ?? DEFAULT_RATED_KW,
        random,
        timeScale: options.timeScale ?? 1,
        initialEnergyWh: options.initialEnergyWh ?? Math.round(50_000 + random() * 1_450_000),
        limitW: (nowMs) => this.profiles.limitW(index + 1, this.connectors[index]?.transactionId, nowMs),
      }),
    }));
  }

  connectorOf(connectorId: number): Connector {
    const c = this.connectors[connectorId - 1];
    if (!c) throw new RangeError(`${this.runtime.chargerId} has no connector ${connectorId} (it has ${this.connectors.length})`);
    return c;
  }

  /** Whether the id names a connector, or (with `withCharger`) connector 0, the charger itself. */
  hasConnector(connectorId: number, options: { withCharger?: boolean } = {}): boolean {
    return connectorId >= (options.withCharger ? 0 : 1) && connectorId <= this.connectors.length;
  }

  snapshot(connectorId: number): ConnectorSnapshot {
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

  /**
   * A connector a session can start on now: operative, not faulted, nothing running, and not reserved for
   * someone else (OCPP 1.6 §5.13: a reserved connector admits only the reservation's idTag).
   */
  isFree(c: Connector, idTag?: string): boolean {
    const reservation = this.activeReservation(c);
    if (reservation)
      return !c.busy && c.availability === 'Operative' && idTag !== undefined && this.holdsReservation(reservation, idTag, this.parentOf(idTag));
    return !c.busy && c.availability === 'Operative' && (c.status === 'Available' || c.status === 'Preparing');
  }

  /** Remembers the parentIdTag the central system answered for an idTag (none: forgotten). */
  rememberParent(idTag: string, parentIdTag: string | undefined): void {
    if (parentIdTag) this.parents.set(idTag.toUpperCase(), parentIdTag);
    else this.parents.delete(idTag.toUpperCase());
  }

  parentOf(idTag: string): string | undefined {
    return this.parents.get(idTag.toUpperCase());
  }

  /**
   * A reservation this tag may hold but the charger cannot tell yet: it names a parentIdTag and the tag's parent
   * is not in the cache. The charger asks Authorize first (OCPP 1.6 §5.13).
   */
  needsParentOf(c: Connector, idTag: string): boolean {
    const reservation = this.activeReservation(c);
    return reservation?.parentIdTag !== undefined && !this.holdsReservation(reservation, idTag) && this.parentOf(idTag) === undefined;
  }

  /** The connector's reservation while it lasts; an expired one is dropped here. */
  activeReservation(c: Connector): Reservation | undefined {
    if (c.reservation && c.reservation.expiresAt <= this.runtime.now()) c.reservation = undefined;
    return c.reservation;
  }

  /** idTags compare without case (OCPP IdToken); a tag the central system grouped under the parentIdTag also holds it. */
  holdsReservation(reservation: Reservation, idTag: string, parentIdTag?: string): boolean {
    const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toUpperCase() === b.toUpperCase();
    return same(reservation.idTag, idTag) || same(reservation.parentIdTag, parentIdTag);
  }

  /** A session is running here and not on its way out. */
  isCharging(c: Connector): boolean {
    return c.transactionId !== undefined && !c.stopping;
  }

  /** The status a connector with no session reports. */
  idleStatus(c: Connector, options: { ignoreFault?: boolean } = {}): ChargePointStatus {
    if (c.status === 'Faulted' && !options.ignoreFault) return 'Faulted';
    if (c.availability === 'Operative' && this.activeReservation(c)) return 'Reserved';
    return c.availability === 'Inoperative' || this.main.availability === 'Inoperative' ? 'Unavailable' : 'Available';
  }

  idleMainStatus(): ChargePointStatus {
    return this.main.availability === 'Inoperative' ? 'Unavailable' : 'Available';
  }

  applyScheduledAvailability(c: Connector): void {
    if (c.scheduledAvailability) {
      c.availability = c.scheduledAvailability;
      c.scheduledAvailability = undefined;
    }
  }

  /** The charger-wide change that waited for the last session to end; true when it applied. */
  applyScheduledMainAvailability(): boolean {
    if (!this.main.scheduledAvailability || this.connectors.some((c) => c.busy)) return false;
    this.main.availability = this.main.scheduledAvailability;
    this.main.scheduledAvailability = undefined;
    return true;
  }
}
