import { AppError, ocpiCredentialsSchema } from '@wattdesk/shared';
import type { Database } from '../../../db/client.ts';
import { violatedUniqueConstraint } from '../../../db/sql-helpers.ts';
import { recordActivity, type Actor } from '../../../lib/audit.ts';
import { callOcpi, OcpiClientError } from '../client/ocpi-client.ts';
import { credentialsEndpointOf, fetchPartnerVersion } from '../client/partner-versions.ts';
import { ocpiCredentialsBox } from '../partner-credentials.ts';
import * as repo from '../partners.repository.ts';
import { hashCredentialsToken, newCredentialsToken } from '../transport/ocpi-token.ts';
import { ourCredentials, partyOf, registeredColumns, type RegistrationConfig } from './credentials-object.ts';

const unreachable = (error: unknown): never => {
  if (error instanceof OcpiClientError) throw new AppError('ROAMING_PARTNER_UNREACHABLE', { messages: [error.message] });
  throw error;
};

/**
 * Credentials as the client: we register with a partner that gave us its versions URL and token A, rotate our
 * token with PUT, and tell it with DELETE when we end the connection.
 */
export const createRegistrationClient = ({ db, config, now }: { db: Database; config: RegistrationConfig; now: () => Date }) => {
  const box = ocpiCredentialsBox(config.jwtSecret);
  const allowPrivate = config.ocpi.allowPrivatePartnerUrls;

  /** The token the partner gave us; unreadable only when the secret it was sealed with changed. */
  const outgoingToken = (row: repo.PartnerRow) => {
    const token = row.outgoingTokenSealed ? box.open(row.outgoingTokenSealed) : undefined;
    if (!token)
      throw new AppError('ROAMING_PARTNER_UNREACHABLE', {
        messages: ['The token this partner gave us cannot be read (was JWT_SECRET changed?). Remove it and connect again'],
      });
    return token;
  };

  /** The partner's 2.2.1 endpoints and its credentials endpoint, read with the token we hold. */
  const readPartner = (versionsUrl: string, token: string) =>
    fetchPartnerVersion({ versionsUrl, token, allowPrivate })
      .then((version) => ({ version, credentialsUrl: credentialsEndpointOf(version.endpoints) }))
      .catch(unreachable);

  const partyConflict = async (partnerId: string, roles: Parameters<typeof partyOf>[0]) => {
    const holder = await repo.partyHolder(db, partyOf(roles), partnerId);
    return holder
      ? new AppError('ROAMING_PARTY_EXISTS', { messages: [`${new AppError('ROAMING_PARTY_EXISTS').message} (held by ${holder.name})`] })
      : undefined;
  };

  /**
   * Versions and details with token A, then our POST. Token B is accepted before the POST (committed, PENDING),
   * because the partner reads our versions with it while it handles the POST.
   */
  const connect = async (actor: Actor, input: { name: string; versionsUrl: string; token: string }) => {
    const { version, credentialsUrl } = await readPartner(input.versionsUrl, input.token);
    const tokenB = newCredentialsToken();
    const pending = await repo.insertPartner(db, {
      name: input.name,
      incomingTokenHash: hashCredentialsToken(tokenB),
      incomingTokenKind: 'C',
      versionsUrl: version.versionsUrl,
      version: version.version,
      endpoints: version.endpoints,
    });
    const answered = await callOcpi(
      { method: 'POST', url: credentialsUrl, token: input.token, body: ourCredentials(config, tokenB), allowPrivate },
      ocpiCredentialsSchema,
    ).catch(async (error: unknown) => {
      await repo.deletePartner(db, pending.id);
      return unreachable(error);
    });
    const credentials = answered.data;
    const conflict = await partyConflict(pending.id, credentials.roles);
    if (conflict) {
      // We are registered there now: undo it, so the partner does not keep a connection we do not.
      await callOcpi({ method: 'DELETE', url: credentialsUrl, token: credentials.token, allowPrivate }).catch(() => undefined);
      await repo.deletePartner(db, pending.id);
      throw conflict;
    }
    try {
      return await db.transaction(async (tx) => {
        const row = await repo.updatePartner(tx, pending.id, {
          ...registeredColumns(version, credentials.roles, now()),
          status: 'CONNECTED',
          outgoingTokenSealed: box.seal(credentials.token),
        });
        await recordActivity(tx, actor, {
          action: 'roaming.partner.connected',
          entity: 'roaming_partner',
          entityId: row.id,
          changes: {
            name: { before: null, after: row.name },
            versionsUrl: { before: null, after: row.versionsUrl },
            party: { before: null, after: `${row.countryCode}/${row.partyId}` },
            status: { before: null, after: row.status },
          },
        });
        return row;
      });
    } catch (error) {
      if (violatedUniqueConstraint(error) !== 'ocpi_partners_party_unique') throw error;
      await repo.deletePartner(db, pending.id);
      throw new AppError('ROAMING_PARTY_EXISTS');
    }
  };

  /**
   * New token for the partner (PUT our credentials) and its endpoints read again. Our single incoming-token column
   * takes the new token before the PUT, since the partner reads our versions with it; a failed PUT restores the old one.
   */
  const reregister = async (actor: Actor, row: repo.PartnerRow) => {
    if (row.status === 'PENDING' || !row.outgoingTokenSealed || !row.versionsUrl) throw new AppError('ROAMING_PARTNER_NOT_CONNECTED');
    // The Roaming screen shows why the last attempt failed; a failed PUT also gives the old token back.
    const failed = (restore: boolean) => async (error: unknown) => {
      await repo.updatePartner(db, row.id, {
        ...(restore ? { incomingTokenHash: row.incomingTokenHash } : {}),
        lastFailureAt: now(),
        lastFailure: error instanceof Error ? error.message.slice(0, 500) : 'Re-registration failed',
      });
      return unreachable(error);
    };
    const token = outgoingToken(row);
    const { version, credentialsUrl } = await readPartner(row.versionsUrl, token).catch(failed(false));
    const tokenB = newCredentialsToken();
    await repo.updatePartner(db, row.id, { incomingTokenHash: hashCredentialsToken(tokenB), incomingTokenKind: 'C' });
    const answered = await callOcpi(
      { method: 'PUT', url: credentialsUrl, token, body: ourCredentials(config, tokenB), allowPrivate },
      ocpiCredentialsSchema,
    ).catch(failed(true));
    const columns = registeredColumns(version, answered.data.roles, now());
    // A party another connection holds is not taken over: the partner keeps the party it registered with.
    const keepParty = await partyConflict(row.id, answered.data.roles);
    return db.transaction(async (tx) => {
      const updated = await repo.updatePartner(tx, row.id, {
        ...columns,
        ...(keepParty ? { countryCode: row.countryCode, partyId: row.partyId, roles: row.roles } : {}),
        outgoingTokenSealed: box.seal(answered.data.token),
      });
      await recordActivity(tx, actor, {
        action: 'roaming.partner.reregistered',
        entity: 'roaming_partner',
        entityId: row.id,
        changes: {
          versionsUrl: { before: row.versionsUrl, after: updated.versionsUrl },
          credentials: { before: 'previous token', after: 'new token' },
        },
      });
      return updated;
    });
  };

  /** Best effort DELETE at the partner before we forget it: the answer is what the activity log records. */
  const unregisterAtPartner = async (row: repo.PartnerRow): Promise<string> => {
    if (row.status === 'PENDING' || !row.outgoingTokenSealed) return 'not registered, nothing to tell';
    try {
      const url = credentialsEndpointOf(row.endpoints);
      await callOcpi({ method: 'DELETE', url, token: outgoingToken(row), allowPrivate });
      return 'told';
    } catch (error) {
      return `not told: ${error instanceof Error ? error.message.slice(0, 300) : 'failed'}`;
    }
  };

  return { connect, reregister, unregisterAtPartner };
};
export type RegistrationClient = ReturnType<typeof createRegistrationClient>;
