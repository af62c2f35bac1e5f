import type { ConnectorStatus } from '@wattdesk/shared';
import type { IdTokenInfoType, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import type { Database } from '../../../db/client.ts';
import { OcppCallError } from '../../../lib/ocpp-j/ocpp-call-error.ts';
import type { createChargerSessions } from '../charger-sessions.ts';
import type { ChargerContext, MessageEffects } from '../ocpp-context.ts';
import * as repo from '../ocpp.repository.ts';
import type { AuthorizeAnswer, SessionLifecycle } from '../session-lifecycle.ts';
import type { TelemetryWriter } from '../telemetry-writer.ts';
import type { ConnectorStatuses } from './connector-statuses.ts';
import { registerOf, toSampleRows201 } from './meter-values.ts';

type TransactionEvent = Ocpp201Request<'TransactionEvent'>;

/** 2.0.1's charging state during a transaction, as the connector status a 1.6 charger would report. */
const STATUS_OF_CHARGING_STATE: Record<NonNullable<TransactionEvent['transactionInfo']['chargingState']>, ConnectorStatus> = {
  Charging: 'Charging',
  SuspendedEV: 'SuspendedEV',
  SuspendedEVSE: 'SuspendedEVSE',
  EVConnected: 'Preparing',
  Idle: 'Preparing',
};

/** A transaction started with no tag (the cable first, the driver's tag later): accepted, for no driver, no limit. */
const NO_TOKEN: AuthorizeAnswer = { status: 'Accepted', reason: '', driverId: null, energyLimitWh: null, parentIdTag: null };

/** IdTokenInfoType: the status, and the account's tag as groupIdToken so a charger admits the account at its reservation. */
export const idTokenInfo = ({ status, parentIdTag }: Pick<AuthorizeAnswer, 'status' | 'parentIdTag'>): IdTokenInfoType => ({
  status,
  ...(parentIdTag ? { groupIdToken: { idToken: parentIdTag, type: 'Central' } } : {}),
});

/**
 * TransactionEvent (2.0.1 §E): one message for a transaction's start, updates and end, onto the same sessions as
 * 1.6's StartTransaction / MeterValues / StopTransaction. The charger's string transaction id is kept in
 * charger_transaction_id beside our integer one, by which the connection's maps are keyed (ChargerContext).
 */
export const createTransactionEvents = ({
  db,
  telemetry,
  statuses,
  effects,
  lifecycle,
  sessions,
  now,
}: {
  db: Database;
  telemetry: TelemetryWriter;
  statuses: ConnectorStatuses;
  effects: MessageEffects;
  lifecycle: SessionLifecycle;
  sessions: ReturnType<typeof createChargerSessions>;
  now: () => Date;
}) => {
  /** The session a charger's transaction id names (cached on the connection), or undefined. */
  const sessionOf = async (charger: ChargerContext, chargerTransactionId: string) => {
    let known = charger.chargerTransactions.get(chargerTransactionId);
    if (!known) {
      const found = await repo.findSessionByChargerTransaction(db, charger.id, chargerTransactionId);
      if (!found) return undefined;
      known = { transactionId: found.transactionId, connectorId: found.connectorId };
      if (found.status === 'active') charger.chargerTransactions.set(chargerTransactionId, known);
    }
    // Through the 1.6 path's lookup, so a session picked up after a reconnect keeps its driver's limit.
    const session = await sessions.findSession(charger, known.transactionId);
    return session && { ...known, id: session.id, status: session.status };
  };

  const start = async (charger: ChargerContext, params: TransactionEvent, answer: AuthorizeAnswer | undefined) => {
    const connectorId = params.evse?.id;
    if (connectorId === undefined || connectorId < 1)
      throw new OcppCallError('OccurrenceConstraintViolation', 'evse (id 1 or more) is required in the first event of a transaction');
    const chargerTransactionId = params.transactionInfo.transactionId;
    const session = await lifecycle.start(
      charger,
      {
        connectorId,
        idTag: params.idToken?.idToken ?? '',
        startedAt: new Date(params.timestamp),
        // A charger that sends no register reading at the start has its session counted from zero (docs/charger-network.md).
        meterStartWh: registerOf(params.meterValue) ?? 0,
        chargerTransactionId,
      },
      answer ?? NO_TOKEN,
    );
    if (session.status === 'active') charger.chargerTransactions.set(chargerTransactionId, { transactionId: session.transactionId, connectorId });
    return { ...session, connectorId };
  };

  /** A tag presented after the start (the cable first): the session gets its driver, and the driver's limit applies. */
  const assignTag = async (charger: ChargerContext, session: { id: string; transactionId: number }, idTag: string, answer: AuthorizeAnswer) => {
    await repo.assignSessionTag(db, session.id, idTag, answer.driverId);
    await lifecycle.linkRoaming(db, session.id, answer);
    if (answer.status === 'Accepted' && answer.energyLimitWh !== null && !charger.limits.has(session.transactionId)) {
      const [row] = [...(await repo.findSessionsByTransactions(db, [session.transactionId])).values()];
      if (row) charger.limits.set(session.transactionId, { meterStartWh: row.meterStartWh, limitWh: answer.energyLimitWh, stopRequested: false });
    }
  };

  return async (charger: ChargerContext, params: TransactionEvent): Promise<Ocpp201Response<'TransactionEvent'>> => {
    telemetry.seenAt(charger.id, now());
    const { eventType, transactionInfo } = params;
    const chargerTransactionId = transactionInfo.transactionId;
    const what = eventType === 'Started' ? 'Session start' : eventType === 'Ended' ? 'Session stop' : 'Session authorisation';
    const answer = params.idToken ? await lifecycle.authorize(charger, params.idToken.idToken, what) : undefined;
    // 2.0.1 §E: idTokenInfo answers an event that carries an idToken, and only such an event.
    const reply = answer ? { idTokenInfo: idTokenInfo(answer) } : {};

    const session = (await sessionOf(charger, chargerTransactionId)) ?? (eventType === 'Started' ? await start(charger, params, answer) : undefined);
    if (!session) {
      // 2.0.1 gives the CSMS no way to refuse a transaction's later events: recorded once per transaction and connection.
      const key = `${chargerTransactionId}`;
      if (!charger.unknownTransactions.has(key)) {
        charger.unknownTransactions.add(key);
        effects.event(
          charger,
          'session',
          `${eventType} event of unknown transaction ${chargerTransactionId} accepted, not stored: no session matched`,
          {
            ...params,
          },
        );
      }
      return reply;
    }
    if (params.offline && eventType !== 'Ended')
      effects.event(charger, 'session', `Session ${session.transactionId}: ${eventType} event sent after the charger was offline`, {
        seqNo: params.seqNo,
        triggerReason: params.triggerReason,
        timestamp: params.timestamp,
      });
    if (params.idToken && answer && eventType !== 'Ended' && session.status === 'active')
      await assignTag(charger, session, params.idToken.idToken, answer);

    const rows = toSampleRows201(session.id, params.meterValue ?? []);
    if (eventType === 'Ended') {
      await lifecycle.stop(charger, session, session.transactionId, {
        stoppedAt: new Date(params.timestamp),
        meterStopWh: registerOf(params.meterValue),
        // 2.0.1: no stoppedReason means the driver stopped it at the charger.
        reason: transactionInfo.stoppedReason ?? 'Local',
        samples: rows,
      });
      charger.chargerTransactions.delete(chargerTransactionId);
      return reply;
    }
    if (session.status !== 'active') return reply;
    if (rows.length) {
      telemetry.meterValues(charger, session.id, rows);
      sessions.watchLimit(charger, session.transactionId, rows);
    }
    const state = transactionInfo.chargingState;
    if (!state) return reply;
    const status = STATUS_OF_CHARGING_STATE[state];
    // An Updated repeats the charging state with each meter reading: the same state again changes nothing. A start
    // (its session's first status) and an event the charger kept while offline (an older state) are still written.
    if (eventType === 'Updated' && !params.offline && statuses.holds(charger, session.connectorId, status)) return reply;
    const applied = await statuses.report(charger, {
      chargerId: charger.id,
      connectorId: session.connectorId,
      status,
      errorCode: 'NoError',
      info: null,
      reportedAt: new Date(params.timestamp),
    });
    if (applied) effects.changed(charger, 'status');
    return reply;
  };
};
