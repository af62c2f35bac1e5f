import type { ReserveNowResponse } from '@wattdesk/shared/ocpp/ocpp16';
import type { ChargerRuntime } from './runtime.ts';
import type { ChargerState, Connector, Reservation } from './state.ts';
import type { StatusReporter } from './status.ts';

export type ReserveStatus = ReserveNowResponse['status'];

/**
 * Reservations as both OCPP versions make them (1.6 §5.13 ReserveNow, 2.0.1 H01): a reserved connector reports
 * Reserved and admits only the reservation's token (or its parent/group) until it expires; connector 0 (2.0.1:
 * no EVSE named) reserves the first free one. A reservation id already held is replaced. `expired` hears of a
 * reservation that ran out (2.0.1 tells the CSMS with ReservationStatusUpdate).
 */
export class ReservationBook {
  private readonly expiryTimers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly runtime: ChargerRuntime,
    private readonly state: ChargerState,
    private readonly status: StatusReporter,
    private readonly expired: (reservationId: number) => Promise<void> = async () => undefined,
  ) {}

  reserve(connectorId: number, reservation: Reservation): ReserveStatus {
    const { runtime, state } = this;
    const { reservationId, expiresAt } = reservation;
    if (!(expiresAt > runtime.now())) return 'Rejected';
    // The reservation being replaced frees its connector for the new one (and comes back if none is free).
    const previous = this.holding(reservationId);
    const replaced = previous?.reservation;
    if (previous) previous.reservation = undefined;
    const candidates = connectorId === 0 ? state.connectors : state.hasConnector(connectorId) ? [state.connectorOf(connectorId)] : [];
    if (!candidates.length) return 'Rejected';
    const c = candidates.find((candidate) => this.refusal(candidate) === undefined);
    if (!c) {
      if (previous) previous.reservation = replaced;
      return this.refusal(candidates[0]!) ?? 'Rejected';
    }
    c.reservation = reservation;
    clearTimeout(this.expiryTimers.get(reservationId));
    const timer = setTimeout(() => {
      this.expiryTimers.delete(reservationId);
      if (c.reservation?.reservationId !== reservationId) return;
      void this.release(c)
        .then(() => this.expired(reservationId))
        .catch((error: unknown) => runtime.warn(error));
    }, expiresAt - runtime.now());
    timer.unref();
    this.expiryTimers.set(reservationId, timer);
    runtime.afterReply(async () => {
      if (previous && previous !== c) await this.release(previous);
      if (c.reservation?.reservationId === reservationId && !c.busy) await this.status.set(c.id, 'Reserved');
    });
    return 'Accepted';
  }

  /** Cancels a reservation held now; false when none has this id. */
  cancel(reservationId: number): boolean {
    const c = this.holding(reservationId);
    if (!c) return false;
    clearTimeout(this.expiryTimers.get(reservationId));
    this.expiryTimers.delete(reservationId);
    c.reservation = undefined;
    this.runtime.afterReply(() => this.release(c));
    return true;
  }

  private async release(c: Connector): Promise<void> {
    c.reservation = undefined;
    if (!c.busy && c.status === 'Reserved') await this.status.set(c.id, this.state.idleStatus(c));
  }

  private holding(reservationId: number): Connector | undefined {
    return this.state.connectors.find((c) => this.state.activeReservation(c)?.reservationId === reservationId);
  }

  private refusal(c: Connector): ReserveStatus | undefined {
    const { state } = this;
    if (c.status === 'Faulted') return 'Faulted';
    if (c.availability === 'Inoperative' || state.main.availability === 'Inoperative') return 'Unavailable';
    if (c.busy || c.transactionId !== undefined || state.activeReservation(c)) return 'Occupied';
    return undefined;
  }
}
