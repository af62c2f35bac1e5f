import type { Database, Executor } from '../../db/client.ts';
import { createBootWriter } from './boot-writer.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChargerContext, IdTagAuthority, MessageEffects, OcppPricing, SessionObserver } from './ocpp-context.ts';
import * as repo from './ocpp.repository.ts';
import type { TelemetryWriter } from './telemetry-writer.ts';

export type AuthorizeAnswer = Awaited<ReturnType<IdTagAuthority['authorize']>>;

/**
 * What a boot, an authorisation, a session's start and its stop do to our model, whichever OCPP version the
 * charger speaks: the 1.6 handlers (ocpp-messages.ts) and the 2.0.1 ones (ocpp201/) translate their messages into
 * these calls, so a 2.0.1 session is priced, logged and limited exactly as a 1.6 one.
 */
export const createSessionLifecycle = ({
  db,
  telemetry,
  effects,
  idTags,
  pricing,
  log,
  observer,
}: {
  db: Database;
  telemetry: TelemetryWriter;
  effects: MessageEffects;
  idTags: IdTagAuthority;
  pricing: OcppPricing;
  log: FastifyBaseLogger;
  observer?: SessionObserver | undefined;
}) => {
  const boots = createBootWriter(db);

  /** Stores what a boot reports (unless it is what the register already holds), and tells who follows boots. */
  const boot = async (charger: ChargerContext, report: repo.BootReport, summary: string, detail: Record<string, unknown>) => {
    // Later boots on the connection go to the register's own test: the row may have changed since it was read.
    const unchanged = charger.identity !== undefined && !repo.bootChanges(charger.identity, report);
    charger.identity = undefined;
    if (!unchanged) await boots.record(report);
    charger.booted = true;
    effects.event(charger, 'boot', summary, detail);
    effects.changed(charger, 'boot');
    setImmediate(() => effects.booted(charger));
  };

  /**
   * The final price is stored in the stop's transaction, under a savepoint: a pricing fault is logged and the
   * stop still accepted, since OCPP gives a charger no way to handle a refused stop.
   */
  const priceStopped = async (tx: Executor, sessionId: string) => {
    try {
      await tx.transaction((savepoint) => pricing.priceStoppedSession(savepoint, sessionId));
    } catch (error) {
      log.error({ err: error, sessionId }, 'Session could not be priced');
    }
    await observer?.stopped(tx, sessionId);
  };

  /** The drivers module's answer for a tag; a refusal goes to the charger log. */
  const authorize = async (charger: ChargerContext, idTag: string, what: string): Promise<AuthorizeAnswer> => {
    const answer = await idTags.authorize(idTag, { chargerId: charger.id, locationId: charger.locationId });
    if (answer.status !== 'Accepted')
      effects.event(charger, 'authorization', `${what} for ${idTag} refused (${answer.status}): ${answer.reason}`, { idTag, status: answer.status });
    return answer;
  };

  /** A roaming partner's driver's session remembers its token (OCPI sessions and CDRs go to that partner). */
  const linkToken = async (executor: Executor, sessionId: string, answer: AuthorizeAnswer) => {
    if (answer.status === 'Accepted' && answer.roaming) await idTags.roamingSessionStarted?.(executor, sessionId, answer.roaming);
  };
  /** A 2.0.1 transaction whose token came after its start: linked then, and its partner told then. */
  const linkRoaming = async (executor: Executor, sessionId: string, answer: AuthorizeAnswer) => {
    await linkToken(executor, sessionId, answer);
    await observer?.started(executor, sessionId);
  };

  /**
   * A session started on a connector (idempotent: a repeated start answers the same session), with its tariff
   * version and, for an accepted driver with a kWh limit, the limit watched on this connection.
   */
  const start = async (
    charger: ChargerContext,
    values: { connectorId: number; idTag: string; startedAt: Date; meterStartWh: number; chargerTransactionId?: string },
    answer: AuthorizeAnswer,
  ) => {
    const { connectorId, idTag, startedAt, meterStartWh } = values;
    const { session, created } = await db.transaction(async (tx) => {
      const started = await repo.startSession(tx, {
        chargerId: charger.id,
        locationId: charger.locationId,
        connectorId,
        idTag,
        startedAt,
        meterStartWh,
        driverId: answer.driverId,
        ...(values.chargerTransactionId === undefined ? {} : { chargerTransactionId: values.chargerTransactionId }),
      });
      // A session the charger lost (it rebooted) was closed by this start: it is priced like any other.
      for (const closed of started.closed) await priceStopped(tx, closed);
      if (started.created) await pricing.versionIdAt(tx, started.session.id, charger.locationId, startedAt);
      // Linked by a partner's token here, or by a START_SESSION's trigger at the insert: either way the observer
      // (OCPI sessions) sees the link in this transaction.
      if (started.created) await linkRoaming(tx, started.session.id, answer);
      await repo.refreshChargerStatus(tx, charger.id);
      return started;
    });
    if (session.status === 'active') charger.sessions.set(session.transactionId, session.id);
    if (session.status === 'active' && answer.status === 'Accepted' && answer.energyLimitWh !== null)
      charger.limits.set(session.transactionId, { meterStartWh, limitWh: answer.energyLimitWh, stopRequested: false });
    if (created) {
      effects.event(charger, 'session', `Session ${session.transactionId} started on connector ${connectorId} for ${idTag}`);
      effects.changed(charger, 'session-started');
    }
    return session;
  };

  /**
   * Stops and prices a session with the charger's last samples; a stop of a completed session changes nothing.
   * `meterStopWh` null keeps the last reading the session had.
   */
  const stop = async (
    charger: ChargerContext,
    session: Pick<repo.SessionRef, 'id' | 'status'>,
    transactionId: number,
    values: { stoppedAt: Date; meterStopWh: number | null; reason: string; samples: readonly repo.SampleRow[] },
  ) => {
    charger.sessions.delete(transactionId);
    charger.limits.delete(transactionId);
    if (session.status === 'completed') return;
    await telemetry.flush();
    await db.transaction(async (tx) => {
      await repo.writeSamples(tx, values.samples);
      await repo.stopSession(tx, session.id, { stoppedAt: values.stoppedAt, meterStopWh: values.meterStopWh, stopReason: values.reason });
      await priceStopped(tx, session.id);
      await repo.refreshChargerStatus(tx, charger.id);
    });
    effects.event(charger, 'session', `Session ${transactionId} stopped: ${values.reason}`);
    effects.changed(charger, 'session-stopped');
  };

  return { boot, authorize, start, stop, linkRoaming };
};

export type SessionLifecycle = ReturnType<typeof createSessionLifecycle>;
