import type { MeterValuesRequest } from '@wattdesk/shared/ocpp/ocpp16';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver, DriverSession } from '@wattdesk/shared';
import { activityLogs, chargerEvents, chargingSessions, sessionPrices } from '../../db/schema/index.ts';
import { makeDriver, newTag } from '../../../test/driver-fixtures.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { localClock } from './authorization-rules.ts';

/** Restrictions are enforced at the charger: a simulated charger presents tags over OCPP 1.6J. */
describe('driver restrictions at the charger', () => {
  let t: OcppTestApp;
  let lot: string;
  const timeZone = 'America/Los_Angeles';

  beforeAll(async () => {
    t = await startOcppApp();
    lot = t.locations['oak-jack-london']!;
  });
  afterAll(() => t.close());

  const connected = async () => {
    const registered = await t.registerCharger('oak-jack-london');
    const charger = t.simulate(registered);
    await charger.connect();
    return { registered, charger };
  };
  const authorizationEvents = async (chargerCode: string) =>
    (
      await t.database.db
        .select()
        .from(chargerEvents)
        .where(and(eq(chargerEvents.chargerCode, chargerCode), eq(chargerEvents.kind, 'authorization')))
    ).map((event) => event.summary);
  const sessionEvents = async (chargerCode: string) =>
    (
      await t.database.db
        .select()
        .from(chargerEvents)
        .where(and(eq(chargerEvents.chargerCode, chargerCode), eq(chargerEvents.kind, 'session')))
    ).map((event) => event.summary);

  it('answers Accepted, Blocked, Expired and Invalid, and writes each refusal’s reason to the charger log', async () => {
    const { registered, charger } = await connected();
    const hour = localClock(new Date(), timeZone).hour;
    const tags = { ok: newTag(), inactive: newTag(), expired: newTag(), hours: newTag(), elsewhere: newTag() };
    await makeDriver(t.database.db, lot, { tags: [tags.ok] });
    await makeDriver(t.database.db, lot, { tags: [tags.inactive], status: 'INACTIVE' });
    await makeDriver(t.database.db, lot, { tags: [tags.expired], restrictions: { expiresOn: '2020-01-31' } });
    await makeDriver(t.database.db, lot, { tags: [tags.hours], restrictions: { hourFrom: (hour + 1) % 24, hourTo: (hour + 2) % 24 } });
    await makeDriver(t.database.db, lot, { tags: [tags.elsewhere], restrictions: { allowedLocationIds: [t.locations['sf-embarcadero']!] } });

    expect((await charger.authorize(tags.ok.toLowerCase())).idTagInfo.status).toBe('Accepted');
    expect((await charger.authorize(tags.inactive)).idTagInfo.status).toBe('Blocked');
    expect((await charger.authorize(tags.expired)).idTagInfo.status).toBe('Expired');
    expect((await charger.authorize(tags.hours)).idTagInfo.status).toBe('Blocked');
    expect((await charger.authorize(tags.elsewhere)).idTagInfo.status).toBe('Blocked');

    await eventually(async () =>
      expect(await authorizationEvents(registered.chargerId)).toEqual(
        expect.arrayContaining([
          `Authorize for ${tags.inactive} refused (Blocked): the driver is deactivated`,
          `Authorize for ${tags.expired} refused (Expired): access expired after 2020-01-31`,
          expect.stringMatching(new RegExp(`^Authorize for ${tags.hours} refused \\(Blocked\\): outside the allowed hours`)),
          `Authorize for ${tags.elsewhere} refused (Blocked): not allowed at this location`,
        ]),
      ),
    );
  });

  it('a refused StartTransaction gets its transaction id and is stopped by the charger (DeAuthorized)', async () => {
    const { charger } = await connected();
    const tag = newTag();
    await makeDriver(t.database.db, lot, { tags: [tag], status: 'INACTIVE' });
    const started = await charger.startSession({ idTag: tag });
    expect(started.idTagInfo.status).toBe('Blocked');
    await eventually(async () => {
      const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, started.transactionId));
      expect(session).toMatchObject({ status: 'completed', stopReason: 'DeAuthorized' });
    });
  });

  it('changes apply to the next Authorize: deactivating a driver and refusing unknown tags through the API', async () => {
    const { charger } = await connected();
    const tag = newTag();
    const driverId = await makeDriver(t.database.db, lot, { tags: [tag] });
    expect((await charger.authorize(tag)).idTagInfo.status).toBe('Accepted');
    expect((await t.api('POST', `/web/drivers/${driverId}/deactivate`)).status).toBe(200);
    expect((await charger.authorize(tag)).idTagInfo.status).toBe('Blocked');

    const stranger = newTag();
    expect((await charger.authorize(stranger)).idTagInfo.status).toBe('Accepted');
    expect((await t.api('PUT', '/web/drivers/access-settings', { locationId: lot, acceptUnknownTags: false })).status).toBe(200);
    expect((await charger.authorize(stranger)).idTagInfo.status).toBe('Invalid');
    const [audit] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, 'driver.access_settings'));
    expect(audit!.changes).toEqual({ acceptUnknownTags: { before: true, after: false } });
    await t.api('PUT', '/web/drivers/access-settings', { locationId: lot, acceptUnknownTags: true });
  });

  it('a maximum of sessions per day refuses the next start; the driver’s session and its price show on the driver', async () => {
    const { charger } = await connected();
    const tag = newTag();
    const driverId = await makeDriver(t.database.db, lot, { tags: [tag], restrictions: { maxSessionsPerDay: 1 } });
    const started = await charger.startSession({ idTag: tag });
    expect(started.idTagInfo.status).toBe('Accepted');
    await charger.stopSession();
    expect((await charger.authorize(tag)).idTagInfo.status).toBe('Blocked');

    const [price] = await t.database.db
      .select({ total: sessionPrices.total, currency: sessionPrices.currency })
      .from(sessionPrices)
      .innerJoin(chargingSessions, eq(chargingSessions.id, sessionPrices.sessionId))
      .where(eq(chargingSessions.transactionId, started.transactionId));
    const driver = (await t.api('GET', `/web/drivers/${driverId}`)).body as unknown as Driver;
    expect(driver).toMatchObject({ sessionCount: 1, costs: [{ currency: price!.currency, amountMinor: price!.total }] });
    const sessions = (await t.api('GET', `/web/drivers/${driverId}/sessions`)).body as unknown as { items: DriverSession[] };
    expect(sessions.items[0]).toMatchObject({ transactionId: started.transactionId, idTag: tag, cost: { amountMinor: price!.total } });
  });

  it('a session that reaches the driver’s kWh limit is stopped with RemoteStopTransaction', async () => {
    const { registered, charger } = await connected();
    const tag = newTag();
    await makeDriver(t.database.db, lot, { tags: [tag], restrictions: { maxKwhPerSession: 2 } });
    const started = await charger.startSession({ idTag: tag, meterStart: 10_000 });
    expect(started.idTagInfo.status).toBe('Accepted');
    const reading = (wh: number): MeterValuesRequest => ({
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [
        { timestamp: new Date().toISOString(), sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] },
      ],
    });
    await charger.call('MeterValues', reading(11_500));
    expect(charger.activeTransactionId()).toBe(started.transactionId);
    await charger.call('MeterValues', reading(12_050));
    await eventually(async () => {
      const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, started.transactionId));
      expect(session).toMatchObject({ status: 'completed', stopReason: 'Remote' });
    });
    // Logged once the charger answered the stop, by group commit: it arrives, not at once.
    await eventually(async () =>
      expect(await authorizationEvents(registered.chargerId)).toContain(
        `Session ${started.transactionId} reached the driver's limit of 2 kWh: RemoteStopTransaction Accepted`,
      ),
    );
  });

  it('a session picked up after the charger reconnects keeps its driver’s kWh limit; another charger cannot claim it', async () => {
    const { registered, charger } = await connected();
    const tag = newTag();
    await makeDriver(t.database.db, lot, { tags: [tag], restrictions: { maxKwhPerSession: 2 } });
    const started = await charger.startSession({ idTag: tag, meterStart: 10_000 });
    const reading = (wh: number): MeterValuesRequest => ({
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [
        { timestamp: new Date().toISOString(), sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] },
      ],
    });

    // A charger elsewhere that sends this transaction's id is not given the session.
    const other = await connected();
    await other.charger.call('MeterValues', reading(50_000));
    await eventually(async () =>
      expect(await sessionEvents(other.registered.chargerId)).toContain(
        `Meter values for unknown transaction ${started.transactionId} accepted, not stored: no session matched`,
      ),
    );

    // The network drops; the charger comes back with its session still running and past the limit.
    await charger.close();
    await charger.connect();
    await charger.call('MeterValues', reading(12_050));
    await eventually(async () => {
      const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, started.transactionId));
      expect(session).toMatchObject({ status: 'completed', stopReason: 'Remote' });
    });
    await eventually(async () =>
      expect(await authorizationEvents(registered.chargerId)).toContain(
        `Session ${started.transactionId} reached the driver's limit of 2 kWh: RemoteStopTransaction Accepted`,
      ),
    );
  });

  it("a sub-user charges under its main user's restrictions and its sessions roll up to the main user", async () => {
    const { registered, charger } = await connected();
    const [mainTag, subTag, awayTag] = [newTag(), newTag(), newTag()];
    const mainId = await makeDriver(t.database.db, lot, { tags: [mainTag], restrictions: { maxSessionsPerDay: 2, maxKwhPerSession: 30 } });
    const subId = await makeDriver(t.database.db, lot, { role: 'sub-user', mainDriverId: mainId, tags: [subTag] });
    const away = await makeDriver(t.database.db, lot, { restrictions: { allowedLocationIds: [t.locations['sf-embarcadero']!] } });
    await makeDriver(t.database.db, lot, { role: 'sub-user', mainDriverId: away, tags: [awayTag] });

    expect((await charger.authorize(awayTag)).idTagInfo.status).toBe('Blocked');
    await eventually(async () =>
      expect(await authorizationEvents(registered.chargerId)).toContain(
        `Authorize for ${awayTag} refused (Blocked): main user's account: not allowed at this location`,
      ),
    );
    // The account's two sessions a day: one by the main user, one by the sub-user, then the sub-user is refused.
    for (const tag of [mainTag, subTag]) {
      expect((await charger.startSession({ idTag: tag })).idTagInfo.status).toBe('Accepted');
      await charger.stopSession();
    }
    expect((await charger.authorize(subTag)).idTagInfo.status).toBe('Blocked');

    const main = (await t.api('GET', `/web/drivers/${mainId}`)).body as unknown as Driver;
    expect(main).toMatchObject({ sessionCount: 1, subUserCount: 1, account: { sessionCount: 2 } });
    const sub = (await t.api('GET', `/web/drivers/${subId}`)).body as unknown as Driver;
    expect(sub).toMatchObject({ sessionCount: 1, account: null, mainDriver: { id: mainId } });
    const listed = (await t.api('GET', `/web/drivers/${mainId}/sessions`)).body as unknown as { items: DriverSession[]; total: number };
    expect(listed.total).toBe(2);
    expect(listed.items.map((session) => session.driverId).sort()).toEqual([mainId, subId].sort());
  });
});
