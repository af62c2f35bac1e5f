import { and, asc, count, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { chargers, chargingSessions, locations, ocpiCdrs, ocpiSessionLinks } from '../../../db/schema/index.ts';

export type SessionLink = typeof ocpiSessionLinks.$inferSelect;
export type SessionLinkInsert = typeof ocpiSessionLinks.$inferInsert;

/** The one check the OCPP hot path pays: is this session a partner's? (primary key lookup) */
export const linkOf = async (db: Executor, sessionId: string): Promise<SessionLink | undefined> => {
  const [link] = await db.select().from(ocpiSessionLinks).where(eq(ocpiSessionLinks.sessionId, sessionId)).limit(1);
  return link;
};

/** Of a telemetry flush's sessions, those a partner's driver started: one query per flush, not per message. */
export const linkedAmong = async (db: Executor, sessionIds: readonly string[]): Promise<SessionLink[]> =>
  sessionIds.length
    ? db
        .select()
        .from(ocpiSessionLinks)
        .where(inArray(ocpiSessionLinks.sessionId, [...sessionIds]))
    : [];

export const insertLink = async (db: Executor, link: SessionLinkInsert) => {
  await db.insert(ocpiSessionLinks).values(link).onConflictDoNothing();
};

/**
 * What a Session or CDR is built from besides its link: the session, its charger and location. (The OCPI module
 * reads these rows itself: one join per object, where the sessions and locations services answer web screens.)
 */
export const sessionFacts = async (db: Executor, sessionIds: readonly string[]) =>
  sessionIds.length
    ? db
        .select({
          id: chargingSessions.id,
          status: chargingSessions.status,
          startedAt: chargingSessions.startedAt,
          stoppedAt: chargingSessions.stoppedAt,
          updatedAt: chargingSessions.updatedAt,
          meterStartWh: chargingSessions.meterStartWh,
          meterLastWh: chargingSessions.meterLastWh,
          meterStopWh: chargingSessions.meterStopWh,
          connectorId: chargingSessions.connectorId,
          tariffVersionId: chargingSessions.tariffVersionId,
          chargerId: chargingSessions.chargerId,
          chargerCode: chargers.chargerId,
          connectorTypes: chargers.connectorTypes,
          locationId: locations.id,
          locationName: locations.name,
          address: locations.addressLine1,
          city: locations.city,
          postalCode: locations.zipCode,
          state: locations.state,
          country: locations.countryCode,
          lat: locations.lat,
          lng: locations.lng,
          currency: locations.currency,
        })
        .from(chargingSessions)
        .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
        .innerJoin(locations, eq(locations.id, chargingSessions.locationId))
        .where(inArray(chargingSessions.id, [...sessionIds]))
    : [];
export type SessionFacts = Awaited<ReturnType<typeof sessionFacts>>[number];

export const insertCdr = async (db: Executor, cdr: typeof ocpiCdrs.$inferInsert): Promise<boolean> =>
  (await db.insert(ocpiCdrs).values(cdr).onConflictDoNothing().returning({ id: ocpiCdrs.id })).length > 0;

type Window = { partnerId: string; from?: Date | undefined; to?: Date | undefined; offset: number; limit: number };

const inWindow = (column: typeof ocpiCdrs.lastUpdated | typeof chargingSessions.updatedAt, from?: Date, to?: Date) =>
  [from ? gte(column, from) : undefined, to ? lt(column, to) : undefined].filter((c): c is SQL => c !== undefined);

/** One partner's CDRs, oldest change first ("date_from inclusive, date_to exclusive"). */
export const cdrPage = async (db: Executor, { partnerId, from, to, offset, limit }: Window) => {
  const where = and(eq(ocpiCdrs.partnerId, partnerId), ...inWindow(ocpiCdrs.lastUpdated, from, to));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(ocpiCdrs).where(where);
  const rows = await db
    .select({ body: ocpiCdrs.body })
    .from(ocpiCdrs)
    .where(where)
    .orderBy(asc(ocpiCdrs.lastUpdated), asc(ocpiCdrs.id))
    .limit(limit)
    .offset(offset);
  return { total, bodies: rows.map((row) => row.body) };
};

/** One partner's sessions (ids and links) by last change; the objects are built from sessionFacts. */
export const sessionPage = async (db: Executor, { partnerId, from, to, offset, limit }: Window) => {
  const where = and(eq(ocpiSessionLinks.partnerId, partnerId), ...inWindow(chargingSessions.updatedAt, from, to));
  const base = db.select({ total: count() }).from(ocpiSessionLinks).innerJoin(chargingSessions, eq(chargingSessions.id, ocpiSessionLinks.sessionId));
  const [{ total } = { total: 0 }] = await base.where(where);
  const links = await db
    .select({ link: ocpiSessionLinks })
    .from(ocpiSessionLinks)
    .innerJoin(chargingSessions, eq(chargingSessions.id, ocpiSessionLinks.sessionId))
    .where(where)
    .orderBy(asc(chargingSessions.updatedAt), asc(chargingSessions.id))
    .limit(limit)
    .offset(offset);
  return { total, links: links.map((row) => row.link) };
};
