import { evseUidOf } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions, driverAccessSettings, ocpiSessionLinks } from '../../../db/schema/index.ts';
import { eventually } from '../../../../test/ocpp-harness.ts';
import { connectTestPartner } from '../../../../test/ocpi-peer.ts';
import { appToken, startCommandsApp } from '../../../../test/ocpi-commands-fixture.ts';

/** An eMSP commands one of our 1.6J chargers through OCPI (2.2.1 mod_commands), as its driver app would. */
describe('OCPI commands to a 1.6J charger', () => {
  let f: Awaited<ReturnType<typeof startCommandsApp>>;
  let chargerId: string;
  /** The charger's own (OCPP) id, which EVSE uids carry. */
  let ocppId: string;
  let charger: ReturnType<Awaited<ReturnType<typeof startCommandsApp>>['t']['simulate']>;
  beforeAll(async () => {
    f = await startCommandsApp();
    // Tags no driver holds are refused here, as a partner's token is: only its START_SESSION lets it in.
    await f.t.database.db
      .insert(driverAccessSettings)
      .values({ locationId: f.locationId, acceptUnknownTags: false })
      .onConflictDoUpdate({ target: driverAccessSettings.locationId, set: { acceptUnknownTags: false } });
    const registered = await f.t.registerCharger('oak-jack-london');
    chargerId = registered.id;
    ocppId = registered.chargerId;
    charger = f.t.simulate(registered, { connectors: 2 });
    await charger.connect();
    await eventually(async () => expect((await f.t.charger(registered.id)).connected).toBe(true));
  });
  afterAll(() => f.close());

  const received = (method: string) => charger.received.filter((command) => command.method === method).map((command) => command.params);

  it('START_SESSION: accepted at once, RemoteStartTransaction to the charger, its answer queued to response_url, the session linked to the partner; STOP_SESSION stops it', async () => {
    const url = f.responseUrl('START_SESSION');
    const started = await f.post('START_SESSION', {
      response_url: url,
      token: appToken('EMS-APP-0001'),
      location_id: f.locationId,
      evse_uid: evseUidOf(ocppId, 1),
      connector_id: '1',
      authorization_reference: 'AUTH-REF-1',
    });
    expect(started).toMatchObject({ status: 200, body: { status_code: 1000, data: { result: 'ACCEPTED', timeout: 6 } } });
    expect((await f.commandAt(url))?.deadlineAt.getTime()).toBeGreaterThan(Date.now());

    const result = await f.resultAt(url);
    expect(result).toMatchObject({ module: 'commands', method: 'POST', url, path: null, body: { result: 'ACCEPTED' } });
    expect(received('RemoteStartTransaction')).toContainEqual({ idTag: 'EMS-APP-0001', connectorId: 1 });
    expect(await f.commandAt(url)).toMatchObject({ result: 'ACCEPTED', command: 'START_SESSION', chargerId });

    // The eMSP authorized the token: the charger asking about it is told Accepted, unlike a tag nobody commanded.
    expect((await charger.call('Authorize', { idTag: 'EMS-APP-0001' })).idTagInfo.status).toBe('Accepted');
    expect((await charger.call('Authorize', { idTag: 'EMS-APP-NONE' })).idTagInfo.status).not.toBe('Accepted');

    // The charger starts the transaction with the token's uid: the session belongs to the partner, by command.
    const session = await eventually(async () => {
      const [row] = await f.t.database.db
        .select()
        .from(chargingSessions)
        .where(and(eq(chargingSessions.chargerId, chargerId), eq(chargingSessions.idTag, 'EMS-APP-0001'), eq(chargingSessions.status, 'active')));
      expect(row).toBeDefined();
      return row!;
    });
    const [link] = await f.t.database.db.select().from(ocpiSessionLinks).where(eq(ocpiSessionLinks.sessionId, session.id));
    expect(link).toMatchObject({
      partnerId: f.partner.id,
      countryCode: 'NL',
      partyId: 'EMS',
      tokenUid: 'EMS-APP-0001',
      tokenType: 'APP_USER',
      contractId: 'NL-EMS-CEMS-APP-0001',
      authMethod: 'COMMAND',
      authorizationReference: 'AUTH-REF-1',
    });

    // The connector is busy now: the charger refuses a second start there, and the partner hears REJECTED.
    const busyUrl = f.responseUrl('START_SESSION');
    const busy = await f.post('START_SESSION', {
      response_url: busyUrl,
      token: appToken('EMS-APP-0002'),
      location_id: f.locationId,
      evse_uid: evseUidOf(ocppId, 1),
    });
    expect(busy.body.data?.result).toBe('ACCEPTED');
    expect((await f.resultAt(busyUrl)).body).toEqual({ result: 'REJECTED' });

    // Another partner cannot stop this partner's session: to it the session is unknown.
    const other = await connectTestPartner(f.t.database.db, f.t.config.jwtSecret, { peerUrl: f.peer.url, countryCode: 'DE', partyId: 'OTH' });
    const foreign = await f.post('STOP_SESSION', { response_url: f.responseUrl('STOP_SESSION'), session_id: session.id }, other.authorization);
    expect(foreign.body).toMatchObject({ status_code: 1000, data: { result: 'UNKNOWN_SESSION' } });

    const stopUrl = f.responseUrl('STOP_SESSION');
    const stopped = await f.post('STOP_SESSION', { response_url: stopUrl, session_id: session.id });
    expect(stopped.body).toMatchObject({ status_code: 1000, data: { result: 'ACCEPTED' } });
    expect((await f.resultAt(stopUrl)).body).toEqual({ result: 'ACCEPTED' });
    expect(received('RemoteStopTransaction')).toContainEqual({ transactionId: session.transactionId });
    await eventually(async () => expect((await f.t.charger(chargerId)).activeSessions).toEqual([]));
  });

  it('STOP_SESSION of a session we do not know, or not a uuid at all: UNKNOWN_SESSION, nothing queued', async () => {
    for (const sessionId of ['6f1c3c9e-0000-4000-8000-000000000000', 'SESSION-1']) {
      const url = f.responseUrl('STOP_SESSION');
      const answer = await f.post('STOP_SESSION', { response_url: url, session_id: sessionId });
      expect(answer).toMatchObject({ status: 200, body: { status_code: 1000, data: { result: 'UNKNOWN_SESSION', timeout: 6 } } });
      expect(await f.commandAt(url)).toBeUndefined();
    }
  });

  it('UNLOCK_CONNECTOR: UnlockConnector to the charger, Unlocked becomes ACCEPTED', async () => {
    const url = f.responseUrl('UNLOCK_CONNECTOR');
    const answer = await f.post('UNLOCK_CONNECTOR', {
      response_url: url,
      location_id: f.locationId,
      evse_uid: evseUidOf(ocppId, 2),
      connector_id: '1',
    });
    expect(answer.body).toMatchObject({ status_code: 1000, data: { result: 'ACCEPTED' } });
    expect((await f.resultAt(url)).body).toEqual({ result: 'ACCEPTED' });
    expect(received('UnlockConnector')).toContainEqual({ connectorId: 2 });
  });

  it('RESERVE_NOW then CANCEL_RESERVATION: the charger gets our own reservation id, never the partner’s', async () => {
    const expiry = new Date(Date.now() + 30 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const reserveUrl = f.responseUrl('RESERVE_NOW');
    const reserved = await f.post('RESERVE_NOW', {
      response_url: reserveUrl,
      token: appToken('EMS-APP-0003'),
      expiry_date: expiry,
      reservation_id: 'RES-1',
      location_id: f.locationId,
      evse_uid: evseUidOf(ocppId, 2),
    });
    expect(reserved.body).toMatchObject({ status_code: 1000, data: { result: 'ACCEPTED' } });
    expect((await f.resultAt(reserveUrl)).body).toEqual({ result: 'ACCEPTED' });
    const [reserveNow] = received('ReserveNow') as { reservationId: number }[];
    expect(reserveNow).toEqual({
      reservationId: expect.any(Number),
      connectorId: 2,
      expiryDate: new Date(expiry).toISOString(),
      idTag: 'EMS-APP-0003',
    });
    await eventually(async () => expect((await f.t.charger(chargerId)).connectors.find((c) => c.connectorId === 2)?.status).toBe('Reserved'));

    const cancelUrl = f.responseUrl('CANCEL_RESERVATION');
    const cancelled = await f.post('CANCEL_RESERVATION', { response_url: cancelUrl, reservation_id: 'res-1' });
    expect(cancelled.body).toMatchObject({ status_code: 1000, data: { result: 'ACCEPTED' } });
    expect((await f.resultAt(cancelUrl)).body).toEqual({ result: 'ACCEPTED' });
    expect(received('CancelReservation')).toEqual([{ reservationId: reserveNow!.reservationId }]);

    // Cancelled already, the charger no longer knows it.
    const againUrl = f.responseUrl('CANCEL_RESERVATION');
    await f.post('CANCEL_RESERVATION', { response_url: againUrl, reservation_id: 'RES-1' });
    expect((await f.resultAt(againUrl)).body).toEqual({ result: 'UNKNOWN_RESERVATION' });
    // A reservation this partner never made.
    const unknown = await f.post('CANCEL_RESERVATION', { response_url: f.responseUrl('CANCEL_RESERVATION'), reservation_id: 'NEVER-MADE' });
    expect(unknown.body).toMatchObject({ status_code: 1000, data: { result: 'REJECTED' } });
  });

  it('an unknown or unpublished location, or an EVSE not at it: REJECTED with 2003, nothing sent', async () => {
    const before = charger.received.length;
    const unpublished = f.t.locations['sf-mission-bay']!;
    const cases = [
      { location_id: 'LOC-UNKNOWN', evse_uid: evseUidOf(ocppId, 1) },
      { location_id: '6f1c3c9e-0000-4000-8000-000000000000', evse_uid: evseUidOf(ocppId, 1) },
      { location_id: unpublished, evse_uid: evseUidOf(ocppId, 1) },
      { location_id: f.locationId, evse_uid: evseUidOf(ocppId, 9) },
      { location_id: f.locationId, evse_uid: 'EVSE-1' },
      { location_id: f.locationId, evse_uid: evseUidOf(ocppId, 1), connector_id: '2' },
    ];
    for (const where of cases) {
      const answer = await f.post('UNLOCK_CONNECTOR', { response_url: f.responseUrl('UNLOCK_CONNECTOR'), connector_id: '1', ...where });
      expect(answer, JSON.stringify(where)).toMatchObject({ status: 200, body: { status_code: 2003, data: { result: 'REJECTED' } } });
    }
    expect(charger.received.length).toBe(before);
  });

  it('hostile bodies get 2001, an unknown command 404, never a 5xx', async () => {
    const url = f.responseUrl('START_SESSION');
    const valid = { response_url: url, token: appToken('EMS-APP-0009'), location_id: f.locationId };
    const bodies: unknown[] = [
      {},
      [],
      null,
      'just text',
      { ...valid, response_url: 'not a url' },
      { ...valid, response_url: 'javascript:alert(1)' },
      { ...valid, token: { ...appToken('X'), uid: 'U'.repeat(37) } },
      { ...valid, token: { ...appToken('X'), type: 'CREDIT_CARD' } },
      { ...valid, token: 'EMS-APP-0009' },
      { ...valid, location_id: 'L'.repeat(10_000) },
      { ...valid, location_id: 42 },
      { ...valid, connector_id: '1' },
      { ...valid, location_id: 'Ω-unicode' },
    ];
    for (const body of bodies) {
      const answer = await f.post('START_SESSION', JSON.stringify(body));
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { status_code: 2001 } });
    }
    const reserve = await f.post('RESERVE_NOW', { ...valid, reservation_id: 'R', expiry_date: 'tomorrow' });
    expect(reserve.body.status_code).toBe(2001);
    const broken = await f.post('START_SESSION', '{"response_url": ');
    expect(broken.status).toBe(400);
    const unknown = await f.post('SELF_DESTRUCT', valid);
    expect(unknown).toMatchObject({ status: 404, body: { status_code: 2000 } });
    expect(await f.commandAt(url)).toBeUndefined();
  });

  it('is listed in version details as the commands RECEIVER', async () => {
    const response = await f.t.app.inject({ method: 'GET', url: '/ocpi/2.2.1', headers: { authorization: f.partner.authorization } });
    expect(response.json<{ data: { endpoints: unknown[] } }>().data.endpoints).toContainEqual({
      identifier: 'commands',
      role: 'RECEIVER',
      url: expect.stringMatching(/\/ocpi\/2\.2\.1\/commands$/),
    });
  });
});
