import type { OcpiToken } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions, ocpiSessionLinks } from '../../db/schema/index.ts';
import { makeDriver, newTag } from '../../../test/driver-fixtures.ts';
import { connectTestPartner, startOcpiPeer, type PeerRequest } from '../../../test/ocpi-peer.ts';
import { startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { connect201 } from '../../../test/ocpp201-client.ts';
import { createOcpiTokensService } from './tokens.service.ts';

const LOCATION = 'oak-jack-london';

/** A partner's driver at our chargers (1.6J and 2.0.1): its pushed token decides, or its eMSP in real time. */
describe('OCPI tokens at the charger', () => {
  let t: OcppTestApp;
  let peer: Awaited<ReturnType<typeof startOcpiPeer>>;
  let partner: Awaited<ReturnType<typeof connectTestPartner>>;
  /** The eMSP's real-time answers by token uid (absent: the peer's plain 1000 without data, i.e. garbled). */
  const realtime = new Map<string, { status?: number; body: unknown }>();

  beforeAll(async () => {
    t = await startOcppApp();
    peer = await startOcpiPeer();
    partner = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url });
    peer.respond((request) => {
      const uid = /^\/tokens\/([^/]+)\/authorize/.exec(request.path)?.[1];
      return uid ? realtime.get(decodeURIComponent(uid)) : undefined;
    });
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const tokenOf = (overrides: Partial<OcpiToken> = {}): OcpiToken => ({
    country_code: 'NL',
    party_id: 'EMS',
    uid: newTag(),
    type: 'RFID',
    contract_id: `NL-EMS-${newTag()}`,
    issuer: 'Test eMSP',
    valid: true,
    whitelist: 'ALWAYS',
    last_updated: '2026-06-29T22:39:09Z',
    ...overrides,
  });
  const push = async (token: OcpiToken) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/ocpi/2.2.1/tokens/NL/EMS/${token.uid}`,
      headers: { authorization: partner.authorization },
      payload: token,
    });
    expect(response.json()).toMatchObject({ status_code: 1000 });
    return token;
  };
  const patch = async (token: OcpiToken, body: Partial<OcpiToken>) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/ocpi/2.2.1/tokens/NL/EMS/${token.uid}`,
      headers: { authorization: partner.authorization },
      payload: { ...body, last_updated: new Date().toISOString().replace(/\.\d+Z$/, 'Z') },
    });
    expect(response.json()).toMatchObject({ status_code: 1000 });
  };
  const emspAnswers = (token: OcpiToken, allowed: string, reference?: string) =>
    realtime.set(token.uid, {
      body: {
        status_code: 1000,
        timestamp: new Date().toISOString(),
        data: { allowed, token, ...(reference ? { authorization_reference: reference } : {}) },
      },
    });
  const authorizeCalls = (token: OcpiToken): PeerRequest[] =>
    peer.requests.filter((request) => request.path.startsWith(`/tokens/${token.uid}/authorize`));
  const charger16 = async () => {
    const registered = await t.registerCharger(LOCATION);
    const charger = t.simulate(registered);
    await charger.connect();
    return charger;
  };
  const linkOfTransaction = async (transactionId: number) => {
    const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, transactionId));
    return createOcpiTokensService({ db: t.database.db, jwtSecret: t.config.jwtSecret }).linkOf(session!.id);
  };

  it('1.6J: accepts a pushed valid token without asking the eMSP, links the session to it, and refuses it once PATCHed invalid', async () => {
    const charger = await charger16();
    const token = await push(tokenOf({ group_id: 'GRP-1' }));
    expect((await charger.authorize(token.uid)).idTagInfo).toEqual({ status: 'Accepted', parentIdTag: 'GRP-1' });
    // A CiString: the reader's lower-case hex is the same token.
    expect((await charger.authorize(token.uid.toLowerCase())).idTagInfo.status).toBe('Accepted');

    const started = await charger.startSession({ connectorId: 1, idTag: token.uid });
    expect(started.idTagInfo.status).toBe('Accepted');
    expect(await linkOfTransaction(started.transactionId)).toMatchObject({
      partnerId: partner.id,
      countryCode: 'NL',
      partyId: 'EMS',
      tokenUid: token.uid,
      tokenType: 'RFID',
      contractId: token.contract_id,
      authMethod: 'WHITELIST',
      authorizationReference: null,
    });
    expect(authorizeCalls(token)).toEqual([]);

    await patch(token, { valid: false });
    expect((await charger.authorize(token.uid)).idTagInfo.status).toBe('Blocked');
  });

  it("leaves our own drivers' tags as they were, even when a partner pushed the same uid", async () => {
    const charger = await charger16();
    const tag = newTag();
    await makeDriver(t.database.db, t.locations[LOCATION]!, { tags: [tag] });
    await push(tokenOf({ uid: tag, valid: false }));
    expect((await charger.authorize(tag)).idTagInfo.status).toBe('Accepted');
    const started = await charger.startSession({ connectorId: 1, idTag: tag });
    expect(await linkOfTransaction(started.transactionId)).toBeUndefined();
  });

  it('whitelist NEVER: asks the eMSP with the location, and its answer decides; the session keeps its authorization_reference', async () => {
    const charger = await charger16();
    const allowed = await push(tokenOf({ whitelist: 'NEVER', valid: false }));
    const blocked = await push(tokenOf({ whitelist: 'NEVER' }));
    emspAnswers(allowed, 'ALLOWED', 'AUTH-REF-1');
    emspAnswers(blocked, 'BLOCKED');

    // valid=false has "no influence" where real-time authorization is required: the eMSP's ALLOWED stands.
    expect((await charger.authorize(allowed.uid)).idTagInfo.status).toBe('Accepted');
    expect((await charger.authorize(blocked.uid)).idTagInfo.status).toBe('Blocked');
    const [call] = authorizeCalls(allowed);
    expect(call).toMatchObject({
      method: 'POST',
      path: `/tokens/${allowed.uid}/authorize?type=RFID`,
      authorization: `Token ${Buffer.from(partner.tokenB).toString('base64')}`,
      body: { location_id: t.locations[LOCATION] },
    });

    const started = await charger.startSession({ connectorId: 1, idTag: allowed.uid });
    expect(started.idTagInfo.status).toBe('Accepted');
    expect(await linkOfTransaction(started.transactionId)).toMatchObject({ authMethod: 'AUTH_REQUEST', authorizationReference: 'AUTH-REF-1' });
  });

  it('an unreachable eMSP refuses a NEVER token and lets an ALLOWED_OFFLINE one charge; an unknown one is refused', async () => {
    const charger = await charger16();
    const never = await push(tokenOf({ whitelist: 'NEVER' }));
    const offline = await push(tokenOf({ whitelist: 'ALLOWED_OFFLINE' }));
    const forgotten = await push(tokenOf({ whitelist: 'ALLOWED_OFFLINE' }));
    for (const token of [never, offline]) realtime.set(token.uid, { status: 503, body: { status_code: 3000, timestamp: new Date().toISOString() } });
    realtime.set(forgotten.uid, { status: 404, body: { status_code: 2004, timestamp: new Date().toISOString() } });

    expect((await charger.authorize(never.uid)).idTagInfo.status).toBe('Invalid');
    expect((await charger.authorize(offline.uid)).idTagInfo.status).toBe('Accepted');
    expect((await charger.authorize(forgotten.uid)).idTagInfo.status).toBe('Invalid');
    expect(authorizeCalls(offline)).toHaveLength(1);
  });

  it('2.0.1: accepts a pushed valid token at Authorize and in TransactionEvent Started, and links the session to it as sent', async () => {
    const station = await connect201(t, LOCATION);
    try {
      // The session keeps the uid as the eMSP wrote it (lower-case here), which is how it wants it back in CDRs.
      const token = await push(tokenOf({ uid: newTag().toLowerCase() }));
      const idToken = { idToken: token.uid.toUpperCase(), type: 'ISO14443' as const };
      expect((await station.call('Authorize', { idToken })).idTokenInfo.status).toBe('Accepted');
      const started = await station.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: new Date().toISOString(),
        triggerReason: 'Authorized',
        seqNo: 0,
        transactionInfo: { transactionId: `TX-OCPI-${token.uid}`, chargingState: 'Charging' },
        evse: { id: 1, connectorId: 1 },
        idToken,
      });
      expect(started.idTokenInfo?.status).toBe('Accepted');
      const [session] = await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.chargerTransactionId, `TX-OCPI-${token.uid}`));
      const [link] = await t.database.db.select().from(ocpiSessionLinks).where(eq(ocpiSessionLinks.sessionId, session!.id));
      expect(link).toMatchObject({ tokenUid: token.uid, contractId: token.contract_id, authMethod: 'WHITELIST' });

      await patch(token, { valid: false });
      expect((await station.call('Authorize', { idToken })).idTokenInfo.status).toBe('Blocked');
    } finally {
      await station.client.close({ force: true });
    }
  });
});
