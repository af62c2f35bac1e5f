import type { Database } from '../../db/client.ts';
import { createBatchedLookup } from '../../lib/group-commit.ts';
import type { ChargerContext, IdTagAuthority, MessageEffects } from './ocpp-context.ts';
import * as repo from './ocpp.repository.ts';

/**
 * A connection's running sessions: which session a transaction id names, and the kWh limit of its driver, watched
 * as meter values arrive.
 */
export const createChargerSessions = ({
  db,
  idTags,
  effects,
}: {
  db: Database;
  idTags: Pick<IdTagAuthority, 'energyLimitWh'>;
  effects: Pick<MessageEffects, 'limitReached'>;
}) => {
  /**
   * The session of a transaction this charger started, or undefined: OCPP 1.6 gives the central system no way
   * to refuse a StopTransaction or MeterValues, so an unknown transaction is recorded, not answered with an error.
   */
  // After a network blip every charger asks for its session again, with its first MeterValues: those asking within a
  // tenth of a second are read together (the answer waits that much at most, and only while others are asking).
  const sessionsByTransaction = createBatchedLookup((transactionIds: number[]) => repo.findSessionsByTransactions(db, transactionIds), {
    roundEveryMs: 100,
  });
  const findSession = async (charger: ChargerContext, transactionId: number) => {
    const cachedId = charger.sessions.get(transactionId);
    if (cachedId) return { id: cachedId, status: 'active' as const };
    const found = await sessionsByTransaction.get(transactionId);
    const session = found?.chargerId === charger.id ? found : undefined;
    if (session?.status === 'active') {
      charger.sessions.set(transactionId, session.id);
      // A session picked up after a reconnect keeps its driver's limit.
      const limitWh = session.driverId ? await idTags.energyLimitWh(session.driverId) : null;
      if (limitWh !== null) charger.limits.set(transactionId, { meterStartWh: session.meterStartWh, limitWh, stopRequested: false });
    }
    return session;
  };

  /** The register's highest reading in these samples, against the session's start and its driver's limit. */
  const watchLimit = (charger: ChargerContext, transactionId: number, rows: readonly { energyWh: number | null }[]) => {
    const limit = charger.limits.get(transactionId);
    if (!limit || limit.stopRequested) return;
    const readings = rows.map((row) => row.energyWh).filter((value): value is number => value !== null);
    if (!readings.length || Math.max(...readings) - limit.meterStartWh < limit.limitWh) return;
    limit.stopRequested = true;
    effects.limitReached(charger, transactionId, limit.limitWh);
  };

  return { findSession, watchLimit };
};
