import { OCPI_STATUS, ocpiTokenSchema, type OcpiToken, type OcpiTokenPatch, type OcpiTokenType } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import { ocpiCredentialsBox } from './partner-credentials.ts';
import type { OcpiCaller } from './partners.repository.ts';
import type { RoamingAuthorization } from '../../lib/roaming-authorization.ts';
import { createTokenAuthorization } from './token-authorization.ts';
import * as repo from './tokens.repository.ts';
import { OcpiError, ocpiErrors } from '../../lib/ocpi-envelope.ts';

/** A token as the Receiver interface's URL names it: {country_code}/{party_id}/{token_uid}?type= (RFID if omitted). */
export type TokenPath = { country_code: string; party_id: string; token_uid: string; type: OcpiTokenType };

const keyOfPath = (path: TokenPath): repo.TokenKey => ({
  countryCode: path.country_code,
  partyId: path.party_id,
  uid: path.token_uid,
  type: path.type,
});
const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
/** A DateTime without a zone designator is UTC (2.2.1 "Types"). */
const dateOf = (value: string) => new Date(value.endsWith('Z') ? value : `${value}Z`);

const notYourParty = (path: TokenPath) =>
  new OcpiError(403, OCPI_STATUS.CLIENT_ERROR, `${path.country_code}/${path.party_id} is not a party of yours: a partner pushes only its own tokens`);

/**
 * OCPI Tokens as a CPO (issue 42): the Receiver interface partners push their drivers' tokens to, and Authorize at
 * our chargers for those tokens (token-authorization.ts). Tokens are "Client Owned Objects": a partner reads and
 * writes only the tokens of its own parties (its credentials roles).
 */
export const createOcpiTokensService = ({
  db,
  jwtSecret,
  realtimeTimeoutMs = 5_000,
}: {
  db: Database;
  jwtSecret: string;
  realtimeTimeoutMs?: number;
}) => {
  const atCharger = createTokenAuthorization({ db, box: ocpiCredentialsBox(jwtSecret), realtimeTimeoutMs });

  const assertOwnParty = async (caller: OcpiCaller, path: TokenPath) => {
    const parties = await repo.partnerParties(db, caller.id);
    if (!parties.includes(`${path.country_code}/${path.party_id}`.toUpperCase())) throw notYourParty(path);
  };

  /** The caller's own token at this path, or 404 / 2004. */
  const ownToken = async (caller: OcpiCaller, path: TokenPath) => {
    await assertOwnParty(caller, path);
    const found = await repo.findToken(db, keyOfPath(path));
    if (!found || found.partnerId !== caller.id) throw ocpiErrors.unknownToken(`No token ${path.token_uid} of type ${path.type}`);
    return found.body;
  };

  const save = async (caller: OcpiCaller, path: TokenPath, token: OcpiToken) => {
    const saved = await repo.saveToken(db, caller.id, token, dateOf(token.last_updated));
    if (!saved) throw notYourParty(path);
    atCharger.forget(token.uid);
  };

  /** The path names the object: a body naming another token is refused (2.2.1: "SHALL be the same value"). */
  const assertPathMatches = (path: TokenPath, body: Partial<Pick<OcpiToken, 'country_code' | 'party_id' | 'uid' | 'type'>>) => {
    const wrong = [
      body.country_code !== undefined && !same(body.country_code, path.country_code) && 'country_code',
      body.party_id !== undefined && !same(body.party_id, path.party_id) && 'party_id',
      body.uid !== undefined && !same(body.uid, path.token_uid) && 'uid (token_uid)',
      body.type !== undefined && body.type !== path.type && 'type',
    ].filter(Boolean);
    if (wrong.length) throw ocpiErrors.invalid(`The body's ${wrong.join(', ')} differ from the URL's`);
  };

  return {
    get: ownToken,

    put: async (caller: OcpiCaller, path: TokenPath, token: OcpiToken) => {
      assertPathMatches(path, token);
      await assertOwnParty(caller, path);
      await save(caller, path, token);
    },

    patch: async (caller: OcpiCaller, path: TokenPath, patch: OcpiTokenPatch) => {
      assertPathMatches(path, patch);
      const merged = ocpiTokenSchema.safeParse({ ...(await ownToken(caller, path)), ...patch });
      if (!merged.success) throw ocpiErrors.invalid(merged.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      await save(caller, path, merged.data);
    },

    /** For the OCPP handlers: a roaming token's answer at a charger, or undefined when no partner's token has this uid. */
    authorizeAtCharger: atCharger.authorize,

    /** A roaming driver's session started: its link to the partner, in the session's own transaction. */
    roamingSessionStarted: async (executor: Executor, sessionId: string, roaming: RoamingAuthorization) =>
      repo.insertSessionLink(executor, { sessionId, ...roaming }),

    /** For OCPI Sessions and CDRs: the partner token a session was started with, or undefined for our own drivers. */
    linkOf: async (sessionId: string, executor: Executor = db) => repo.findSessionLink(executor, sessionId),
  };
};

export type OcpiTokensService = ReturnType<typeof createOcpiTokensService>;
