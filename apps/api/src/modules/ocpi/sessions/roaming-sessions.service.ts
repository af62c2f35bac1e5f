import type { OcpiCdr, OcpiSession, OcpiSessionPatch } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../../db/client.ts';
import type { SessionPricing } from '../../tariffs/session-pricing.service.ts';
import type { TariffsService } from '../../tariffs/tariffs.service.ts';
import { enqueueForPartner } from '../outbox/outbox.repository.ts';
import { buildCdr, buildSession, energyWhOf, ocpiDateTime, priceOf, type Party } from './ocpi-session-objects.ts';
import * as repo from './roaming-sessions.repository.ts';

/**
 * A running session's PATCH goes out at most this often (decision 076): meter values come every 10–60 s per
 * charger, a partner's app refreshes a driver's screen about once a minute, and each PATCH is an outbox row.
 */
export const SESSION_PATCH_INTERVAL_MS = 60_000;

export type RoamingSessionsDeps = {
  db: Database;
  now: () => Date;
  party: Party;
  pricing: Pick<SessionPricing, 'load' | 'price' | 'storedPriceIn' | 'costsOf'>;
  tariffs: Pick<TariffsService, 'ocpiTariffOfVersion' | 'ocpiPublished'>;
  log: FastifyBaseLogger;
  patchIntervalMs?: number;
};

export type PageQuery = { from?: Date | undefined; to?: Date | undefined; offset: number; limit: number };

/**
 * OCPI Sessions and CDRs (we are SENDER): a session a partner's token started (a row in ocpi_session_links) is
 * pushed to that partner — PUT when linked, PATCH as meter values come, PUT COMPLETED and the CDR at the stop — and
 * offered by GET to that partner only. Everything else pays one primary-key lookup.
 */
export const createRoamingSessions = ({
  db,
  now,
  party,
  pricing,
  tariffs,
  log,
  patchIntervalMs = SESSION_PATCH_INTERVAL_MS,
}: RoamingSessionsDeps) => {
  /** When each running session was last PATCHed, on the node holding its charger (whose telemetry reports it). */
  const lastPatch = new Map<string, number>();
  const sessionPath = (sessionId: string) => `/${party.countryCode}/${party.partyId}/${sessionId}`;

  const push = (tx: Executor, partnerId: string, sessionId: string, method: 'PUT' | 'PATCH', body: OcpiSession | OcpiSessionPatch) =>
    enqueueForPartner(tx, partnerId, { module: 'sessions', objectKey: sessionId, method, path: sessionPath(sessionId), body });

  /** Live totals of running sessions, by the one tariff engine. */
  const estimates = async (executor: Executor, ids: readonly string[]) =>
    new Map((await pricing.load(executor, ids)).map((loaded) => [loaded.session.id, pricing.price(loaded)]));

  /**
   * A partner's token started this session and its link was just written: queues the Session PUT in the same
   * transaction. Whoever writes links (Authorize/StartTransaction of a partner's token, START_SESSION) calls this.
   */
  const linked = async (tx: Executor, sessionId: string) => {
    const link = await repo.linkOf(tx, sessionId);
    const [facts] = await repo.sessionFacts(tx, [sessionId]);
    if (!link?.partnerId || !facts) return;
    const estimate = (await estimates(tx, [sessionId])).get(sessionId);
    const cost = estimate ? { currency: estimate.currency, totalMinor: estimate.total } : null;
    await push(tx, link.partnerId, sessionId, 'PUT', buildSession(party, facts, link, cost, now()));
  };

  /** Writes a link and queues its PUT: the one call for code that links a session to a partner. */
  const linkSession = async (tx: Executor, link: repo.SessionLinkInsert) => {
    await repo.insertLink(tx, link);
    await linked(tx, link.sessionId);
  };

  /** After a telemetry flush: PATCH kWh and cost of the partners' running sessions among these, each at most once per interval. */
  const metered = async (sessionIds: readonly string[]) => {
    // The flush's moment, taken before any await: what is due does not depend on how long the lookups take.
    const at = now();
    const links = await repo.linkedAmong(db, sessionIds);
    if (!links.length) return;
    const due = links.filter((link) => link.partnerId && at.getTime() - (lastPatch.get(link.sessionId) ?? -Infinity) >= patchIntervalMs);
    if (!due.length) return;
    // Claimed at once, so a flush that overlaps this one does not PATCH the same sessions again.
    for (const link of due) lastPatch.set(link.sessionId, at.getTime());
    const ids = due.map((link) => link.sessionId);
    const facts = new Map((await repo.sessionFacts(db, ids)).map((row) => [row.id, row]));
    const live = await estimates(db, ids);
    await db.transaction(async (tx) => {
      for (const link of due) {
        const session = facts.get(link.sessionId);
        if (session?.status !== 'active') continue;
        const estimate = live.get(link.sessionId);
        await push(tx, link.partnerId!, link.sessionId, 'PATCH', {
          kwh: Math.round(Math.max(0, energyWhOf(session))) / 1000,
          ...(estimate ? { total_cost: priceOf(estimate.total, estimate.currency) } : {}),
          last_updated: ocpiDateTime(at),
        });
      }
    });
  };

  /**
   * Called in the stop's transaction after pricing: one primary-key lookup for our own drivers' sessions; for a
   * partner's, the COMPLETED Session and the CDR of a priced one, under a savepoint so a fault here never refuses
   * the charger's stop (OCPP gives a charger no way to handle one).
   */
  const stopped = async (tx: Executor, sessionId: string) => {
    const link = await repo.linkOf(tx, sessionId);
    if (!link) return;
    lastPatch.delete(sessionId);
    try {
      await tx.transaction((savepoint) => completed(savepoint, link));
    } catch (error) {
      log.error({ err: error, sessionId }, 'Roaming session stop not queued for its partner');
    }
  };

  const completed = async (tx: Executor, link: repo.SessionLink) => {
    const { sessionId } = link;
    const [facts] = await repo.sessionFacts(tx, [sessionId]);
    if (!link.partnerId || !facts?.stoppedAt) return;
    const issuedAt = now();
    const price = await pricing.storedPriceIn(tx, sessionId);
    const cost = price ? { currency: price.currency, totalMinor: price.total } : null;
    await push(tx, link.partnerId, sessionId, 'PUT', buildSession(party, facts, link, cost, issuedAt));
    if (!price) {
      log.warn({ sessionId }, 'Roaming session has no price: no CDR issued');
      return;
    }
    const tariff = price.tariffVersionId ? await tariffs.ocpiTariffOfVersion(tx, price.tariffVersionId) : undefined;
    const cdr = buildCdr(party, { ...facts, stoppedAt: facts.stoppedAt }, link, price, tariff, issuedAt);
    const issued = await repo.insertCdr(tx, { id: cdr.id, sessionId, partnerId: link.partnerId, body: cdr, lastUpdated: issuedAt });
    if (issued) await enqueueForPartner(tx, link.partnerId, { module: 'cdrs', objectKey: sessionId, method: 'POST', path: '', body: cdr });
  };

  /** The partner a session's price is owed by (the ledger's receivable), or null for our own drivers. */
  const payerOf = async (tx: Executor, sessionId: string) => (await repo.linkOf(tx, sessionId))?.partnerId ?? null;

  const sessionsPage = async (partnerId: string, query: PageQuery): Promise<{ total: number; items: OcpiSession[] }> => {
    const { total, links } = await repo.sessionPage(db, { partnerId, ...query });
    const facts = new Map(
      (
        await repo.sessionFacts(
          db,
          links.map((link) => link.sessionId),
        )
      ).map((row) => [row.id, row]),
    );
    const costs = await pricing.costsOf([...facts.values()].map((row) => ({ id: row.id, status: row.status })));
    const items = links.flatMap((link) => {
      const row = facts.get(link.sessionId);
      if (!row) return [];
      const cost = costs.get(row.id);
      return [buildSession(party, row, link, cost ? { currency: cost.currency, totalMinor: cost.total } : null, row.updatedAt)];
    });
    return { total, items };
  };

  const cdrsPage = async (partnerId: string, query: PageQuery): Promise<{ total: number; items: OcpiCdr[] }> => {
    const { total, bodies } = await repo.cdrPage(db, { partnerId, ...query });
    return { total, items: bodies as OcpiCdr[] };
  };

  /** Published locations' tariffs; date_from/date_to on last_updated, then a page. */
  const tariffsPage = async (query: PageQuery) => {
    const all = (await tariffs.ocpiPublished()).filter(
      (tariff) => (!query.from || new Date(tariff.last_updated) >= query.from) && (!query.to || new Date(tariff.last_updated) < query.to),
    );
    return { total: all.length, items: all.slice(query.offset, query.offset + query.limit) };
  };

  return { linked, linkSession, metered, stopped, payerOf, sessionsPage, cdrsPage, tariffsPage };
};

export type RoamingSessions = ReturnType<typeof createRoamingSessions>;
