import type { OcpiAllowedType } from '@wattdesk/shared';
import type { AuthorizationStatus } from '@wattdesk/shared/ocpp/ocpp16';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { requestRealtimeAuthorization, type RealtimeAnswer } from './realtime-authorization.ts';
import * as repo from './tokens.repository.ts';
import type { RoamingAuthorization } from '../../lib/roaming-authorization.ts';

/** The answer for a charger, in the shape the drivers module gives it (no driver, no kWh limit). */
export type TokenAnswer = {
  status: AuthorizationStatus;
  reason: string;
  driverId: null;
  energyLimitWh: null;
  parentIdTag: string | null;
  roaming?: RoamingAuthorization;
};

/** AllowedType → OCPP 1.6 AuthorizationStatus (2.0.1 has the same values and more). */
const STATUS_OF_ALLOWED: Record<OcpiAllowedType, AuthorizationStatus> = {
  ALLOWED: 'Accepted',
  BLOCKED: 'Blocked',
  EXPIRED: 'Expired',
  NO_CREDIT: 'Invalid',
  NOT_ALLOWED: 'Blocked',
};

/** How long the eMSP's real-time answer serves the same tag at the same place: Authorize then StartTransaction is one use. */
const REUSE_MS = 60_000;
const MAX_REMEMBERED = 10_000;

/**
 * Authorize for a tag none of our drivers has but a roaming partner's token names (decision 075). The whitelist
 * type, as 2.2.1 words it, says whether our copy of the token decides or the eMSP must be asked:
 * ALWAYS and ALLOWED — our copy (ALLOWED lets the CPO choose; we choose the copy, no call while a driver waits);
 * ALLOWED_OFFLINE — ask, and only if the eMSP cannot be reached, our copy; NEVER — ask, unreachable is a refusal.
 * `valid` has "no influence" where real-time authorization is required: the eMSP's answer decides.
 */
export const createTokenAuthorization = ({ db, box, realtimeTimeoutMs }: { db: Database; box: SecretBox; realtimeTimeoutMs: number }) => {
  const remembered = new Map<string, { answer: TokenAnswer; at: number }>();

  const ask = async (token: repo.TokenAtCharger, locationId: string): Promise<RealtimeAnswer> => {
    const partner = await repo.findPartnerCallInfo(db, token.partner_id);
    const endpoint = partner?.endpoints.find((one) => one.identifier === 'tokens' && one.role === 'SENDER');
    const credentialsToken = partner?.outgoingTokenSealed ? box.open(partner.outgoingTokenSealed) : undefined;
    if (!endpoint || !credentialsToken) return { kind: 'unreachable', reason: 'the partner has no tokens endpoint we can call' };
    return requestRealtimeAuthorization({
      tokensUrl: endpoint.url,
      credentialsToken,
      uid: token.uid,
      type: token.type,
      location: { location_id: locationId },
      timeoutMs: realtimeTimeoutMs,
    });
  };

  const roamingOf = (token: repo.TokenAtCharger, authMethod: RoamingAuthorization['authMethod'], reference: string | null): RoamingAuthorization => ({
    partnerId: token.partner_id,
    countryCode: token.country_code,
    partyId: token.party_id,
    tokenUid: token.uid,
    tokenType: token.type,
    contractId: token.contract_id,
    authMethod,
    authorizationReference: reference,
  });

  /** OCPP 1.6 carries a parentIdTag of at most 20 characters; a longer group_id is left out (2.2.1 warns of it). */
  const answer = (token: repo.TokenAtCharger, status: AuthorizationStatus, reason: string, roaming?: RoamingAuthorization): TokenAnswer => ({
    status,
    reason,
    driverId: null,
    energyLimitWh: null,
    parentIdTag: status === 'Accepted' && token.group_id && token.group_id.length <= 20 ? token.group_id : null,
    ...(status === 'Accepted' && roaming ? { roaming } : {}),
  });

  const fromCopy = (token: repo.TokenAtCharger, why: string) =>
    token.valid
      ? answer(token, 'Accepted', `roaming token of ${token.country_code}/${token.party_id} accepted ${why}`, roamingOf(token, 'WHITELIST', null))
      : answer(token, 'Blocked', `roaming token of ${token.country_code}/${token.party_id} is not valid`);

  const realtime = async (token: repo.TokenAtCharger, locationId: string): Promise<TokenAnswer> => {
    const key = `${token.key_uid}|${token.type}|${locationId}`;
    const hit = remembered.get(key);
    if (hit && Date.now() - hit.at < REUSE_MS) return hit.answer;
    const reply = await ask(token, locationId);
    const party = `${token.country_code}/${token.party_id}`;
    if (reply.kind === 'unreachable')
      return token.whitelist === 'ALLOWED_OFFLINE'
        ? fromCopy(token, `from our copy: its eMSP is unreachable (${reply.reason})`)
        : answer(token, 'Invalid', `the eMSP ${party} must authorise this token and is unreachable (${reply.reason})`);
    const decided =
      reply.kind === 'unknown'
        ? answer(token, 'Invalid', `the eMSP ${party} does not know this token`)
        : answer(
            token,
            STATUS_OF_ALLOWED[reply.info.allowed],
            `the eMSP ${party} answered ${reply.info.allowed}`,
            roamingOf(token, 'AUTH_REQUEST', reply.info.authorization_reference ?? null),
          );
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, { answer: decided, at: Date.now() });
    return decided;
  };

  return {
    /** Undefined when no connected partner has a token of this uid: the drivers module's answer stands. */
    authorize: async (tag: string, place: { chargerId: string; locationId: string }): Promise<TokenAnswer | undefined> => {
      const token = await repo.findTokenAtCharger(db, tag);
      if (!token) return undefined;
      if (token.whitelist === 'ALWAYS' || token.whitelist === 'ALLOWED') return fromCopy(token, `(whitelist ${token.whitelist})`);
      return realtime(token, place.locationId);
    },
    /** The partner changed its token: a real-time answer given before no longer stands. */
    forget: (uid: string) => {
      const prefix = `${uid.toUpperCase()}|`;
      for (const key of remembered.keys()) if (key.startsWith(prefix)) remembered.delete(key);
    },
  };
};
