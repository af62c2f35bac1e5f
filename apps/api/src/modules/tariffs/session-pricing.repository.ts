import type { LineItem, PricedLineItem, ViolationRule } from '@wattdesk/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  chargingSessions,
  locations,
  meterSamples,
  sessionLineItems,
  sessionPrices,
  sessionStatusChanges,
  tariffVersions,
  violations,
} from '../../db/schema/index.ts';

export type SessionForPricing = {
  id: string;
  status: 'active' | 'completed';
  locationId: string;
  chargerId: string;
  idTag: string;
  startedAt: Date;
  stoppedAt: Date | null;
  meterStartWh: number;
  meterLastWh: number;
  meterStopWh: number | null;
  tariffVersionId: string | null;
  timeZone: string;
};

export const sessionsForPricing = async (db: Executor, ids: readonly string[]): Promise<SessionForPricing[]> => {
  if (!ids.length) return [];
  return db
    .select({
      id: chargingSessions.id,
      status: chargingSessions.status,
      locationId: chargingSessions.locationId,
      chargerId: chargingSessions.chargerId,
      idTag: chargingSessions.idTag,
      startedAt: chargingSessions.startedAt,
      stoppedAt: chargingSessions.stoppedAt,
      meterStartWh: chargingSessions.meterStartWh,
      meterLastWh: chargingSessions.meterLastWh,
      meterStopWh: chargingSessions.meterStopWh,
      tariffVersionId: chargingSessions.tariffVersionId,
      timeZone: locations.timeZone,
    })
    .from(chargingSessions)
    .innerJoin(locations, eq(locations.id, chargingSessions.locationId))
    .where(inArray(chargingSessions.id, [...ids]));
};

const groupBy = <T extends { sessionId: string }>(rows: T[]) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.sessionId);
    if (group) group.push(row);
    else groups.set(row.sessionId, [row]);
  }
  return groups;
};

/** Energy readings only: the engine needs the register, nothing else. */
export const energySamplesOf = async (db: Executor, ids: readonly string[]) =>
  groupBy(
    ids.length
      ? await db
          .select({ sessionId: meterSamples.sessionId, at: meterSamples.sampledAt, energyWh: meterSamples.energyWh })
          .from(meterSamples)
          .where(inArray(meterSamples.sessionId, [...ids]))
      : [],
  );

export const statusesOf = async (db: Executor, ids: readonly string[]) =>
  groupBy(
    ids.length
      ? await db
          .select({ sessionId: sessionStatusChanges.sessionId, at: sessionStatusChanges.at, status: sessionStatusChanges.status })
          .from(sessionStatusChanges)
          .where(inArray(sessionStatusChanges.sessionId, [...ids]))
      : [],
  );

export const versionsByIds = async (db: Executor, ids: readonly string[]) => {
  if (!ids.length) return new Map<string, typeof tariffVersions.$inferSelect>();
  const rows = await db
    .select()
    .from(tariffVersions)
    .where(inArray(tariffVersions.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
};

export type PriceInsert = typeof sessionPrices.$inferInsert;

/** Stores a final price once: a repeated stop leaves the first one. Answers whether it was stored now. */
export const insertPrice = async (db: Executor, price: PriceInsert, items: readonly LineItem[]): Promise<boolean> => {
  const stored = await db.insert(sessionPrices).values(price).onConflictDoNothing().returning({ sessionId: sessionPrices.sessionId });
  if (!stored.length) return false;
  if (items.length)
    await db.insert(sessionLineItems).values(
      items.map((item, position) => ({
        sessionId: price.sessionId,
        position,
        kind: item.kind,
        description: item.description,
        detail: item.detail,
        quantity: item.quantity,
        unit: item.unit,
        periodIndex: item.periodIndex,
        rule: item.rule,
        amount: item.amount,
      })),
    );
  return true;
};

export type ViolationInsert = typeof violations.$inferInsert;

export const insertViolations = async (db: Executor, rows: readonly ViolationInsert[]) => {
  if (rows.length)
    await db
      .insert(violations)
      .values([...rows])
      .onConflictDoNothing();
};

export const storedTotals = async (db: Executor, ids: readonly string[]) => {
  if (!ids.length) return new Map<string, { currency: string; total: number }>();
  const rows = await db
    .select({ sessionId: sessionPrices.sessionId, currency: sessionPrices.currency, total: sessionPrices.total })
    .from(sessionPrices)
    .where(inArray(sessionPrices.sessionId, [...ids]));
  return new Map(rows.map((row) => [row.sessionId, { currency: row.currency, total: row.total }]));
};

export const storedPrice = async (db: Executor, sessionId: string) => {
  const [price] = await db.select().from(sessionPrices).where(eq(sessionPrices.sessionId, sessionId)).limit(1);
  if (!price) return undefined;
  const items = await db.select().from(sessionLineItems).where(eq(sessionLineItems.sessionId, sessionId)).orderBy(asc(sessionLineItems.position));
  return {
    price,
    items: items.map((item): PricedLineItem => ({
      kind: item.kind,
      description: item.description,
      detail: item.detail,
      quantity: item.quantity,
      unit: item.unit,
      periodIndex: item.periodIndex,
      rule: item.rule,
      amount: item.amount,
      waived: item.waived,
    })),
  };
};

/** A waived violation stays on the bill as a line, not in the total. */
export const waiveLineItem = async (db: Executor, sessionId: string, rule: ViolationRule) => {
  await db
    .update(sessionLineItems)
    .set({ waived: true })
    .where(sql`${sessionLineItems.sessionId} = ${sessionId} and ${sessionLineItems.rule} = ${rule}`);
  await db
    .update(sessionPrices)
    .set({
      total: sql`(select coalesce(sum(amount_minor), 0) from session_line_items i where i.session_id = ${sessionId} and not i.waived)`,
    })
    .where(eq(sessionPrices.sessionId, sessionId));
};

export const setSessionVersion = async (db: Executor, sessionId: string, versionId: string) => {
  await db.update(chargingSessions).set({ tariffVersionId: versionId }).where(eq(chargingSessions.id, sessionId));
};
