import { OCPI_STATUS, type OcpiCredentials } from '@wattdesk/shared';
import type { Database } from '../../../db/client.ts';
import { violatedUniqueConstraint } from '../../../db/sql-helpers.ts';
import { recordActivity, type Actor } from '../../../lib/audit.ts';
import { OcpiClientError } from '../client/ocpi-client.ts';
import { fetchPartnerVersion, type PartnerVersion } from '../client/partner-versions.ts';
import { ocpiCredentialsBox } from '../partner-credentials.ts';
import * as repo from '../partners.repository.ts';
import { OcpiError, ocpiErrors } from '../../../lib/ocpi-envelope.ts';
import { hashCredentialsToken, newCredentialsToken } from '../transport/ocpi-token.ts';
import { ourCredentials, partyOf, registeredColumns, type RegistrationConfig } from './credentials-object.ts';

/** The partner calling; `token` is the credentials token it presented (the scope matched its hash). */
export type CredentialsCaller = { partnerId: string; tokenKind: 'A' | 'C'; token: string; ip: string };

const partnerActor = (ip: string): Actor => ({ userId: null, email: null, userType: null, ip });

/**
 * Credentials as the server ("Credentials module" → POST/PUT/DELETE): a partner registers with token A, updates
 * with token C, or unregisters. 2.2.1: POST by a registered client and PUT/DELETE by an unregistered one answer 405.
 */
export const createRegistrationServer = ({ db, config, now }: { db: Database; config: RegistrationConfig; now: () => Date }) => {
  const box = ocpiCredentialsBox(config.jwtSecret);

  /** "Errors during registration": the partner's API could not be used → 3001 (3002: no common version). */
  const readPartner = async (credentials: OcpiCredentials): Promise<PartnerVersion> => {
    try {
      return await fetchPartnerVersion({ versionsUrl: credentials.url, token: credentials.token, allowPrivate: config.ocpi.allowPrivatePartnerUrls });
    } catch (error) {
      if (!(error instanceof OcpiClientError)) throw error;
      const status = error.ocpiStatus === OCPI_STATUS.UNSUPPORTED_VERSION ? OCPI_STATUS.UNSUPPORTED_VERSION : OCPI_STATUS.UNABLE_TO_USE_CLIENT_API;
      // The request itself was fine and reached OCPI: HTTP 200, the failure is in the envelope's status_code.
      throw new OcpiError(200, status, error.message);
    }
  };

  const partyTaken = (country: string, party: string) =>
    new OcpiError(409, OCPI_STATUS.CLIENT_ERROR, `Party ${country}/${party} is already registered with another connection`);

  /** Stores the exchange and answers our credentials with a new token C; `expect` guards against a concurrent call. */
  const store = async (caller: CredentialsCaller, credentials: OcpiCredentials, version: PartnerVersion, expect: 'A' | 'C') => {
    const party = partyOf(credentials.roles);
    if (await repo.partyHolder(db, party, caller.partnerId)) throw partyTaken(party.countryCode, party.partyId);
    const tokenC = newCredentialsToken();
    try {
      await db.transaction(async (tx) => {
        const row = await repo.findPartner(tx, caller.partnerId, { forUpdate: true });
        // Another request of the same token finished first (a repeated POST, a rotated token): this one is late.
        if (!row || row.incomingTokenHash !== hashCredentialsToken(caller.token) || row.incomingTokenKind !== expect)
          throw ocpiErrors.methodNotAllowed(expect === 'A' ? 'Already registered: use PUT to update the credentials' : 'Not registered');
        await repo.updatePartner(tx, row.id, {
          ...registeredColumns(version, credentials.roles, now()),
          status: expect === 'A' ? 'CONNECTED' : row.status,
          incomingTokenHash: hashCredentialsToken(tokenC),
          incomingTokenKind: 'C',
          outgoingTokenSealed: box.seal(credentials.token),
        });
        await recordActivity(tx, partnerActor(caller.ip), {
          action: expect === 'A' ? 'roaming.partner.registered' : 'roaming.partner.credentials_updated',
          entity: 'roaming_partner',
          entityId: row.id,
          changes: {
            ...(expect === 'A' ? { status: { before: row.status, after: 'CONNECTED' } } : {}),
            party: { before: row.countryCode ? `${row.countryCode}/${row.partyId}` : null, after: `${party.countryCode}/${party.partyId}` },
            versionsUrl: { before: row.versionsUrl, after: version.versionsUrl },
          },
        });
      });
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'ocpi_partners_party_unique') throw partyTaken(party.countryCode, party.partyId);
      throw error;
    }
    return ourCredentials(config, tokenC);
  };

  const register = async (caller: CredentialsCaller, credentials: OcpiCredentials) => {
    if (caller.tokenKind !== 'A') throw ocpiErrors.methodNotAllowed('Already registered: use PUT to update the credentials');
    return store(caller, credentials, await readPartner(credentials), 'A');
  };

  const update = async (caller: CredentialsCaller, credentials: OcpiCredentials) => {
    if (caller.tokenKind !== 'C') throw ocpiErrors.methodNotAllowed('Not registered: register with POST first');
    return store(caller, credentials, await readPartner(credentials), 'C');
  };

  /**
   * "Informs the server that its credentials to access the client's system are now invalid ... Both parties must
   * end any automated communication": the connection ends, so the partner goes with what we owed it (decision 074).
   */
  const unregister = async (caller: CredentialsCaller) => {
    if (caller.tokenKind !== 'C') throw ocpiErrors.methodNotAllowed('Not registered');
    await db.transaction(async (tx) => {
      const row = await repo.findPartner(tx, caller.partnerId, { forUpdate: true });
      if (!row || row.incomingTokenHash !== hashCredentialsToken(caller.token)) throw ocpiErrors.methodNotAllowed('Not registered');
      await repo.deletePartner(tx, row.id);
      await recordActivity(tx, partnerActor(caller.ip), {
        action: 'roaming.partner.unregistered',
        entity: 'roaming_partner',
        entityId: row.id,
        changes: { name: { before: row.name, after: null }, status: { before: row.status, after: null } },
      });
    });
  };

  /** GET: our credentials object, with the token its holder presented (we keep only its hash). */
  const current = (caller: CredentialsCaller) => ourCredentials(config, caller.token);

  return { register, update, unregister, current };
};
export type RegistrationServer = ReturnType<typeof createRegistrationServer>;
