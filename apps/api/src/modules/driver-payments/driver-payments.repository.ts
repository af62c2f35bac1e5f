import { DEFAULT_LOCALE, type Locale, type SessionPaymentStatus, type UnpaidSessionRule } from '@wattdesk/shared';
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { chargingSessions, driverPaymentMethods, drivers, locationPaymentRules, locations, sessionPayments, users } from '../../db/schema/index.ts';

export type CardRow = typeof driverPaymentMethods.$inferSelect;
export type PaymentRow = typeof sessionPayments.$inferSelect;

/** The driver and the account it charges on: itself, or a sub-user's main user. */
export const findDriverAccount = async (db: Executor, driverId: string) => {
  const [row] = await db
    .select({ driverId: drivers.userId, locationId: drivers.locationId, mainDriverId: drivers.mainDriverId })
    .from(drivers)
    .where(eq(drivers.userId, driverId))
    .limit(1);
  return row && { ...row, accountId: row.mainDriverId ?? row.driverId };
};

export const findPerson = async (db: Executor, userId: string) => {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
};

export const findCard = async (db: Executor, accountId: string, lock = false): Promise<CardRow | undefined> => {
  const query = db.select().from(driverPaymentMethods).where(eq(driverPaymentMethods.driverId, accountId)).limit(1);
  return (lock ? await query.for('update') : await query)[0];
};

/** The first customer made for the account wins a double click; the caller reads back which one that is. */
export const saveCustomer = async (db: Executor, accountId: string, customerId: string): Promise<CardRow> => {
  await db.insert(driverPaymentMethods).values({ driverId: accountId, providerCustomerId: customerId }).onConflictDoNothing();
  return (await findCard(db, accountId))!;
};

export const replaceCustomer = async (db: Executor, accountId: string, customerId: string) =>
  db
    .update(driverPaymentMethods)
    .set({
      providerCustomerId: customerId,
      providerPaymentMethodId: null,
      brand: null,
      last4: null,
      expMonth: null,
      expYear: null,
      updatedAt: new Date(),
    })
    .where(eq(driverPaymentMethods.driverId, accountId));

export const saveCard = async (
  db: Executor,
  accountId: string,
  card: { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number },
  at: Date,
): Promise<CardRow> => {
  const [row] = await db
    .update(driverPaymentMethods)
    .set({
      providerPaymentMethodId: card.paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      status: 'active',
      updatedAt: at,
    })
    .where(eq(driverPaymentMethods.driverId, accountId))
    .returning();
  return row!;
};

/** The provider's customer stays: a new card is saved to the same customer. */
export const clearCard = async (db: Executor, accountId: string, at: Date) =>
  db
    .update(driverPaymentMethods)
    .set({ providerPaymentMethodId: null, brand: null, last4: null, expMonth: null, expYear: null, status: 'active', updatedAt: at })
    .where(eq(driverPaymentMethods.driverId, accountId));

export const setCardStatus = async (db: Executor, accountId: string, status: CardRow['status'], at: Date) =>
  db.update(driverPaymentMethods).set({ status, updatedAt: at }).where(eq(driverPaymentMethods.driverId, accountId));

export const hasFailedPayment = async (db: Executor, accountId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: sessionPayments.sessionId })
    .from(sessionPayments)
    .where(and(eq(sessionPayments.driverId, accountId), eq(sessionPayments.status, 'failed')))
    .limit(1);
  return row !== undefined;
};

/** A priced session's driver and the account charged for it; none for a session without a driver. */
export const sessionAccount = async (db: Executor, sessionId: string) => {
  const [row] = await db
    .select({ driverId: chargingSessions.driverId, mainDriverId: drivers.mainDriverId })
    .from(chargingSessions)
    .innerJoin(drivers, eq(drivers.userId, chargingSessions.driverId))
    .where(eq(chargingSessions.id, sessionId))
    .limit(1);
  return row && { driverId: row.driverId!, accountId: row.mainDriverId ?? row.driverId! };
};

export const insertPayment = async (db: Executor, payment: typeof sessionPayments.$inferInsert) => {
  await db.insert(sessionPayments).values(payment).onConflictDoNothing();
};

export const findPayment = async (db: Executor, sessionId: string, lock = false): Promise<PaymentRow | undefined> => {
  const query = db.select().from(sessionPayments).where(eq(sessionPayments.sessionId, sessionId)).limit(1);
  return (lock ? await query.for('update') : await query)[0];
};

/** Pending payments whose next attempt is due, oldest first (index on status, next_attempt_at). */
export const duePayments = async (db: Executor, at: Date, limit: number): Promise<string[]> =>
  (
    await db
      .select({ sessionId: sessionPayments.sessionId })
      .from(sessionPayments)
      .where(and(eq(sessionPayments.status, 'pending'), lte(sessionPayments.nextAttemptAt, at)))
      .orderBy(sessionPayments.nextAttemptAt)
      .limit(limit)
  ).map((row) => row.sessionId);

export const updatePayment = async (db: Executor, sessionId: string, changes: Partial<typeof sessionPayments.$inferInsert>) => {
  const [row] = await db
    .update(sessionPayments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(sessionPayments.sessionId, sessionId))
    .returning();
  return row!;
};

/** A new card: the account's failed payments and those waiting for a card are due at once. */
export const reopenPayments = async (db: Executor, accountId: string, at: Date): Promise<string[]> =>
  (
    await db
      .update(sessionPayments)
      .set({ status: 'pending', nextAttemptAt: at, updatedAt: at })
      .where(
        and(
          eq(sessionPayments.driverId, accountId),
          sql`(${sessionPayments.status} = 'failed' or (${sessionPayments.status} = 'pending' and ${sessionPayments.nextAttemptAt} is null))`,
        ),
      )
      .returning({ sessionId: sessionPayments.sessionId })
  ).map((row) => row.sessionId);

/** An account without a card: its payments wait for one (no retries). */
export const parkPayments = async (db: Executor, accountId: string, at: Date) =>
  db
    .update(sessionPayments)
    .set({ nextAttemptAt: null, lastError: 'no card on file', updatedAt: at })
    .where(and(eq(sessionPayments.driverId, accountId), eq(sessionPayments.status, 'pending')));

const listColumns = {
  payment: sessionPayments,
  locationName: locations.name,
  timeZone: locations.timeZone,
  firstName: users.firstName,
  lastName: users.lastName,
};

export type ListedPayment = { payment: PaymentRow; locationName: string; timeZone: string; firstName: string | null; lastName: string | null };

export const listPayments = async (
  db: Executor,
  filter: { accountId?: string; locationId?: string; statuses?: readonly SessionPaymentStatus[] },
  page: number,
  pageSize: number,
): Promise<{ items: ListedPayment[]; total: number }> => {
  const where = and(
    filter.accountId ? eq(sessionPayments.driverId, filter.accountId) : undefined,
    filter.locationId ? eq(sessionPayments.locationId, filter.locationId) : undefined,
    filter.statuses ? inArray(sessionPayments.status, [...filter.statuses]) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(sessionPayments)
      .innerJoin(locations, eq(locations.id, sessionPayments.locationId))
      .leftJoin(users, eq(users.id, sessionPayments.driverId))
      .where(where)
      .orderBy(desc(sessionPayments.createdAt), desc(sessionPayments.sessionId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(sessionPayments).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
};

export const findListedPayment = async (db: Executor, sessionId: string): Promise<ListedPayment | undefined> => {
  const [row] = await db
    .select(listColumns)
    .from(sessionPayments)
    .innerJoin(locations, eq(locations.id, sessionPayments.locationId))
    .leftJoin(users, eq(users.id, sessionPayments.driverId))
    .where(eq(sessionPayments.sessionId, sessionId))
    .limit(1);
  return row;
};

export const findSessionLocation = async (db: Executor, sessionId: string) => {
  const [row] = await db
    .select({ locationId: chargingSessions.locationId })
    .from(chargingSessions)
    .where(eq(chargingSessions.id, sessionId))
    .limit(1);
  return row?.locationId;
};

export const findRule = async (db: Executor, locationId: string): Promise<UnpaidSessionRule> => {
  const [row] = await db
    .select({ rule: locationPaymentRules.unpaidSessionRule })
    .from(locationPaymentRules)
    .where(eq(locationPaymentRules.locationId, locationId))
    .limit(1);
  return row?.rule ?? 'receivable';
};

export const saveRule = async (db: Executor, locationId: string, rule: UnpaidSessionRule) =>
  db
    .insert(locationPaymentRules)
    .values({ locationId, unpaidSessionRule: rule })
    .onConflictDoUpdate({ target: locationPaymentRules.locationId, set: { unpaidSessionRule: rule, updatedAt: new Date() } });

export const locationExists = async (db: Executor, locationId: string) =>
  (await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).limit(1)).length > 0;

/** What the receipt of a paid session shows: where, when, how much energy, what was paid and with which card. */
export const receiptFacts = async (db: Executor, sessionId: string) => {
  const [row] = rowsOf<{
    session_id: string;
    location_name: string;
    time_zone: string;
    started_at: string;
    stopped_at: string | null;
    energy_wh: number | null;
    amount_minor: string | number;
    currency: string;
    provider_payment_id: string | null;
    paid_at: string | null;
    email: string;
    first_name: string | null;
    language: Locale | null;
    brand: string | null;
    last4: string | null;
  }>(
    await db.execute(sql`
    select sp.session_id, l.name as location_name, l.time_zone, cs.started_at, cs.stopped_at, pr.energy_wh, sp.amount_minor, sp.currency,
      sp.provider_payment_id, sp.paid_at, u.email, u.first_name, u.language, pm.brand, pm.last4
    from session_payments sp
      join charging_sessions cs on cs.id = sp.session_id
      join locations l on l.id = sp.location_id
      join users u on u.id = sp.driver_id
      left join session_prices pr on pr.session_id = sp.session_id
      left join driver_payment_methods pm on pm.driver_id = sp.driver_id
    where sp.session_id = ${sessionId}::uuid and sp.status = 'paid'`),
  );
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    locationName: row.location_name,
    timeZone: row.time_zone,
    startedAt: new Date(row.started_at),
    stoppedAt: row.stopped_at ? new Date(row.stopped_at) : null,
    energyWh: row.energy_wh === null ? null : Number(row.energy_wh),
    amount: Number(row.amount_minor),
    currency: row.currency,
    providerPaymentId: row.provider_payment_id,
    paidAt: row.paid_at ? new Date(row.paid_at) : null,
    email: row.email,
    firstName: row.first_name ?? '',
    locale: row.language ?? DEFAULT_LOCALE,
    card: row.last4 ? `${row.brand ?? 'Card'} •••• ${row.last4}` : null,
  };
};
export type ReceiptFacts = NonNullable<Awaited<ReturnType<typeof receiptFacts>>>;
