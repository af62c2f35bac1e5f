import { AppError, roamingMessages, type RoamingPartner } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import { ourVersionsUrl, type RegistrationConfig } from './credentials/credentials-object.ts';
import { createRegistrationClient } from './credentials/registration-client.ts';
import * as repo from './partners.repository.ts';
import { hashCredentialsToken, newCredentialsToken } from './transport/ocpi-token.ts';

const view = (row: repo.PartnerRow, pushes = { pendingPushes: 0, failingPushes: 0 }): RoamingPartner => ({
  id: row.id,
  name: row.name,
  status: row.status,
  countryCode: row.countryCode,
  partyId: row.partyId,
  version: row.version,
  versionsUrl: row.versionsUrl,
  modules: row.endpoints.map(({ identifier, role }) => ({ identifier, role })),
  lastExchangeAt: row.lastExchangeAt?.toISOString() ?? null,
  lastFailureAt: row.lastFailureAt?.toISOString() ?? null,
  lastFailure: row.lastFailure,
  pendingPushes: pushes.pendingPushes,
  failingPushes: pushes.failingPushes,
  createdAt: row.createdAt.toISOString(),
});

/** The Roaming screen (issue 42): partners, inviting one, connecting to one, pausing, rotating and removing. */
export const createRoamingService = ({ db, config, now }: { db: Database; config: RegistrationConfig; now: () => Date }) => {
  const client = createRegistrationClient({ db, config, now });

  const list = async () => ({ partners: (await repo.listPartnersWithPushes(db)).map((row) => view(row, row)) });

  const found = async (id: string) => {
    const row = await repo.findPartner(db, id);
    if (!row) throw new AppError('ROAMING_PARTNER_NOT_FOUND');
    return row;
  };

  /** Token A, shown once: the partner registers with it at our versions URL. Only its hash is stored. */
  const invite = async (actor: Actor, name: string) => {
    const token = newCredentialsToken();
    const row = await db.transaction(async (tx) => {
      const inserted = await repo.insertPartner(tx, { name, incomingTokenHash: hashCredentialsToken(token), incomingTokenKind: 'A' });
      await recordActivity(tx, actor, {
        action: 'roaming.partner.invited',
        entity: 'roaming_partner',
        entityId: inserted.id,
        changes: { name: { before: null, after: name }, status: { before: null, after: inserted.status } },
      });
      return inserted;
    });
    return { partner: view(row), registrationToken: token, versionsUrl: ourVersionsUrl(config) };
  };

  const connect = async (actor: Actor, input: { name: string; versionsUrl: string; token: string }) => ({
    partner: view(await client.connect(actor, input)),
  });

  /** Suspend stops pushes and refuses the partner's calls; resume restores both. */
  const setStatus = async (actor: Actor, id: string, to: 'SUSPENDED' | 'CONNECTED') => {
    const row = await db.transaction(async (tx) => {
      const before = await repo.findPartner(tx, id, { forUpdate: true });
      if (!before) throw new AppError('ROAMING_PARTNER_NOT_FOUND');
      if (to === 'SUSPENDED' && before.status !== 'CONNECTED')
        throw new AppError(before.status === 'SUSPENDED' ? 'ROAMING_PARTNER_SUSPENDED' : 'ROAMING_PARTNER_NOT_CONNECTED');
      if (to === 'CONNECTED' && before.status !== 'SUSPENDED') throw new AppError('ROAMING_PARTNER_NOT_SUSPENDED');
      const after = await repo.updatePartner(tx, id, { status: to });
      await recordActivity(tx, actor, {
        action: to === 'SUSPENDED' ? 'roaming.partner.suspended' : 'roaming.partner.resumed',
        entity: 'roaming_partner',
        entityId: id,
        changes: { status: { before: before.status, after: to } },
      });
      return after;
    });
    return { partner: view(row) };
  };

  const reregister = async (actor: Actor, id: string) => {
    // A suspended partner may be re-registered too: rotating a leaked token comes before resuming.
    const row = await found(id);
    return { partner: view(await client.reregister(actor, row)) };
  };

  /** The partner is told first (best effort); the activity row says whether that worked. */
  const remove = async (actor: Actor, id: string) => {
    const row = await found(id);
    const told = await client.unregisterAtPartner(row);
    await db.transaction(async (tx) => {
      await repo.deletePartner(tx, id);
      await recordActivity(tx, actor, {
        action: 'roaming.partner.removed',
        entity: 'roaming_partner',
        entityId: id,
        changes: {
          name: { before: row.name, after: null },
          status: { before: row.status, after: null },
          partnerNotified: { before: null, after: told },
        },
      });
    });
    return { responseCode: 200, msg: [roamingMessages.partnerRemoved] };
  };

  return {
    list,
    invite,
    connect,
    suspend: (actor: Actor, id: string) => setStatus(actor, id, 'SUSPENDED'),
    resume: (actor: Actor, id: string) => setStatus(actor, id, 'CONNECTED'),
    reregister,
    remove,
  };
};
export type RoamingService = ReturnType<typeof createRoamingService>;
