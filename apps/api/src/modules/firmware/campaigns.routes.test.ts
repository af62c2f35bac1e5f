import { createHash, randomBytes } from 'node:crypto';
import type { FirmwareCampaignReport, FirmwareImage } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, chargers, firmwareCampaigns } from '../../db/schema/index.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { eventually } from '../../../test/ocpp-harness.ts';
import { authed, createTestApp, json, loginAs, multipartFile, type TestApp } from '../../../test/test-app.ts';
import { createDownloadLinks } from './firmware-download.ts';

const bytes = Buffer.from('campaign image bytes');

describe('firmware campaign routes', () => {
  let t: TestApp;
  let superToken: string;
  let locations: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: { FIRMWARE_CAMPAIGN_JOB_SECONDS: '0' } });
    superToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
    locations = await demoLocationIds(t.database.db);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, token = superToken) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));

  /** An image for a model of its own, and `count` chargers of that model at the location. */
  const imageWithChargers = async (locationId: string, count = 3) => {
    const model = `CT-${randomBytes(3).toString('hex')}`;
    const upload = await t.app.inject(
      authed(superToken, {
        method: 'POST',
        url: '/web/firmware/images',
        ...multipartFile(
          { version: `7.${model}`, models: model },
          { field: 'file', filename: 'ct.bin', contentType: 'application/octet-stream', content: bytes },
        ),
      }),
    );
    for (let i = 0; i < count; i += 1) {
      const id = await makeCharger(t.database.db, locationId);
      await t.database.db.update(chargers).set({ model }).where(eq(chargers.id, id));
    }
    return json<FirmwareImage>(upload);
  };

  it('validates the body with readable messages and refuses a location without matching chargers', async () => {
    const invalid = await call('POST', '/web/firmware/campaigns', {
      imageId: 'x',
      locationId: locations['oak-jack-london'],
      firstStagePercent: 0,
      retries: 11,
    });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid)).toMatchObject({
      msg: expect.arrayContaining([
        'Image id must be a valid id',
        'First stage percent must be a whole number from 1 to 100',
        'Retries must be a whole number from 0 to 10',
      ]) as string[],
    });
    const image = await imageWithChargers(locations['oak-jack-london']!, 0);
    const none = await call('POST', '/web/firmware/campaigns', { imageId: image.id, locationId: locations['oak-jack-london'] });
    expect(json(none)).toMatchObject({ code: 'FIRMWARE_CAMPAIGN_NO_CHARGERS', msg: ['No charger of this location has a model the image fits'] });
  });

  it('holds roles and location scope: manufacturers view only, a scoped updater only inside its locations', async () => {
    const manufacturer = (await loginAs(t.app, 'ManufacturingAdmin')).access_token;
    expect((await call('GET', '/web/firmware/campaigns', undefined, manufacturer)).statusCode).toBe(200);
    const image = await imageWithChargers(locations['oak-jack-london']!);
    expect(
      json(await call('POST', '/web/firmware/campaigns', { imageId: image.id, locationId: locations['oak-jack-london'] }, manufacturer)),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });

    const mobile = await loginAs(t.app, 'MobileAdmin');
    const outside = Object.values(locations).find((id) => !mobile.locations.includes(id))!;
    const elsewhere = await imageWithChargers(outside);
    const refused = await call('POST', '/web/firmware/campaigns', { imageId: elsewhere.id, locationId: outside }, mobile.access_token);
    expect(json(refused)).toMatchObject({ code: 'LOCATION_FORBIDDEN' });
    expect(await t.database.db.select().from(firmwareCampaigns).where(eq(firmwareCampaigns.imageId, elsewhere.id))).toEqual([]);
  });

  it('pauses, resumes and aborts with an audit row each; refuses what the state does not allow and chargers already in a campaign', async () => {
    const locationId = locations['oak-jack-london']!;
    const image = await imageWithChargers(locationId, 4);
    // Chargers made in the database are offline: their UpdateFirmware stays pending, so every action applies.
    const created = await call('POST', '/web/firmware/campaigns', { imageId: image.id, locationId, firstStagePercent: 50 });
    expect(created.statusCode).toBe(201);
    const campaign = json<FirmwareCampaignReport>(created);
    expect(campaign).toMatchObject({ status: 'running', currentStage: 1, counts: { total: 4 } });
    expect(campaign.chargers.map((charger) => charger.stage)).toEqual([1, 1, 2, 2]);
    // The job tries the first stage on its own tick, not inside the request: wait for both tries before acting.
    await eventually(async () => {
      const report = json<FirmwareCampaignReport>(await call('GET', `/web/firmware/campaigns/${campaign.id}`));
      expect(report.chargers.filter((charger) => charger.stage === 1).every((charger) => charger.attempts > 0)).toBe(true);
    }, 10_000);

    expect(json(await call('POST', '/web/firmware/campaigns', { imageId: image.id, locationId }))).toMatchObject({ code: 'FIRMWARE_CAMPAIGN_BUSY' });
    expect(json<FirmwareCampaignReport>(await call('POST', `/web/firmware/campaigns/${campaign.id}/pause`)).status).toBe('paused');
    expect(json(await call('POST', `/web/firmware/campaigns/${campaign.id}/pause`))).toMatchObject({ code: 'FIRMWARE_CAMPAIGN_STATE' });
    expect(json<FirmwareCampaignReport>(await call('POST', `/web/firmware/campaigns/${campaign.id}/resume`)).status).toBe('running');
    const aborted = json<FirmwareCampaignReport>(await call('POST', `/web/firmware/campaigns/${campaign.id}/abort`));
    expect(aborted.status).toBe('aborted');
    // The first stage was tried (offline: not delivered) and the second never sent: none got it, all are cancelled.
    expect(aborted.chargers.map((charger) => [charger.stage, charger.attempts > 0, charger.state])).toEqual([
      [1, true, 'cancelled'],
      [1, true, 'cancelled'],
      [2, false, 'cancelled'],
      [2, false, 'cancelled'],
    ]);
    expect(json(await call('POST', `/web/firmware/campaigns/${campaign.id}/retry`))).toMatchObject({ code: 'FIRMWARE_CAMPAIGN_STATE' });
    expect((await call('POST', `/web/firmware/campaigns/${campaign.id}/restart`)).statusCode).toBe(400);
    // The image a campaign names stays.
    expect(json(await call('DELETE', `/web/firmware/images/${image.id}`))).toMatchObject({ code: 'FIRMWARE_IN_USE' });

    const audit = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, campaign.id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'firmware.campaign.abort',
      'firmware.campaign.create',
      'firmware.campaign.pause',
      'firmware.campaign.resume',
    ]);
    expect(audit.every((row) => row.locationId === locationId)).toBe(true);
  });

  it('serves the image to a signed, unexpired link only, with its checksum and version', async () => {
    const image = await imageWithChargers(locations['oak-jack-london']!, 0);
    const links = createDownloadLinks({ secret: t.config.jwtSecret, baseUrl: '' });
    const path = (expiresAt: Date) => links.url(image, 'charger', expiresAt);
    const served = await t.app.inject({ method: 'GET', url: path(new Date(Date.now() + 60_000)) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['x-checksum-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(served.headers['x-firmware-version']).toBe(image.version);

    const expired = await t.app.inject({ method: 'GET', url: path(new Date(Date.now() - 1000)) });
    expect(json(expired)).toMatchObject({ code: 'FIRMWARE_LINK_INVALID' });
    const forged = createDownloadLinks({ secret: 'another-secret-that-is-long-enough', baseUrl: '' }).url(
      image,
      'charger',
      new Date(Date.now() + 60_000),
    );
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });
});
