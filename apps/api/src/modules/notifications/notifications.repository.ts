import type { Notification, NotificationParams, NotificationType } from '@wattdesk/shared';
import { and, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargers, drivers, locations, notificationReads, notifications, notificationSettings, userLocations, users } from '../../db/schema/index.ts';

export type NewNotification = {
  locationId: string;
  type: NotificationType;
  title: string;
  body: string;
  params: NotificationParams;
  subjectId?: string | null | undefined;
};

export const insertNotification = async (db: Executor, values: NewNotification) => {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
};

/** The same thing told about the same subject since `since`: not told again. */
export const toldSince = async (db: Executor, type: NotificationType, subjectId: string, since: Date): Promise<boolean> => {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.type, type), eq(notifications.subjectId, subjectId), gt(notifications.createdAt, since)))
    .limit(1);
  return Boolean(row);
};

const readAllBefore = (userId: string) =>
  sql`(select ${notificationSettings.readAllBefore} from ${notificationSettings} where ${notificationSettings.userId} = ${userId})`;

/** Read: marked one by one, or created before the user's last "mark all read". */
const isRead = (userId: string) =>
  sql<boolean>`(exists (select 1 from ${notificationReads} r where r.notification_id = ${notifications.id} and r.user_id = ${userId})
    or ${notifications.createdAt} <= coalesce(${readAllBefore(userId)}, '-infinity'::timestamptz))`;

/**
 * Newest first, within the locations the user reaches (undefined: all), of one type and read state when asked.
 * The unread count is of the whole reach (the bell's badge), whatever the filters.
 */
export const listNotifications = async (
  db: Executor,
  userId: string,
  scope: readonly string[] | undefined,
  options: { unreadOnly: boolean; type?: NotificationType | undefined; state?: 'read' | 'unread' | undefined; page: number; pageSize: number },
) => {
  const inScope: SQL | undefined = scope ? (scope.length ? inArray(notifications.locationId, [...scope]) : sql`false`) : undefined;
  const unreadOnly = options.unreadOnly || options.state === 'unread';
  const where = and(
    inScope,
    unreadOnly ? sql`not ${isRead(userId)}` : undefined,
    options.state === 'read' ? isRead(userId) : undefined,
    options.type ? eq(notifications.type, options.type) : undefined,
  );
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        type: notifications.type,
        locationId: notifications.locationId,
        locationName: locations.name,
        timeZone: locations.timeZone,
        title: notifications.title,
        body: notifications.body,
        params: notifications.params,
        createdAt: notifications.createdAt,
        read: isRead(userId),
      })
      .from(notifications)
      .innerJoin(locations, eq(locations.id, notifications.locationId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where not ${isRead(userId)}))::int`,
      })
      .from(notifications)
      .where(where),
  ]);
  const items: Notification[] = rows.map((row) => ({ ...row, read: Boolean(row.read), createdAt: row.createdAt.toISOString() }));
  const [unread] =
    unreadOnly && !options.type
      ? [counts]
      : await db
          .select({ unread: sql<number>`(count(*) filter (where not ${isRead(userId)}))::int` })
          .from(notifications)
          .where(inScope);
  return { items, total: counts?.total ?? 0, unreadCount: unread?.unread ?? 0 };
};

export const findNotification = async (db: Executor, id: string) => {
  const [row] = await db.select({ locationId: notifications.locationId }).from(notifications).where(eq(notifications.id, id));
  return row;
};

export const markRead = (db: Executor, userId: string, notificationId: string) =>
  db.insert(notificationReads).values({ userId, notificationId }).onConflictDoNothing();

export const markAllRead = (db: Executor, userId: string, at: Date) =>
  db
    .insert(notificationSettings)
    .values({ userId, readAllBefore: at })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { readAllBefore: at, updatedAt: at } });

export const emailTypesOf = async (db: Executor, userId: string): Promise<NotificationType[]> => {
  const [row] = await db
    .select({ emailTypes: notificationSettings.emailTypes })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return (row?.emailTypes ?? []) as NotificationType[];
};

export const setEmailTypes = (db: Executor, userId: string, emailTypes: readonly NotificationType[], at: Date) =>
  db
    .insert(notificationSettings)
    .values({ userId, emailTypes: [...emailTypes] })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailTypes: [...emailTypes], updatedAt: at } });

/** Active users who asked for this type by e-mail and reach the location (all-location types, or in their list). */
export const emailRecipients = (db: Executor, locationId: string, type: NotificationType, allLocationTypes: readonly string[]) =>
  db
    .select({ email: users.email, firstName: users.firstName, userType: users.userType, language: users.language })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        sql`${type} = any(${notificationSettings.emailTypes})`,
        sql`(${users.userType} in (${sql.join(
          allLocationTypes.map((t) => sql`${t}`),
          sql`, `,
        )}) or exists (select 1 from ${userLocations} ul where ul.user_id = ${users.id} and ul.location_id = ${locationId}))`,
      ),
    );

export const locationNameOf = async (db: Executor, locationId: string) => {
  const [row] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  return row?.name ?? 'a location';
};

export const locationTimeZoneOf = async (db: Executor, locationId: string) => {
  const [row] = await db.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, locationId));
  return row?.timeZone ?? undefined;
};

export const chargerOf = async (db: Executor, chargerId: string) => {
  const [row] = await db
    .select({ id: chargers.id, name: chargers.name, locationId: chargers.locationId })
    .from(chargers)
    .where(eq(chargers.id, chargerId));
  return row;
};

/** A driver's location and name; undefined for any other account. */
export const driverOf = async (db: Executor, userId: string) => {
  const [row] = await db
    .select({ id: drivers.userId, locationId: drivers.locationId, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.userId, userId));
  return row;
};

/** Not connected, last seen between `after` and `before`; a demo charger no simulator runs is never news. */
export const offlineChargers = async (db: Executor, before: Date, after: Date) => {
  const rows = await db
    .select({ id: chargers.id, name: chargers.name, locationId: chargers.locationId, lastSeenAt: chargers.lastSeenAt })
    .from(chargers)
    .where(and(isNull(chargers.connectedNode), eq(chargers.demoNotConnected, false), lt(chargers.lastSeenAt, before), gt(chargers.lastSeenAt, after)))
    .limit(500);
  return rows.map((row) => ({ ...row, lastSeenAt: row.lastSeenAt! }));
};
