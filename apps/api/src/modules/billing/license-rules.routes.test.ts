import { randomUUID } from 'node:crypto';
import { LICENSE_GRACE_DAYS, type LicenseOverview } from '@wattdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

const DAY_MS = 86_400_000;

describe('licence rules: an unlicensed charger keeps charging, but takes no remote command or firmware campaign', () => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, string>;
  let offset = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(Date.now() + offset) });
    ids = await demoLocationIds(t.database.db);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject(authed(admin, { method, url, ...(payload ? { payload } : {}) }));
  /** Moves the clock past the grace period of every charger registered so far, and signs in again at that time. */
  const afterGrace = async () => {
    offset = (LICENSE_GRACE_DAYS + 1) * DAY_MS;
    admin = (await loginAs(t.app, 'Admin')).access_token;
  };

  it('a new charger is in its grace period: a remote command is not held back by the licence', async () => {
    admin = (await loginAs(t.app, 'Admin')).access_token;
    const chargerId = `WD-L-${randomUUID().slice(0, 8).toUpperCase()}`;
    const created = json<{ id: string }>(
      await call('POST', '/web/chargers', { locationId: ids['sf-mission-bay'], chargerId, name: `Grace ${chargerId}`, kind: 'smart' }),
    );
    // Not connected: the command reaches the offline check, not the licence rule.
    expect(json(await call('POST', `/web/chargers/${created.id}/reset`, { type: 'Soft' }))).toMatchObject({ code: 'CHARGER_OFFLINE' });
  });

  it('past the grace period: remote commands are refused naming the licence; stop and unlock still go; a seat lifts it', async () => {
    await afterGrace();
    const locationId = ids['sf-civic-center']!;
    const overview = json<LicenseOverview>(await call('GET', `/web/payments/licenses?locationId=${locationId}`));
    const unlicensed = overview.chargers.find((charger) => !charger.licensed)!;

    const refused = await call('POST', `/web/chargers/${unlicensed.id}/reset`, { type: 'Soft' });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      code: 'CHARGER_UNLICENSED',
      msg: [
        `Remote commands need a valid license: ${unlicensed.name} (${unlicensed.chargerId}) has no license seat`,
        'Assign a license seat under License. Drivers can still charge',
      ],
    });
    for (const [path, body] of [
      ['availability', { connectorId: 0, type: 'Inoperative' }],
      ['remote-start', { idTag: 'DRIVER-0001' }],
    ] as const)
      expect(json(await call('POST', `/web/chargers/${unlicensed.id}/${path}`, body))).toMatchObject({ code: 'CHARGER_UNLICENSED' });
    // What frees a driver is never held back: these reach the charger check (offline here).
    expect(json(await call('POST', `/web/chargers/${unlicensed.id}/remote-stop`, { transactionId: 1 }))).toMatchObject({ code: 'CHARGER_OFFLINE' });
    expect(json(await call('POST', `/web/chargers/${unlicensed.id}/unlock`, { connectorId: 1 }))).toMatchObject({ code: 'CHARGER_OFFLINE' });
    // A licensed charger of the same location is commanded as before.
    const licensed = overview.chargers.find((charger) => charger.licensed)!;
    expect(json(await call('POST', `/web/chargers/${licensed.id}/reset`, { type: 'Soft' }))).toMatchObject({ code: 'CHARGER_OFFLINE' });

    const added = json<{ id: string }>(
      await call('POST', '/web/payments/licenses', { locationId, seats: 1, idempotencyKey: randomUUID().replaceAll('-', '') }),
    );
    expect((await call('PUT', `/web/payments/licenses/chargers/${unlicensed.id}`, { locationId, licenseId: added.id })).statusCode).toBe(200);
    expect(json(await call('POST', `/web/chargers/${unlicensed.id}/reset`, { type: 'Soft' }))).toMatchObject({ code: 'CHARGER_OFFLINE' });
  });
});
