import { randomUUID } from 'node:crypto';
import type {
  AuthorizeResponse,
  IdTagInfo,
  MeterValue,
  StartTransactionResponse,
  StopReason,
  StopTransactionResponse,
} from '@wattdesk/shared/ocpp/ocpp16';
import type { IdTokenInfoType, IdTokenType, TransactionEventRequest, TriggerReason } from '@wattdesk/shared/ocpp/ocpp201';
import type { ChargerLink } from '../link.ts';
import type { ChargerRuntime } from '../runtime.ts';
import type { Connector, Reservation } from '../state.ts';
import { authorizationStatusOf, endTriggerOf, idTokenOf, meterValueOf, stoppedReasonOf } from './convert.ts';

/** How a 2.0.1 transaction began: by a driver at the charger, or by the CSMS's RequestStartTransaction. */
export type TransactionOrigin = { idToken?: IdTokenType; remoteStartId?: number };

/** A running 2.0.1 transaction: the id the charger gave it and the seqNo its next event carries. */
type OpenTransaction = { id: string; seqNo: number; idToken: IdTokenType; remoteStartId: number | undefined };

function idTagInfoOf(info: IdTokenInfoType): IdTagInfo;
function idTagInfoOf(info: IdTokenInfoType | undefined): IdTagInfo | undefined;
function idTagInfoOf(info: IdTokenInfoType | undefined): IdTagInfo | undefined {
  return info ? { status: authorizationStatusOf(info.status), ...(info.groupIdToken ? { parentIdTag: info.groupIdToken.idToken } : {}) } : undefined;
}

/**
 * TransactionEvent (OCPP 2.0.1 E01–E15): the charger names each transaction with a UUID and numbers its events
 * from seqNo 0. Inside, the simulator keeps a transaction number per connector as in 1.6 (its sessions,
 * profiles and callers use it); this part maps it to the UUID on the wire.
 */
export class Transactions201 {
  private readonly open = new Map<number, OpenTransaction>();
  private nextLocalId = 1;

  constructor(
    private readonly runtime: ChargerRuntime,
    private readonly link: ChargerLink,
  ) {}

  /** The UUID of a running transaction, by the simulator's own number. */
  idOf(localId: number | undefined): string | undefined {
    return localId === undefined ? undefined : this.open.get(localId)?.id;
  }

  /** The simulator's number of the transaction a UUID names. */
  localIdOf(transactionId: string): number | undefined {
    for (const [localId, open] of this.open) if (open.id === transactionId) return localId;
    return undefined;
  }

  /** Authorize with the token as an RFID card; answered the way the 1.6 answer reads (groupIdToken as parentIdTag). */
  async authorize(idTag: string): Promise<AuthorizeResponse> {
    const { idTokenInfo } = await this.link.send201('Authorize', { idToken: idTokenOf(idTag) });
    return { idTagInfo: idTagInfoOf(idTokenInfo) };
  }

  /** TransactionEvent Started; answered the way the 1.6 StartTransaction answer reads (the number is the simulator's). */
  async started(
    c: Connector,
    idTag: string,
    begin: MeterValue,
    reservation: Reservation | undefined,
    origin: TransactionOrigin,
  ): Promise<StartTransactionResponse> {
    const localId = this.nextLocalId++;
    const open: OpenTransaction = {
      id: randomUUID(),
      seqNo: 0,
      idToken: origin.idToken ?? idTokenOf(idTag),
      remoteStartId: origin.remoteStartId,
    };
    this.open.set(localId, open);
    const answer = await this.link
      .send201('TransactionEvent', {
        ...this.event('Started', open, begin.timestamp, origin.remoteStartId !== undefined ? 'RemoteStart' : 'Authorized'),
        transactionInfo: {
          transactionId: open.id,
          chargingState: 'Charging',
          ...(open.remoteStartId !== undefined ? { remoteStartId: open.remoteStartId } : {}),
        },
        evse: { id: c.id, connectorId: 1 },
        idToken: open.idToken,
        meterValue: [meterValueOf(begin)],
        ...(reservation ? { reservationId: reservation.reservationId } : {}),
      })
      .catch((error: unknown) => {
        this.open.delete(localId);
        throw error;
      });
    return { transactionId: localId, idTagInfo: idTagInfoOf(answer.idTokenInfo) ?? { status: 'Accepted' } };
  }

  /** TransactionEvent Updated with a sample: periodic meter values, or what a TriggerMessage asked for. */
  async updated(localId: number, sample: MeterValue, trigger: TriggerReason): Promise<void> {
    const open = this.open.get(localId);
    if (!open) return;
    await this.link.send201('TransactionEvent', {
      ...this.event('Updated', open, sample.timestamp, trigger),
      transactionInfo: { transactionId: open.id, chargingState: 'Charging' },
      meterValue: [meterValueOf(sample)],
    });
  }

  /** TransactionEvent Ended with the final reading; offline, it is kept (marked offline) for when the connection is back. */
  async ended(localId: number, reason: StopReason, idTag: string | undefined, final: MeterValue): Promise<StopTransactionResponse> {
    const open = this.open.get(localId);
    if (!open) throw new Error(`${this.runtime.chargerId}: no 2.0.1 transaction ${localId}`);
    this.open.delete(localId);
    const params: TransactionEventRequest = {
      ...this.event('Ended', open, final.timestamp, endTriggerOf(reason)),
      transactionInfo: { transactionId: open.id, chargingState: 'EVConnected', stoppedReason: stoppedReasonOf(reason) },
      meterValue: [meterValueOf(final)],
      ...(idTag ? { idToken: idTag === open.idToken.idToken ? open.idToken : idTokenOf(idTag) } : {}),
    };
    try {
      const answer = await this.link.send201('TransactionEvent', params);
      const idTagInfo = idTagInfoOf(answer.idTokenInfo);
      return idTagInfo ? { idTagInfo } : {};
    } catch (error) {
      if (!this.link.connected) void this.link.send201OrQueue('TransactionEvent', { ...params, offline: true });
      throw error;
    }
  }

  private event(eventType: TransactionEventRequest['eventType'], open: OpenTransaction, timestamp: string, triggerReason: TriggerReason) {
    const seqNo = open.seqNo;
    open.seqNo += 1;
    return { eventType, timestamp, triggerReason, seqNo };
  }
}
