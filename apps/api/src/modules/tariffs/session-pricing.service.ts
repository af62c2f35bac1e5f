import { priceSession, type SessionCost, type SessionPrice, type SessionPriceView, type SessionUsage, type Tariff } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import * as repo from './session-pricing.repository.ts';
import { versionAt, type VersionRow } from './tariffs.repository.ts';

export const tariffOf = (version: VersionRow): Tariff => ({
  currency: version.currency,
  periods: version.periods,
  sessionFee: version.sessionFee,
  idleFee: version.idleFee,
  violationRules: version.violationRules,
});

type Loaded = { session: repo.SessionForPricing; version: VersionRow; usage: SessionUsage };

/**
 * Prices sessions with the engine of packages/shared: the final price when StopTransaction arrives (stored
 * with its line items and violations), and the live estimate of a running session up to `now`.
 */
/** Told about each final price in its transaction, so what follows from it (the ledger) commits with it. */
export type PricedHook = (
  tx: Executor,
  priced: { sessionId: string; locationId: string; currency: string; total: number; pricedAt: Date },
) => Promise<void>;

/** `onViolations`: a stopped session broke the location's rules (for notifications). */
type ViolationsFound = { sessionId: string; locationId: string; chargerId: string; rules: string[] };

export const createSessionPricing = ({
  db,
  now,
  onPriced,
  onViolations,
}: {
  db: Database;
  now: () => Date;
  onPriced?: PricedHook;
  onViolations?: (found: ViolationsFound) => void;
}) => {
  /** Sessions with their version, meter readings and statuses, in three queries however many. */
  const load = async (executor: Executor, ids: readonly string[]): Promise<Loaded[]> => {
    const sessions = (await repo.sessionsForPricing(executor, ids)).filter((s) => s.tariffVersionId !== null);
    const wanted = sessions.map((s) => s.id);
    // One after the other: on a transaction (one connection) node-postgres queues, and deprecates, a query sent
    // while another runs.
    const versions = await repo.versionsByIds(
      executor,
      sessions.map((s) => s.tariffVersionId!),
    );
    const samples = await repo.energySamplesOf(executor, wanted);
    const statuses = await repo.statusesOf(executor, wanted);
    const at = now().getTime();
    return sessions.map((session) => {
      const readings = (samples.get(session.id) ?? []).map((s) => ({ at: s.at.getTime(), energyWh: s.energyWh }));
      // A running session is priced up to now, or up to its latest reading when the charger's clock runs ahead.
      const latest = readings.reduce((last, s) => Math.max(last, s.at), session.startedAt.getTime());
      return {
        session,
        version: versions.get(session.tariffVersionId!)!,
        usage: {
          startedAt: session.startedAt.getTime(),
          endedAt: session.stoppedAt?.getTime() ?? Math.max(at, latest),
          meterStartWh: session.meterStartWh,
          meterEndWh: session.meterStopWh ?? session.meterLastWh,
          samples: readings,
          statuses: (statuses.get(session.id) ?? []).map((s) => ({ at: s.at.getTime(), status: s.status })),
        },
      };
    });
  };

  const price = ({ session, version, usage }: Loaded): SessionPrice => priceSession(tariffOf(version), usage, session.timeZone);

  /** The version a session starting at `at` is priced with; null where the location has no rates yet. */
  const versionIdAt = async (tx: Executor, sessionId: string, locationId: string, at: Date): Promise<string | null> => {
    const version = await versionAt(tx, locationId, at);
    if (version) await repo.setSessionVersion(tx, sessionId, version.id);
    return version?.id ?? null;
  };

  /** Called in the StopTransaction transaction: the final price, its line items and violations, stored once. */
  const priceStoppedSession = async (tx: Executor, sessionId: string): Promise<SessionPrice | null> => {
    const [loaded] = await load(tx, [sessionId]);
    if (!loaded?.session.stoppedAt) return null;
    const result = price(loaded);
    const pricedAt = now();
    const stored = await repo.insertPrice(
      tx,
      {
        sessionId,
        locationId: loaded.session.locationId,
        tariffVersionId: loaded.version.id,
        currency: result.currency,
        total: result.total,
        energyWh: result.energyWh,
        chargingSeconds: result.chargingSeconds,
        idleSeconds: result.idleSeconds,
        pricedAt,
      },
      result.items,
    );
    if (stored) await onPriced?.(tx, { sessionId, locationId: loaded.session.locationId, currency: result.currency, total: result.total, pricedAt });
    if (stored && result.violations.length)
      onViolations?.({
        sessionId,
        locationId: loaded.session.locationId,
        chargerId: loaded.session.chargerId,
        rules: result.violations.map((v) => v.rule),
      });
    if (stored)
      await repo.insertViolations(
        tx,
        result.violations.map((v) => ({
          sessionId,
          locationId: loaded.session.locationId,
          chargerId: loaded.session.chargerId,
          idTag: loaded.session.idTag,
          rule: v.rule,
          amount: v.amount,
          currency: result.currency,
          detectedAt: loaded.session.stoppedAt!,
          limitMinutes: v.limitMinutes,
          actualMinutes: v.actualMinutes,
        })),
      );
    return result;
  };

  /** Cost per session: the stored final price of a stopped one, the live estimate of a running one. */
  const costsOf = async (sessions: readonly { id: string; status: 'active' | 'completed' }[]): Promise<Map<string, NonNullable<SessionCost>>> => {
    const stoppedIds = sessions.filter((s) => s.status === 'completed').map((s) => s.id);
    const activeIds = sessions.filter((s) => s.status === 'active').map((s) => s.id);
    const [stored, live] = await Promise.all([repo.storedTotals(db, stoppedIds), load(db, activeIds)]);
    const costs = new Map<string, NonNullable<SessionCost>>();
    for (const [id, total] of stored) costs.set(id, { ...total, final: true });
    for (const loaded of live) {
      const estimate = price(loaded);
      costs.set(loaded.session.id, { currency: estimate.currency, total: estimate.total, final: false });
    }
    return costs;
  };

  /** The stored final price as priceView shows it, read in the caller's transaction (a CDR is written in the stop's). */
  const storedPriceIn = async (executor: Executor, sessionId: string): Promise<SessionPriceView | null> => {
    const stored = await repo.storedPrice(executor, sessionId);
    if (!stored) return null;
    return {
      currency: stored.price.currency,
      total: stored.price.total,
      final: true,
      tariffVersionId: stored.price.tariffVersionId,
      items: stored.items,
      energyWh: stored.price.energyWh,
      chargingSeconds: stored.price.chargingSeconds,
      idleSeconds: stored.price.idleSeconds,
    };
  };

  /** A session's price with its line items: stored when final, computed now while it runs. */
  const priceView = async (sessionId: string): Promise<SessionPriceView | null> => {
    const stored = await storedPriceIn(db, sessionId);
    if (stored) return stored;
    const [loaded] = await load(db, [sessionId]);
    if (!loaded || loaded.session.status !== 'active') return null;
    const estimate = price(loaded);
    return {
      currency: estimate.currency,
      total: estimate.total,
      final: false,
      tariffVersionId: loaded.version.id,
      items: estimate.items.map((item) => ({ ...item, waived: false })),
      energyWh: estimate.energyWh,
      chargingSeconds: estimate.chargingSeconds,
      idleSeconds: estimate.idleSeconds,
    };
  };

  return { versionIdAt, priceStoppedSession, costsOf, priceView, storedPriceIn, load, price };
};

export type SessionPricing = ReturnType<typeof createSessionPricing>;
