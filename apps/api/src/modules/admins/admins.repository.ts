import { ADMIN_TYPES, type AccountStatus, type AdminSortField, type UserType } from '@wattdesk/shared';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { authSessions, locations, userLocations, users } from '../../db/schema/index.ts';

export type AdminRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  status: AccountStatus;
  authProvider: string;
  hasPassword: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  locations: { id: string; name: string }[];
};

const locationsJson = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name, l.id)
  from ${userLocations} ul join ${locations} l on l.id = ul.location_id
  where ul.user_id = "users"."id"), '[]'::json)`;

const lastSignIn = sql<Date | string | null>`(select max(s.created_at) from ${authSessions} s where s.user_id = "users"."id")`;

const adminColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  userType: users.userType,
  status: users.status,
  authProvider: users.authProvider,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  createdAt: users.createdAt,
  lastSignInAt: lastSignIn,
  locations: locationsJson,
};

type RawAdminRow = Omit<AdminRow, 'lastSignInAt'> & { lastSignInAt: Date | string | null };
// Subquery results come back as text on some drivers; columns of the table are already dates.
const toAdminRow = (row: RawAdminRow): AdminRow => ({
  ...row,
  lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt),
});

export type AdminListOptions = {
  /** undefined: every administrator; otherwise those sharing at least one of these locations. */
  scope: readonly string[] | undefined;
  search: string | undefined;
  status: AccountStatus | undefined;
  userType: UserType | undefined;
  sort: { field: AdminSortField; descending: boolean };
  page: number;
  pageSize: number;
};

const scopeCondition = (scope: readonly string[]): SQL =>
  scope.length
    ? sql`exists (select 1 from ${userLocations} ul where ul.user_id = ${users.id} and ul.location_id in (${sql.join(
        scope.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`
    : sql`false`;

const searchCondition = (search: string) => {
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern));
};

const sortColumns = (field: AdminSortField): SQL[] => {
  switch (field) {
    case 'name':
      return [sql`${users.lastName}`, sql`${users.firstName}`];
    case 'lastSignInAt':
      return [lastSignIn];
    default:
      return [sql`${users[field]}`];
  }
};

/** A page of administrators (every type except None, Driver and Scheduler), with the total for the pager. */
export const listAdmins = async (db: Executor, options: AdminListOptions) => {
  const where = and(
    inArray(users.userType, [...ADMIN_TYPES]),
    options.scope ? scopeCondition(options.scope) : undefined,
    options.search ? searchCondition(options.search) : undefined,
    options.status ? eq(users.status, options.status) : undefined,
    options.userType ? eq(users.userType, options.userType) : undefined,
  );
  const direction = options.sort.descending ? desc : asc;
  const order = sortColumns(options.sort.field).map((column) =>
    options.sort.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(adminColumns)
      .from(users)
      .where(where)
      .orderBy(...order, direction(users.email), asc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows: rows.map(toAdminRow), total };
};

export const findAdmin = async (db: Executor, userId: string): Promise<AdminRow | undefined> => {
  const [row] = await db.select(adminColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ? toAdminRow(row) : undefined;
};

/** Locks the account row so two managers changing one administrator apply one after the other. */
export const lockUser = async (db: Executor, userId: string): Promise<void> => {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
};

export const countExistingLocations = async (db: Executor, ids: readonly string[]): Promise<number> => {
  if (!ids.length) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(locations)
    .where(inArray(locations.id, [...ids]));
  return row?.count ?? 0;
};

/** Inserts a PENDING account; undefined when the e-mail is taken (also when another request just took it). */
export const insertInvitedUser = async (
  db: Executor,
  values: { email: string; firstName: string; lastName: string; userType: UserType; invitedBy: string },
): Promise<string | undefined> => {
  const [row] = await db
    .insert(users)
    .values({ ...values, status: 'PENDING', authProvider: 'password' })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id;
};

export const replaceUserLocations = async (db: Executor, userId: string, locationIds: readonly string[]): Promise<void> => {
  await db.delete(userLocations).where(eq(userLocations.userId, userId));
  if (locationIds.length) await db.insert(userLocations).values(locationIds.map((locationId) => ({ userId, locationId })));
};

export const updateUser = async (db: Executor, userId: string, values: { userType?: UserType; status?: AccountStatus }) => {
  await db.update(users).set(values).where(eq(users.id, userId));
};
