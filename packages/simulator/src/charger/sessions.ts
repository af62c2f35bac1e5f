import { once } from 'node:events';
import type {
  AuthorizeResponse,
  ChargePointErrorCode,
  MeterValue,
  MeterValuesRequest,
  ReadingContext,
  StartTransactionResponse,
  StopReason,
  StopTransactionRequest,
  StopTransactionResponse,
} from '@wattdesk/shared/ocpp/ocpp16';
import type { ChargerLink } from './link.ts';
import { meterValueOf } from './ocpp201/convert.ts';
import { Transactions201, type TransactionOrigin } from './ocpp201/transactions.ts';
import type { ChargerRuntime } from './runtime.ts';
import type { ChargerState, Connector } from './state.ts';
import type { StatusReporter } from './status.ts';

/**
 * Charging sessions: Authorize, StartTransaction, MeterValues while charging, StopTransaction; faults that pause
 * them. On a 2.0.1 connection the same steps go out as Authorize and TransactionEvent (ocpp201/transactions.ts).
 */
export class Sessions {
  /** Starts between the connector taken and the StartTransaction answered: not charging yet, soon to be. */
  private readonly starting = new Set<Promise<StartTransactionResponse>>();
  /** Stops under way, until their last status notification is out. */
  private readonly finishing = new Set<Promise<StopTransactionResponse>>();
  /** TransactionEvent, when the connection speaks 2.0.1. */
  readonly transactions201: Transactions201;

  constructor(
    private readonly runtime: ChargerRuntime,
    private readonly link: ChargerLink,
    private readonly state: ChargerState,
    private readonly status: StatusReporter,
  ) {
    this.transactions201 = new Transactions201(runtime, link);
  }

  /** Authorize; the answer's parentIdTag (2.0.1: groupIdToken) goes into the authorization cache. */
  async authorize(idTag: string): Promise<AuthorizeResponse> {
    const answer = this.link.version === '2.0.1' ? await this.transactions201.authorize(idTag) : await this.link.send('Authorize', { idTag });
    this.state.rememberParent(idTag, answer.idTagInfo.parentIdTag);
    return answer;
  }

  /**
   * Starts on a free connector; throws when it is not. At a connector reserved for a parentIdTag, a tag whose
   * parent the charger does not know is authorized first.
   */
  async start(options: { connectorId?: number; idTag: string; meterStart?: number }): Promise<StartTransactionResponse> {
    const c = this.state.connectorOf(options.connectorId ?? 1);
    if (this.state.needsParentOf(c, options.idTag)) await this.authorize(options.idTag);
    if (!this.state.isFree(c, options.idTag)) {
      const reserved = this.state.activeReservation(c) ? `, reserved for ${this.state.activeReservation(c)!.idTag}` : '';
      throw new Error(
        `${this.runtime.chargerId}: connector ${c.id} cannot start a session (${c.status}, ${c.availability}${c.transactionId ? `, transaction ${c.transactionId}` : ''}${reserved})`,
      );
    }
    c.busy = true;
    return this.run(c, options.idTag, options.meterStart);
  }

  /** Preparing → StartTransaction → Charging and the meter loop, on a connector the caller marked busy. */
  async run(c: Connector, idTag: string, meterStart: number | undefined, origin: TransactionOrigin = {}): Promise<StartTransactionResponse> {
    const starting = this.begin(c, idTag, meterStart, origin);
    this.starting.add(starting);
    try {
      return await starting;
    } finally {
      this.starting.delete(starting);
    }
  }

  private async begin(c: Connector, idTag: string, meterStart: number | undefined, origin: TransactionOrigin): Promise<StartTransactionResponse> {
    let started = false;
    try {
      await this.status.set(c.id, 'Preparing');
      const now = this.runtime.now();
      c.meter.beginSession(now);
      const meterStartWh = meterStart ?? c.meter.energyWh;
      // The session uses up the reservation it starts on (OCPP 1.6: StartTransaction names it).
      const reservation = this.state.activeReservation(c);
      c.reservation = undefined;
      const answer =
        this.link.version === '2.0.1'
          ? await this.transactions201.started(c, idTag, c.meter.sample(now, 'Transaction.Begin'), reservation, origin)
          : await this.link.send('StartTransaction', {
              connectorId: c.id,
              idTag,
              meterStart: meterStartWh,
              timestamp: new Date(now).toISOString(),
              ...(reservation ? { reservationId: reservation.reservationId } : {}),
            });
      started = true;
      this.state.rememberParent(idTag, answer.idTagInfo.parentIdTag);
      c.transactionId = answer.transactionId;
      c.idTag = idTag;
      c.meterStartWh = meterStartWh;
      if (answer.idTagInfo.status !== 'Accepted' && this.runtime.configuration.getBoolean('StopTransactionOnInvalidId')) {
        await this.finish(c, 'DeAuthorized', undefined);
        return answer;
      }
      await this.status.set(c.id, c.status === 'Faulted' ? 'Faulted' : 'Charging', c.errorCode);
      this.runtime.events.emit('sessionStarted', {
        connectorId: c.id,
        transactionId: answer.transactionId,
        idTag,
        meterStartWh,
        idTagInfo: answer.idTagInfo,
      });
      this.startMeterLoop(c);
      return answer;
    } catch (error) {
      if (!started) {
        c.meter.endSession(this.runtime.now());
        c.busy = false;
        if (this.link.connected && c.status === 'Preparing') await this.status.set(c.id, this.state.idleStatus(c)).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Stops the session on a connector; throws when none runs there. */
  stop(options: { connectorId?: number; reason?: StopReason; idTag?: string }): Promise<StopTransactionResponse> {
    const c = this.state.connectorOf(options.connectorId ?? 1);
    if (!this.state.isCharging(c)) throw new Error(`${this.runtime.chargerId}: no session to stop on connector ${c.id}`);
    const reason = options.reason ?? 'Local';
    const idTag = options.idTag ?? (reason === 'Local' ? c.idTag : undefined);
    return this.finish(c, reason, idTag);
  }

  async stopAll(reason: StopReason): Promise<void> {
    // A start already sent gets its transaction id and is stopped with the rest, not left running at the server.
    await Promise.allSettled([...this.starting]);
    for (const c of this.state.connectors) {
      if (this.state.isCharging(c)) await this.finish(c, reason, undefined);
    }
  }

  /** Resolves once no connector has a session and every stop has sent its last status (a Reset OnIdle waits for this). */
  async idle(): Promise<void> {
    while (this.finishing.size || this.state.connectors.some((c) => c.busy)) {
      if (this.finishing.size) await Promise.allSettled([...this.finishing]);
      else await once(this.runtime.events, 'sessionStopped');
    }
  }

  /** StopTransaction with the final reading, then Finishing → Available (or Unavailable when scheduled). */
  async finish(c: Connector, reason: StopReason, idTag: string | undefined): Promise<StopTransactionResponse> {
    const finishing = this.end(c, reason, idTag);
    this.finishing.add(finishing);
    try {
      return await finishing;
    } finally {
      this.finishing.delete(finishing);
    }
  }

  private async end(c: Connector, reason: StopReason, idTag: string | undefined): Promise<StopTransactionResponse> {
    const transactionId = c.transactionId!;
    c.stopping = true;
    this.stopMeterLoop(c);
    const now = this.runtime.now();
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
    const stopped = { connectorId: c.id, transactionId, meterStopWh, energyWh: meterStopWh - (c.meterStartWh ?? meterStopWh), reason };
    const release = () => {
      this.state.profiles.endTransaction(transactionId);
      c.transactionId = undefined;
      c.idTag = undefined;
      c.meterStartWh = undefined;
      c.stopping = false;
      c.busy = false;
      this.state.applyScheduledAvailability(c);
      this.runtime.events.emit('sessionStopped', stopped);
    };
    let answer: StopTransactionResponse;
    try {
      if (this.link.version === '2.0.1') answer = await this.transactions201.ended(transactionId, reason, idTag, finalSample);
      else answer = await this.link.send('StopTransaction', params);
    } catch (error) {
      // Offline: keep the stop for when the connection is back, as chargers must not lose transactions (2.0.1 keeps its own).
      if (!this.link.connected && this.link.version === '1.6') this.link.keepForLater('StopTransaction', params);
      release();
      throw error;
    }
    release();
    if (c.status !== 'Faulted') {
      await this.status.set(c.id, 'Finishing');
      await this.status.set(c.id, this.state.idleStatus(c));
    }
    if (this.state.applyScheduledMainAvailability()) await this.status.set(0, this.state.idleMainStatus());
    return answer;
  }

  /** One MeterValues sample now (with the transaction id while a session runs). */
  async sendMeterValues(connectorId: number, context: ReadingContext): Promise<void> {
    const c = this.state.connectorOf(connectorId);
    const transactionId = c.stopping ? undefined : c.transactionId;
    const sample = c.meter.sample(this.runtime.now(), context);
    if (this.link.version === '2.0.1') {
      // 2.0.1 sends a running transaction's periodic samples in TransactionEvent; MeterValues is for the rest.
      if (transactionId !== undefined && context === 'Sample.Periodic')
        await this.transactions201.updated(transactionId, sample, 'MeterValuePeriodic');
      else await this.link.send201('MeterValues', { evseId: connectorId, meterValue: [meterValueOf(sample)] });
    } else {
      const params: MeterValuesRequest = { connectorId, ...(transactionId !== undefined ? { transactionId } : {}), meterValue: [sample] };
      await this.link.send('MeterValues', params);
    }
    this.runtime.events.emit('meterValues', {
      connectorId,
      transactionId,
      energyWh: c.meter.energyWh,
      powerW: Math.round(c.meter.currentPowerW),
      soc: c.meter.stateOfCharge,
    });
  }

  /** Reports a fault; a running session draws no power until the fault clears. */
  async fault(connectorId: number, errorCode: ChargePointErrorCode, info?: string): Promise<void> {
    if (connectorId !== 0) this.state.connectorOf(connectorId).meter.setSuspended(true, this.runtime.now());
    await this.status.set(connectorId, 'Faulted', errorCode, info);
  }

  async clearFault(connectorId: number): Promise<void> {
    if (connectorId === 0) {
      await this.status.set(0, this.state.idleMainStatus());
      return;
    }
    const c = this.state.connectorOf(connectorId);
    c.meter.setSuspended(false, this.runtime.now());
    await this.status.set(connectorId, this.state.isCharging(c) ? 'Charging' : this.state.idleStatus(c, { ignoreFault: true }));
  }

  /** Starts (or restarts, after MeterValueSampleInterval changed) the periodic MeterValues of a running session. */
  startMeterLoop(c: Connector): void {
    this.stopMeterLoop(c);
    const seconds = this.runtime.meterIntervalSeconds;
    if (!(seconds > 0)) return;
    c.meterTimer = this.runtime.repeat(seconds * 1000, () => {
      if (this.link.connected && this.state.isCharging(c)) {
        this.sendMeterValues(c.id, 'Sample.Periodic').catch((error: unknown) => this.runtime.warn(error));
      }
    });
  }

  /** Picks up a new MeterValueSampleInterval in every running meter loop. */
  restartMeterLoops(): void {
    for (const c of this.state.connectors) if (c.meterTimer) this.startMeterLoop(c);
  }

  stopMeterLoops(): void {
    for (const c of this.state.connectors) this.stopMeterLoop(c);
  }

  private stopMeterLoop(c: Connector): void {
    c.meterTimer?.();
    c.meterTimer = undefined;
  }
}
