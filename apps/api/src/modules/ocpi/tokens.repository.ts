import type { OcpiToken } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { queryPrepared, type PreparedStatement } from '../../db/prepared-query.ts';
import { ocpiPartners, ocpiSessionLinks, ocpiTokens } from '../../db/schema/index.ts';

/** A token's key: CiString fields, stored upper-cased so that `nl/ems/abc` and `NL/EMS/ABC` are one token. */
export type TokenKey = { countryCode: string; partyId: string; uid: string; type: string };

export const keyOf = (key: TokenKey): TokenKey => ({
  countryCode: key.countryCode.toUpperCase(),
  partyId: key.partyId.toUpperCase(),
  uid: key.uid.toUpperCase(),
  type: key.type,
});

const byKey = (key: TokenKey) => {
  const k = keyOf(key);
  return and(eq(ocpiTokens.countryCode, k.countryCode), eq(ocpiTokens.partyId, k.partyId), eq(ocpiTokens.uid, k.uid), eq(ocpiTokens.type, k.type));
};

export const findToken = async (db: Executor, key: TokenKey) => {
  const [row] = await db.select({ partnerId: ocpiTokens.partnerId, body: ocpiTokens.body }).from(ocpiTokens).where(byKey(key)).limit(1);
  return row && { partnerId: row.partnerId, body: row.body as OcpiToken };
};

/**
 * Stores a token as its owner sent it. Only the partner that holds the row may replace it: undefined when another
 * partner already holds this key (its party moved between partners — refused, not silently taken over).
 */
export const saveToken = async (db: Executor, partnerId: string, token: OcpiToken, lastUpdated: Date) => {
  const k = keyOf({ countryCode: token.country_code, partyId: token.party_id, uid: token.uid, type: token.type });
  const values = { contractId: token.contract_id, valid: token.valid, whitelist: token.whitelist, body: token, lastUpdated };
  const [row] = await db
    .insert(ocpiTokens)
    .values({ partnerId, ...k, ...values })
    .onConflictDoUpdate({
      target: [ocpiTokens.countryCode, ocpiTokens.partyId, ocpiTokens.uid, ocpiTokens.type],
      set: values,
      setWhere: eq(ocpiTokens.partnerId, partnerId),
    })
    .returning({ uid: ocpiTokens.uid });
  return row;
};

/** The parties (country code, party id) a partner plays, from the credentials it registered with. */
export const partnerParties = async (db: Executor, partnerId: string) => {
  const [row] = await db
    .select({ countryCode: ocpiPartners.countryCode, partyId: ocpiPartners.partyId, roles: ocpiPartners.roles })
    .from(ocpiPartners)
    .where(eq(ocpiPartners.id, partnerId))
    .limit(1);
  if (!row) return [];
  const parties = row.roles.map((role) => ({ countryCode: role.country_code, partyId: role.party_id }));
  if (row.countryCode && row.partyId) parties.push({ countryCode: row.countryCode, partyId: row.partyId });
  return parties.map((party) => `${party.countryCode}/${party.partyId}`.toUpperCase());
};

/** A partner's token as Authorize needs it: its ids as the partner wrote them, which is how it wants them back. */
export type TokenAtCharger = {
  partner_id: string;
  /** The stored (upper-cased) uid. */
  key_uid: string;
  country_code: string;
  party_id: string;
  uid: string;
  type: string;
  contract_id: string;
  valid: boolean;
  whitelist: string;
  group_id: string | null;
};

/**
 * The token a charger's tag names (index on uid), of a partner we are connected with; an RFID token first, then
 * the newest, should two eMSPs hold the same uid. Prepared and urgent like the drivers' lookup: a driver waits.
 */
const TOKEN_AT_CHARGER: PreparedStatement = {
  name: 'wd_authorize_ocpi_token',
  sql: `
  select t.partner_id, t.uid as key_uid, t.body->>'country_code' as country_code, t.body->>'party_id' as party_id,
    t.body->>'uid' as uid, t.type, t.contract_id, t.valid, t.whitelist, t.body->>'group_id' as group_id
  from ocpi_tokens t join ocpi_partners p on p.id = t.partner_id
  where t.uid = $1::text and p.status = 'CONNECTED'
  order by (t.type = 'RFID') desc, t.last_updated desc limit 1`,
};

export const findTokenAtCharger = async (db: Database, tag: string): Promise<TokenAtCharger | undefined> => {
  const [row] = await queryPrepared<TokenAtCharger>(db, TOKEN_AT_CHARGER, [tag.toUpperCase()], { urgent: true });
  return row;
};

/** What a real-time authorization needs of the partner: its endpoints and the sealed token we call it with. */
export const findPartnerCallInfo = async (db: Executor, partnerId: string) => {
  const [row] = await db
    .select({ endpoints: ocpiPartners.endpoints, outgoingTokenSealed: ocpiPartners.outgoingTokenSealed })
    .from(ocpiPartners)
    .where(eq(ocpiPartners.id, partnerId))
    .limit(1);
  return row;
};

export type SessionLink = typeof ocpiSessionLinks.$inferInsert;

/** A session keeps the token it started with: a second start or a tag presented later changes nothing. */
export const insertSessionLink = async (db: Executor, link: SessionLink) => {
  await db.insert(ocpiSessionLinks).values(link).onConflictDoNothing({ target: ocpiSessionLinks.sessionId });
};

export const findSessionLink = async (db: Executor, sessionId: string) => {
  const [row] = await db.select().from(ocpiSessionLinks).where(eq(ocpiSessionLinks.sessionId, sessionId)).limit(1);
  return row;
};
