import type { AccountStatus } from '@wattdesk/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  billingCustomers,
  billingSubscriptions,
  chargers,
  locations,
  type LocationSubscription as LocationStateSubscription,
} from '../../db/schema/index.ts';

export type CustomerRow = typeof billingCustomers.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

export const findLocation = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, chargerCount: locations.chargerCount, currency: locations.currency })
    .from(locations)
    .where(eq(locations.id, id))
    .limit(1);
  return row;
};

export const findCustomer = async (db: Executor, locationId: string): Promise<CustomerRow | undefined> => {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.locationId, locationId)).limit(1);
  return row;
};

/** Keeps the first customer stored for a location: two first visits at once end with one customer. */
export const saveCustomer = async (db: Executor, values: { locationId: string; customerId: string; sandbox: boolean }): Promise<CustomerRow> => {
  await db
    .insert(billingCustomers)
    .values(values)
    .onConflictDoUpdate({
      target: billingCustomers.locationId,
      // A customer made in the sandbox is unknown to Stripe once keys are set: replace it, card and all.
      set: { customerId: values.customerId, sandbox: values.sandbox, ...NO_CARD },
      setWhere: sql`${billingCustomers.sandbox} <> ${values.sandbox}`,
    });
  return (await findCustomer(db, values.locationId))!;
};

const NO_CARD = {
  paymentMethodId: null,
  cardBrand: null,
  cardLast4: null,
  cardExpMonth: null,
  cardExpYear: null,
  cardUpdatedAt: null,
  cardUpdatedByEmail: null,
};

/** A new customer for the location (the provider lost the old one): the old card went with it. */
export const replaceCustomer = async (db: Executor, locationId: string, customerId: string, sandbox: boolean): Promise<CustomerRow> => {
  const [row] = await db
    .update(billingCustomers)
    .set({ customerId, sandbox, ...NO_CARD })
    .where(eq(billingCustomers.locationId, locationId))
    .returning();
  return row!;
};

export const saveCard = async (
  db: Executor,
  locationId: string,
  card: {
    paymentMethodId: string;
    cardBrand: string;
    cardLast4: string;
    cardExpMonth: number;
    cardExpYear: number;
    cardUpdatedAt: Date;
    cardUpdatedByEmail: string | null;
  },
): Promise<CustomerRow> => {
  const [row] = await db.update(billingCustomers).set(card).where(eq(billingCustomers.locationId, locationId)).returning();
  return row!;
};

export const findSubscription = async (db: Executor, locationId: string, lock = false): Promise<SubscriptionRow | undefined> => {
  const query = db.select().from(billingSubscriptions).where(eq(billingSubscriptions.locationId, locationId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export type SubscriptionValues = Omit<typeof billingSubscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Claims the location for an activation: inserts a PENDING row, or turns an INACTIVE one PENDING.
 * Answers undefined when another activation holds it or it is already active.
 */
export const claimActivation = async (db: Executor, values: SubscriptionValues): Promise<SubscriptionRow | undefined> => {
  const { locationId: _locationId, ...changes } = values;
  const [row] = await db
    .insert(billingSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: billingSubscriptions.locationId, set: changes, setWhere: eq(billingSubscriptions.status, 'INACTIVE') })
    .returning();
  return row;
};

export const updateSubscription = async (db: Executor, locationId: string, values: Partial<SubscriptionValues>): Promise<SubscriptionRow> => {
  const [row] = await db.update(billingSubscriptions).set(values).where(eq(billingSubscriptions.locationId, locationId)).returning();
  return row!;
};

/** Gives a failed activation's claim back: the row returns to what it was, or goes when there was none. */
export const releaseActivation = async (db: Executor, before: SubscriptionRow | undefined, locationId: string, key: string) => {
  const claimed = and(
    eq(billingSubscriptions.locationId, locationId),
    eq(billingSubscriptions.status, 'PENDING'),
    eq(billingSubscriptions.lastKey, key),
  );
  if (!before) return db.delete(billingSubscriptions).where(claimed);
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = before;
  return db.update(billingSubscriptions).set(values).where(claimed);
};

/** The location state's `subscription` (spec section 3), written with every change of the plan. */
export const setLocationState = async (db: Executor, locationId: string, state: { plan: string; status: AccountStatus; renewsOn: string | null }) =>
  db
    .update(locations)
    .set({ subscription: state satisfies LocationStateSubscription })
    .where(eq(locations.id, locationId));

/** Locks the location while its chargers are counted: two registrations at once cannot both take the last place. */
export const lockLocation = async (db: Executor, locationId: string) => {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).for('update');
  return row;
};

export const countChargers = async (db: Executor, locationId: string): Promise<number> => {
  const [row] = await db.select({ total: count() }).from(chargers).where(eq(chargers.locationId, locationId));
  return row?.total ?? 0;
};
