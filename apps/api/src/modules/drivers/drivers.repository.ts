import type { AccountStatus, Driver, DriverDayRule, DriverRestrictions, DriverSortField, IdTagKind, MenuRole } from '@wattdesk/shared';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { drivers, idTags, users } from '../../db/schema/index.ts';
import { accountJson, costsJson, mainDriverJson, statsJson, subUserCount, tagsJson } from './driver-figures.sql.ts';
import { escapeLike } from '../../db/sql-helpers.ts';

export type DriverFilter = {
  locationId: string;
  search?: string | undefined;
  status?: AccountStatus | undefined;
  role?: MenuRole | undefined;
};

const columns = {
  id: drivers.userId,
  locationId: drivers.locationId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  status: users.status,
  role: drivers.role,
  mainDriverId: drivers.mainDriverId,
  mainDriver: mainDriverJson,
  subUserCount,
  idTags: tagsJson,
  stats: statsJson,
  costs: costsJson,
  account: accountJson,
  createdAt: drivers.createdAt,
  allowedLocationIds: drivers.allowedLocationIds,
  allowedChargerIds: drivers.allowedChargerIds,
  allowedDays: drivers.allowedDays,
  hourFrom: drivers.hourFrom,
  hourTo: drivers.hourTo,
  maxKwhPerSession: drivers.maxKwhPerSession,
  maxSessionsPerDay: drivers.maxSessionsPerDay,
  expiresOn: drivers.expiresOn,
};

type Row = {
  id: string;
  locationId: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  status: AccountStatus;
  role: MenuRole;
  mainDriverId: string | null;
  mainDriver: Driver['mainDriver'];
  subUserCount: number;
  idTags: Driver['idTags'];
  stats: { sessionCount: number; energyWh: number; lastSessionAt: string | null };
  costs: Driver['costs'];
  account: { sessionCount: number; energyWh: number; costs: Driver['costs'] } | null;
  createdAt: Date;
} & RestrictionColumns;

type RestrictionColumns = {
  allowedLocationIds: string[];
  allowedChargerIds: string[];
  allowedDays: DriverDayRule;
  hourFrom: number | null;
  hourTo: number | null;
  maxKwhPerSession: number | null;
  maxSessionsPerDay: number | null;
  expiresOn: string | null;
};

export const toRestrictions = (row: RestrictionColumns): DriverRestrictions => ({
  locationIds: row.allowedLocationIds,
  chargerIds: row.allowedChargerIds,
  days: row.allowedDays,
  hourFrom: row.hourFrom,
  hourTo: row.hourTo,
  maxKwhPerSession: row.maxKwhPerSession,
  maxSessionsPerDay: row.maxSessionsPerDay,
  expiresOn: row.expiresOn,
});

export const restrictionColumns = (restrictions: DriverRestrictions) => ({
  allowedLocationIds: restrictions.locationIds,
  allowedChargerIds: restrictions.chargerIds,
  allowedDays: restrictions.days,
  hourFrom: restrictions.hourFrom,
  hourTo: restrictions.hourTo,
  maxKwhPerSession: restrictions.maxKwhPerSession,
  maxSessionsPerDay: restrictions.maxSessionsPerDay,
  expiresOn: restrictions.expiresOn,
});

export type DriverRow = Driver & { mainDriverId: string | null };

const numericCosts = (costs: Driver['costs']) => costs.map((cost) => ({ currency: cost.currency, amountMinor: Number(cost.amountMinor) }));

const toDriver = (raw: Row): DriverRow => {
  const {
    stats,
    allowedLocationIds: _l,
    allowedChargerIds: _c,
    allowedDays: _d,
    hourFrom: _f,
    hourTo: _t,
    maxKwhPerSession: _k,
    maxSessionsPerDay: _s,
    expiresOn: _e,
    ...row
  } = raw;
  return {
    ...row,
    restrictions: toRestrictions(raw),
    phoneNumber: row.phoneNumber ?? '',
    sessionCount: Number(stats.sessionCount),
    energyKwh: Math.round(Number(stats.energyWh)) / 1000,
    costs: numericCosts(row.costs),
    account: row.account && {
      sessionCount: Number(row.account.sessionCount),
      energyKwh: Math.round(Number(row.account.energyWh)) / 1000,
      costs: numericCosts(row.account.costs),
    },
    lastSessionAt: stats.lastSessionAt ? new Date(stats.lastSessionAt).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
};

const searchCondition = (search: string): SQL | undefined => {
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.phoneNumber, pattern),
    sql`exists (select 1 from ${idTags} st where st.driver_id = ${drivers.userId} and st.tag like ${`%${escapeLike(search.toUpperCase())}%`})`,
  );
};

const where = (filter: DriverFilter) =>
  and(
    eq(drivers.locationId, filter.locationId),
    filter.search ? searchCondition(filter.search) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.role ? eq(drivers.role, filter.role) : undefined,
  );

const SORT: Record<DriverSortField, SQL[]> = {
  name: [sql`${users.lastName}`, sql`${users.firstName}`],
  email: [sql`${users.email}`],
  status: [sql`${users.status}`],
  role: [sql`${drivers.role}`],
  createdAt: [sql`${drivers.createdAt}`],
};

const base = (db: Executor) => db.select(columns).from(drivers).innerJoin(users, eq(users.id, drivers.userId));

export const listDrivers = async (
  db: Executor,
  filter: DriverFilter,
  sort: { field: DriverSortField; descending: boolean },
  page: number,
  pageSize: number,
) => {
  const order = SORT[sort.field].map((column) => (sort.descending ? sql`${column} desc` : sql`${column} asc`));
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where(filter))
      .orderBy(...order, asc(users.email))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(drivers).innerJoin(users, eq(users.id, drivers.userId)).where(where(filter)),
  ]);
  return { items: (rows as Row[]).map(toDriver), total: total?.total ?? 0 };
};

export const findDriver = async (db: Executor, driverId: string): Promise<DriverRow | undefined> => {
  const [row] = await base(db).where(eq(drivers.userId, driverId)).limit(1);
  return row ? toDriver(row) : undefined;
};

/** Locks the driver row so two changes to one driver apply one after the other. */
export const lockDriver = async (db: Executor, driverId: string): Promise<void> => {
  await db.select({ id: drivers.userId }).from(drivers).where(eq(drivers.userId, driverId)).for('update');
};

/** Inserts the PENDING account and its driver row; undefined when the e-mail is taken. */
export const insertDriver = async (
  db: Executor,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    invitedBy: string;
    locationId: string;
    role: MenuRole;
    mainDriverId: string | null;
  },
): Promise<string | undefined> => {
  const [user] = await db
    .insert(users)
    .values({
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      phoneNumber: values.phoneNumber || null,
      userType: 'Driver',
      status: 'PENDING',
      authProvider: 'password',
      invitedBy: values.invitedBy,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) return undefined;
  await db.insert(drivers).values({ userId: user.id, locationId: values.locationId, role: values.role, mainDriverId: values.mainDriverId });
  return user.id;
};

export const updateAccount = async (
  db: Executor,
  driverId: string,
  values: { firstName?: string; lastName?: string; phoneNumber?: string | null; status?: AccountStatus },
) => {
  // An edit of tags or role alone leaves every account field undefined, and Drizzle refuses an empty SET.
  const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length) await db.update(users).set(defined).where(eq(users.id, driverId));
};

export const updateDriverRow = async (db: Executor, driverId: string, values: Partial<typeof drivers.$inferInsert>) => {
  await db.update(drivers).set(values).where(eq(drivers.userId, driverId));
};

/** Tags already held by another driver (or by anyone, without `exceptDriverId`). */
export const findTakenTags = async (db: Executor, tags: readonly string[], exceptDriverId?: string): Promise<string[]> => {
  if (!tags.length) return [];
  const rows = await db
    .select({ tag: idTags.tag })
    .from(idTags)
    .where(and(inArray(idTags.tag, [...tags]), exceptDriverId ? sql`${idTags.driverId} <> ${exceptDriverId}` : undefined));
  return rows.map((row) => row.tag);
};

export const replaceTags = async (db: Executor, driverId: string, tags: readonly { tag: string; kind: IdTagKind }[]) => {
  const wanted = new Set(tags.map((t) => t.tag));
  const current = await db.select({ tag: idTags.tag }).from(idTags).where(eq(idTags.driverId, driverId));
  const removed = current.map((row) => row.tag).filter((tag) => !wanted.has(tag));
  if (removed.length) await db.delete(idTags).where(and(eq(idTags.driverId, driverId), inArray(idTags.tag, removed)));
  if (tags.length)
    await db
      .insert(idTags)
      .values(tags.map((t) => ({ driverId, tag: t.tag, kind: t.kind })))
      .onConflictDoUpdate({ target: idTags.tag, set: { kind: sql`excluded.kind` }, where: eq(idTags.driverId, driverId) });
};

export const tagsOfDriver = async (db: Executor, driverId: string): Promise<string[]> =>
  (await db.select({ tag: idTags.tag }).from(idTags).where(eq(idTags.driverId, driverId))).map((row) => row.tag);

/** A main user candidate: its location and role, or undefined when no driver has the id. */
export const findDriverBasics = async (db: Executor, driverId: string) => {
  const [row] = await db.select({ locationId: drivers.locationId, role: drivers.role }).from(drivers).where(eq(drivers.userId, driverId)).limit(1);
  return row;
};

export const findDriverIdsByEmail = async (db: Executor, locationId: string, emails: readonly string[]) => {
  if (!emails.length) return new Map<string, { id: string; role: MenuRole }>();
  const rows = await db
    .select({ id: drivers.userId, email: users.email, role: drivers.role })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(and(eq(drivers.locationId, locationId), inArray(users.email, [...emails])));
  return new Map(rows.map((row) => [row.email, { id: row.id, role: row.role }]));
};

export const findTakenEmails = async (db: Executor, emails: readonly string[]): Promise<string[]> => {
  if (!emails.length) return [];
  return (
    await db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, [...emails]))
  ).map((row) => row.email);
};

export const countSubUsers = async (db: Executor, driverId: string): Promise<number> => {
  const [row] = await db.select({ total: count() }).from(drivers).where(eq(drivers.mainDriverId, driverId));
  return row?.total ?? 0;
};

/** The account goes with its driver row, tags (cascade) and links; past sessions keep their id tag. */
export const deleteDriver = async (db: Executor, driverId: string) => {
  await db.delete(users).where(eq(users.id, driverId));
};
