import { AppError, type RegisterDriverBody } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/sql-helpers.ts';
import { createdFields, recordActivity, type Actor } from '../../lib/audit.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { Mailer } from '../../lib/mailer.ts';
import * as accounts from '../auth/accounts.service.ts';
import { driverInvitationMail } from './drivers.mail.ts';
import * as access from './driver-access.repository.ts';
import * as repo from './drivers.repository.ts';

export type DriversServiceDeps = {
  db: Database;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  inviteTokenTtlHours: number;
  now: () => Date;
};

export type Invitation = { email: string; firstName: string; token: string };

/** The database's unique constraints, as messages a person can act on. */
export const withConflictMessages = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'id_tags_tag_unique') throw new AppError('ID_TAG_TAKEN');
    if (constraint === 'users_email_unique') throw new AppError('EMAIL_TAKEN');
    throw error;
  }
};

/** What registering, importing and re-inviting share: the insert of one driver and the invitation e-mails. */
export const createDriverWrites = (deps: DriversServiceDeps) => {
  const { now } = deps;

  const sendInvitations = async (tx: Executor, auth: AuthContext, locationId: string, invitations: readonly Invitation[]) => {
    // One after the other: a transaction is one connection, and node-postgres queues (and deprecates) a second
    // query sent while the first runs.
    const inviter = await accounts.inviterOf(tx, auth.userId);
    const locationName = await access.locationName(tx, locationId);
    return () => {
      for (const { email, firstName, token } of invitations) {
        // invite=driver: the page then says where a driver's account works (not this dashboard).
        const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}&invite=driver`;
        const mail = driverInvitationMail({
          to: email,
          firstName,
          inviterName: inviter.name,
          locale: inviter.locale,
          locationName,
          link,
          validHours: deps.inviteTokenTtlHours,
        });
        deps.background.run('driver-invitation-mail', () => deps.mailer.send(mail));
      }
    };
  };

  const issueInvitation = (tx: Executor, userId: string) =>
    accounts.issueOneTimeLink(tx, userId, 'invite', now(), deps.inviteTokenTtlHours * 3_600_000);

  /** Inserts one driver with its tags and activity row; answers its id and invitation token. */
  const insertOne = async (tx: Executor, auth: AuthContext, actor: Actor, body: RegisterDriverBody, action: string) => {
    const { locationId, email, firstName, lastName, phoneNumber, role, mainDriverId, idTags } = body;
    const driverId = await repo.insertDriver(tx, { email, firstName, lastName, phoneNumber, invitedBy: auth.userId, locationId, role, mainDriverId });
    if (!driverId) throw new AppError('EMAIL_TAKEN');
    await repo.replaceTags(tx, driverId, idTags);
    await recordActivity(tx, actor, {
      action,
      entity: 'driver',
      entityId: driverId,
      locationId,
      changes: createdFields({ email, firstName, lastName, phoneNumber, role, mainDriverId, idTags: idTags.map((t) => t.tag), status: 'PENDING' }),
    });
    return { driverId, token: await issueInvitation(tx, driverId) };
  };

  return { insertOne, sendInvitations, issueInvitation };
};
