import {
  AppError,
  parseSort,
  reachesAllLocations,
  USER_TYPE_LABELS,
  type AccountStatus,
  type AdminListItem,
  type AdminListQuery,
  type AdminSortField,
  type InviteAdminBody,
  type Paged,
  type UpdateAdminBody,
} from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { AccessCache } from '../../lib/access-cache.ts';
import { createdFields, diffFields, recordActivity, type Actor } from '../../lib/audit.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { locationScope } from '../../lib/location-access.ts';
import type { Mailer } from '../../lib/mailer.ts';
import * as accounts from '../auth/accounts.service.ts';
import { invitationMail } from './admins.mail.ts';
import { assertCanGrant, assertManageable, toListItem } from './admins.reach.ts';
import * as repo from './admins.repository.ts';

export type AdminsServiceDeps = {
  db: Database;
  mailer: Mailer;
  background: BackgroundTasks;
  accessCache: AccessCache;
  publicUrl: string;
  inviteTokenTtlHours: number;
  now: () => Date;
};

const sortedIds = (ids: readonly string[]) => [...new Set(ids)].sort();

export const createAdminsService = (deps: AdminsServiceDeps) => {
  const { db, now } = deps;

  const assertLocationsExist = async (tx: Executor, ids: readonly string[]) => {
    if ((await repo.countExistingLocations(tx, ids)) !== ids.length) throw new AppError('LOCATION_UNKNOWN');
  };

  /** Spends earlier invitation links and makes a new one; the mail goes out after the commit. */
  const issueInvitation = async (tx: Executor, userId: string): Promise<string> => {
    return accounts.issueOneTimeLink(tx, userId, 'invite', now(), deps.inviteTokenTtlHours * 3_600_000);
  };

  const sendInvitation = (target: Pick<repo.AdminRow, 'email' | 'firstName' | 'userType'>, token: string, inviter: accounts.Inviter) => {
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}&invite=1`;
    const mail = invitationMail({
      to: target.email,
      firstName: target.firstName,
      inviterName: inviter.name,
      locale: inviter.locale,
      typeLabel: USER_TYPE_LABELS[target.userType],
      link,
      validHours: deps.inviteTokenTtlHours,
    });
    deps.background.run('invitation-mail', () => deps.mailer.send(mail));
  };

  const reload = async (tx: Executor, auth: AuthContext, userId: string): Promise<AdminListItem> => {
    const row = await repo.findAdmin(tx, userId);
    if (!row) throw new AppError('ADMIN_NOT_FOUND');
    return toListItem(auth, row);
  };

  /** Loads and locks the administrator a manager acts on, refusing what is beyond the manager's reach. */
  const loadTarget = async (tx: Executor, auth: AuthContext, userId: string): Promise<repo.AdminRow> => {
    await repo.lockUser(tx, userId);
    return assertManageable(auth, await repo.findAdmin(tx, userId));
  };

  const listAdmins = async (auth: AuthContext, query: AdminListQuery): Promise<Paged<AdminListItem>> => {
    const { rows, total } = await repo.listAdmins(db, {
      scope: locationScope(auth),
      search: query.search || undefined,
      status: query.status,
      userType: query.userType,
      sort: parseSort<AdminSortField>(query.sort),
      page: query.page,
      pageSize: query.pageSize,
    });
    return { items: rows.map((row) => toListItem(auth, row)), total, page: query.page, pageSize: query.pageSize };
  };

  const inviteAdmin = async (auth: AuthContext, actor: Actor, body: InviteAdminBody): Promise<AdminListItem> => {
    const locationIds = reachesAllLocations(body.userType) ? [] : sortedIds(body.locationIds);
    assertCanGrant(auth, body.userType, locationIds);
    const { item, token, inviter } = await db.transaction(async (tx) => {
      await assertLocationsExist(tx, locationIds);
      const { email, firstName, lastName, userType } = body;
      const userId = await repo.insertInvitedUser(tx, { email, firstName, lastName, userType, invitedBy: auth.userId });
      if (!userId) throw new AppError('EMAIL_TAKEN');
      await repo.replaceUserLocations(tx, userId, locationIds);
      const token = await issueInvitation(tx, userId);
      await recordActivity(tx, actor, {
        action: 'admin.invite',
        entity: 'user',
        entityId: userId,
        changes: createdFields({ email, firstName, lastName, userType, locationIds, status: 'PENDING' }),
      });
      return { item: await reload(tx, auth, userId), token, inviter: await accounts.inviterOf(tx, auth.userId) };
    });
    sendInvitation(body, token, inviter);
    return item;
  };

  const updateAdmin = async (auth: AuthContext, actor: Actor, userId: string, body: UpdateAdminBody): Promise<AdminListItem> => {
    const item = await db.transaction(async (tx) => {
      const target = await loadTarget(tx, auth, userId);
      const userType = body.userType ?? target.userType;
      const locationIds = reachesAllLocations(userType) ? [] : sortedIds(body.locationIds ?? target.locations.map((l) => l.id));
      assertCanGrant(auth, userType, locationIds);
      await assertLocationsExist(tx, locationIds);
      const before = { userType: target.userType, locationIds: sortedIds(target.locations.map((l) => l.id)) };
      const changes = diffFields(before, { userType, locationIds });
      if (Object.keys(changes).length === 0) return toListItem(auth, target);
      if (changes.userType) await repo.updateUser(tx, userId, { userType });
      if (changes.locationIds) await repo.replaceUserLocations(tx, userId, locationIds);
      await recordActivity(tx, actor, { action: 'admin.update', entity: 'user', entityId: userId, changes });
      return reload(tx, auth, userId);
    });
    // A changed type or list applies to the administrator's next request, not after the cache runs out.
    deps.accessCache.invalidateUser(userId);
    return item;
  };

  const setStatus = async (
    auth: AuthContext,
    actor: Actor,
    userId: string,
    change: { action: 'admin.deactivate' | 'admin.reactivate'; next: (target: repo.AdminRow) => AccountStatus },
  ): Promise<AdminListItem> => {
    const item = await db.transaction(async (tx) => {
      const target = await loadTarget(tx, auth, userId);
      const status = change.next(target);
      await repo.updateUser(tx, userId, { status });
      if (status === 'INACTIVE') {
        await accounts.closeAccountAccess(tx, userId, 'deactivated', now());
      }
      await recordActivity(tx, actor, {
        action: change.action,
        entity: 'user',
        entityId: userId,
        changes: diffFields({ status: target.status }, { status }),
      });
      return reload(tx, auth, userId);
    });
    deps.accessCache.invalidateUser(userId);
    return item;
  };

  const deactivateAdmin = (auth: AuthContext, actor: Actor, userId: string) =>
    setStatus(auth, actor, userId, {
      action: 'admin.deactivate',
      next: (target) => {
        if (target.status === 'INACTIVE') throw new AppError('ADMIN_ALREADY_INACTIVE');
        return 'INACTIVE';
      },
    });

  /** Back to ACTIVE, or to PENDING when no password was ever set (a new invitation can then be sent). */
  const reactivateAdmin = (auth: AuthContext, actor: Actor, userId: string) =>
    setStatus(auth, actor, userId, {
      action: 'admin.reactivate',
      next: (target) => {
        if (target.status !== 'INACTIVE') throw new AppError('ADMIN_NOT_INACTIVE');
        return target.hasPassword || target.authProvider !== 'password' ? 'ACTIVE' : 'PENDING';
      },
    });

  const resendInvitation = async (auth: AuthContext, actor: Actor, userId: string): Promise<AdminListItem> => {
    const { target, token, inviter } = await db.transaction(async (tx) => {
      const target = await loadTarget(tx, auth, userId);
      if (target.status !== 'PENDING' || target.authProvider !== 'password') throw new AppError('ADMIN_NOT_PENDING');
      const token = await issueInvitation(tx, userId);
      await recordActivity(tx, actor, { action: 'admin.invitation_resent', entity: 'user', entityId: userId });
      return { target, token, inviter: await accounts.inviterOf(tx, auth.userId) };
    });
    sendInvitation(target, token, inviter);
    return toListItem(auth, target);
  };

  /** Signs another administrator out on every device at once (a lost laptop, a departure); they can sign in again. */
  const endSessions = async (auth: AuthContext, actor: Actor, userId: string): Promise<{ ended: number }> => {
    if (userId === auth.userId) throw new AppError('ADMIN_SELF_CHANGE');
    const ended = await db.transaction(async (tx) => {
      await loadTarget(tx, auth, userId);
      const ids = await accounts.endAllSessions(tx, userId, 'ended by an administrator', now());
      await recordActivity(tx, actor, {
        action: 'admin.sessions_ended',
        entity: 'user',
        entityId: userId,
        changes: { ended: { before: null, after: ids.length } },
      });
      return ids.length;
    });
    deps.accessCache.invalidateUser(userId);
    return { ended };
  };

  return { listAdmins, inviteAdmin, updateAdmin, deactivateAdmin, reactivateAdmin, resendInvitation, endSessions };
};

export type AdminsService = ReturnType<typeof createAdminsService>;
