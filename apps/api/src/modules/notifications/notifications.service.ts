import {
  AppError,
  can,
  NOTIFICATION_TYPE_LABELS,
  reachesAllLocations,
  USER_TYPES,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationType,
} from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { ClusterBus } from '../../lib/cluster-bus.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess, locationScope } from '../../lib/location-access.ts';
import { createKeyedQueue } from '../../lib/keyed-queue.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { notificationMail, notificationSentences, type NotificationFacts } from './notification-text.ts';
import * as repo from './notifications.repository.ts';

export type NotificationsDeps = {
  db: Database;
  bus: ClusterBus;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
};

/** One event to tell: where, about what, and what its sentences are made of. */
type Told = NotificationFacts & { locationId: string; subjectId?: string | null; repeatWindowMs?: number };

const ALL_LOCATION_TYPES = USER_TYPES.filter(reachesAllLocations);
/** The same fault of the same charger within this long is one notification. */
const REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * Notifications: written once per event for its location, announced on the live feed (reason 'notification',
 * so every open dashboard that reaches the location refetches its bell), and e-mailed to who asked for the type.
 */
export const createNotificationsService = ({ db, bus, mailer, background, publicUrl, now, log }: NotificationsDeps) => {
  const mail = async (row: repo.NewNotification & { id: string; facts: NotificationFacts }) => {
    const recipients = (await repo.emailRecipients(db, row.locationId, row.type, ALL_LOCATION_TYPES)).filter((user) =>
      can(user.userType, 'Notifications_View'),
    );
    if (!recipients.length) return;
    const timeZone = await repo.locationTimeZoneOf(db, row.locationId);
    const link = `${publicUrl}/dashboard`;
    for (const user of recipients) await mailer.send(notificationMail(user, { title: row.title, body: row.body, facts: row.facts, timeZone }, link));
  };

  /**
   * One subject's notifications are decided one after another: the charger's fault reported twice at once must not
   * pass the "told already?" check twice before either is written (on a pooled database it did).
   */
  const subjects = createKeyedQueue();

  /**
   * Records and announces one notification; never fails its caller (a charger message, a sign-in). The row keeps
   * the English sentences and what they are made of, so each reader gets them in their own language.
   */
  const notify = (values: Told) =>
    values.repeatWindowMs && values.subjectId ? subjects.run(`${values.type}:${values.subjectId}`, () => record(values)) : record(values);

  const record = async (values: Told) => {
    try {
      const { repeatWindowMs, subjectId, locationId, ...facts } = values;
      const fields: repo.NewNotification = {
        locationId,
        subjectId,
        type: facts.type,
        params: facts.params,
        ...notificationSentences(facts, 'en'),
      };
      if (repeatWindowMs && fields.subjectId && (await repo.toldSince(db, fields.type, fields.subjectId, new Date(now().getTime() - repeatWindowMs))))
        return;
      const row = await repo.insertNotification(db, fields);
      bus.publishLive({ id: row.id, chargerId: '', locationId: row.locationId, reason: 'notification', at: row.createdAt.toISOString() });
      background.run('notification-mail', () => mail({ ...fields, id: row.id, facts }));
    } catch (error) {
      log.warn({ err: error, type: values.type }, 'Notification not recorded');
    }
  };

  const list = async (auth: AuthContext, query: NotificationListQuery): Promise<NotificationList> => {
    const result = await repo.listNotifications(db, auth.userId, locationScope(auth), { ...query, unreadOnly: query.unreadOnly ?? false });
    return { ...result, page: query.page, pageSize: query.pageSize };
  };

  const markRead = async (auth: AuthContext, notificationId: string) => {
    const row = await repo.findNotification(db, notificationId);
    if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
    assertLocationAccess(auth, row.locationId);
    await repo.markRead(db, auth.userId, notificationId);
    return { responseCode: 200, msg: ['Notification marked read'] };
  };

  const markAllRead = async (auth: AuthContext) => {
    await repo.markAllRead(db, auth.userId, now());
    return { responseCode: 200, msg: ['All notifications marked read'] };
  };

  const preferences = async (auth: AuthContext): Promise<NotificationPreferences> => ({ emailTypes: await repo.emailTypesOf(db, auth.userId) });
  const setPreferences = async (auth: AuthContext, body: NotificationPreferences): Promise<NotificationPreferences> => {
    await repo.setEmailTypes(db, auth.userId, body.emailTypes, now());
    return body;
  };

  /** Sources of notifications, in the words an operator reads. */
  const events = {
    chargerFaulted: async (chargerId: string, detail: string) => {
      const charger = await repo.chargerOf(db, chargerId).catch(() => undefined);
      if (!charger) return;
      await notify({
        locationId: charger.locationId,
        type: 'charger-faulted',
        params: { name: charger.name, detail },
        subjectId: charger.id,
        repeatWindowMs: REPEAT_WINDOW_MS,
      });
    },
    bookingConflict: (booking: { id: string; locationId: string; chargerName: string; status: string }) =>
      notify({
        locationId: booking.locationId,
        type: 'booking-conflict',
        params: { name: booking.chargerName, status: booking.status },
        subjectId: booking.id,
        repeatWindowMs: 24 * 3_600_000,
      }),
    violation: async (found: { sessionId: string; locationId: string; chargerId: string; rules: string[] }) => {
      const charger = await repo.chargerOf(db, found.chargerId).catch(() => undefined);
      await notify({
        locationId: found.locationId,
        type: 'violation',
        params: { where: charger?.name ?? null, rules: found.rules },
        subjectId: found.sessionId,
      });
    },
    /** A charger has been offline since `lastSeenAt` for longer than the configured time: told once per spell. */
    chargerOffline: (charger: { id: string; locationId: string; name: string; lastSeenAt: Date }, minutes: number) =>
      notify({
        locationId: charger.locationId,
        type: 'charger-offline',
        params: { name: charger.name, minutes, lastSeenAt: charger.lastSeenAt.toISOString() },
        subjectId: `${charger.id}@${charger.lastSeenAt.toISOString()}`,
        repeatWindowMs: 365 * 86_400_000,
      }),
    /** An invitation was accepted: a notification when the account is a driver's. */
    invitationAccepted: async (userId: string) => {
      const driver = await repo.driverOf(db, userId).catch(() => undefined);
      if (!driver) return;
      await notify({
        locationId: driver.locationId,
        type: 'driver-accepted',
        params: { name: driver.name },
        subjectId: driver.id,
      });
    },
  };

  /**
   * Chargers offline for more than `minutes` (and at most a day longer, so a long-dead charger is not news on
   * every start): one notification per offline spell.
   */
  const watchOffline = async (minutes: number) => {
    const at = now().getTime();
    for (const charger of await repo.offlineChargers(db, new Date(at - minutes * 60_000), new Date(at - minutes * 60_000 - 86_400_000)))
      await events.chargerOffline(charger, minutes);
  };

  return {
    notify,
    watchOffline,
    list,
    markRead,
    markAllRead,
    preferences,
    setPreferences,
    events,
    label: (type: NotificationType) => NOTIFICATION_TYPE_LABELS[type],
  };
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;
