import { randomUUID } from 'node:crypto';
import type { Charger, LicenseOverview } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, licenses } from '../../db/schema/index.ts';

const key = () => randomUUID().replaceAll('-', '');

describe('Software licences per charger', () => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, 'Admin')).access_token;
    ids = await demoLocationIds(t.database.db);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject(authed(admin, { method, url, ...(payload ? { payload } : {}) }));
  const overview = async (locationId: string) => json<LicenseOverview>(await call('GET', `/web/payments/licenses?locationId=${locationId}`));
  /** The control center's charger list: its `licensed` flag is what the cards and rows show. */
  const flags = async (locationId: string) =>
    Object.fromEntries(
      json<{ items: Charger[] }>(await call('GET', `/web/chargers?locationId=${locationId}&pageSize=200`)).items.map((c) => [c.id, c.licensed]),
    );

  it('flags the charger without a seat; a new licence (added once per key) gives it one, a full licence refuses', async () => {
    const locationId = ids['sf-embarcadero']!;
    const before = await overview(locationId);
    const [license] = before.licenses;
    expect(license).toMatchObject({ status: 'ACTIVE', autoRenew: true, assigned: license!.seats });
    const unlicensed = before.chargers.filter((charger) => !charger.licensed);
    expect(unlicensed).toHaveLength(1);
    const chargerId = unlicensed[0]!.id;
    expect((await flags(locationId))[chargerId]).toBe(false);

    const full = await call('PUT', `/web/payments/licenses/chargers/${chargerId}`, { locationId, licenseId: license!.id });
    expect(full.statusCode).toBe(409);
    expect(json(full)).toMatchObject({ msg: ['This license has no free seat. Add a license or free a seat first'] });

    const idempotencyKey = key();
    const added = await call('POST', '/web/payments/licenses', { locationId, seats: 1, idempotencyKey });
    const again = await call('POST', '/web/payments/licenses', { locationId, seats: 1, idempotencyKey });
    expect(json(again)).toMatchObject({ id: json<{ id: string }>(added).id });
    expect(await t.database.db.select().from(licenses).where(eq(licenses.locationId, locationId))).toHaveLength(2);

    const assigned = await call('PUT', `/web/payments/licenses/chargers/${chargerId}`, { locationId, licenseId: json<{ id: string }>(added).id });
    expect(assigned.statusCode).toBe(200);
    expect((await flags(locationId))[chargerId]).toBe(true);
    expect((await overview(locationId)).chargers.every((charger) => charger.licensed)).toBe(true);
    const [audit] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'billing.license_assign'), eq(activityLogs.entityId, chargerId)));
    expect(audit?.changes).toEqual({ licenseId: { before: null, after: json<{ id: string }>(added).id } });
  });

  it('a lapsed licence leaves its chargers unlicensed until renewed; the same renewal twice adds one term', async () => {
    const locationId = ids['sf-mission-bay']!;
    const before = await overview(locationId);
    const [lapsed] = before.licenses;
    expect(lapsed).toMatchObject({ status: 'INACTIVE', autoRenew: false });
    expect(before.chargers.every((charger) => !charger.licensed)).toBe(true);
    const spare = before.chargers.find((charger) => charger.licenseId === null)!;
    const refused = await call('PUT', `/web/payments/licenses/chargers/${spare.id}`, { locationId, licenseId: lapsed!.id });
    expect(json(refused)).toMatchObject({ msg: ['This license has expired. Renew it first'] });

    const idempotencyKey = key();
    const renewed = json<{ expiresAt: string; status: string }>(
      await call('POST', `/web/payments/licenses/${lapsed!.id}/renew`, { locationId, idempotencyKey }),
    );
    const twice = json<{ expiresAt: string }>(await call('POST', `/web/payments/licenses/${lapsed!.id}/renew`, { locationId, idempotencyKey }));
    expect(renewed.status).toBe('ACTIVE');
    expect(twice.expiresAt).toBe(renewed.expiresAt);
    const months = (new Date(renewed.expiresAt).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(11.5);
    expect(months).toBeLessThan(12.5);
    expect(Object.values(await flags(locationId)).filter(Boolean)).toHaveLength(before.chargers.length - 1);
  });

  it("keeps licences to their location: another location's licence is not found", async () => {
    const other = (await overview(ids['sf-civic-center']!)).licenses[0]!;
    const response = await call('PATCH', `/web/payments/licenses/${other.id}`, { locationId: ids['sf-embarcadero'], autoRenew: false });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ msg: ['License not found'] });
  });
});
