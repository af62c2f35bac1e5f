import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { chargers, firmwareCampaignChargers, firmwareCampaigns, firmwareImages } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import { createCampaignTracker } from './campaign-tracker.ts';

/** A fleet's boots arrive together (a site reconnecting); each must still be judged in the order events came. */
describe('firmware campaign tracker', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
  });
  afterAll(() => database.close());

  it('judges boots that arrive together, each after the notifications that came before it', async () => {
    const { db } = database;
    const [location] = rowsOf<{ id: string }>(await db.execute(sql`select id from locations order by name limit 1`));
    const locationId = location!.id;
    const version = `5.0.${randomUUID().slice(0, 8)}`;
    const [image] = await db
      .insert(firmwareImages)
      .values({
        version,
        models: ['FW-SIM'],
        fileName: 'fw.bin',
        sizeBytes: 10,
        sha256: createHash('sha256').update(version).digest('hex'),
        storageKey: `firmware/${version}`,
      })
      .returning({ id: firmwareImages.id });
    const [campaign] = await db
      .insert(firmwareCampaigns)
      .values({
        imageId: image!.id,
        locationId,
        models: ['FW-SIM'],
        firstStagePercent: 100,
        retrieveAt: new Date(),
        retries: 1,
        retryIntervalSeconds: 60,
      })
      .returning({ id: firmwareCampaigns.id });

    // updated: installed, back with the new version; failed: installed, back with the old one; later: still
    // installing when it boots, then Installed, then boots again with the new version; outsider: in no campaign.
    const [updated, failed, later, outsider] = await Promise.all([1, 2, 3, 4].map(() => makeCharger(db, locationId)));
    await db
      .update(chargers)
      .set({ firmwareVersion: version })
      .where(sql`${chargers.id} in (${updated}::uuid, ${later}::uuid)`);
    await db.update(chargers).set({ firmwareVersion: '4.0.0' }).where(eq(chargers.id, failed!));
    await db.insert(firmwareCampaignChargers).values([
      { campaignId: campaign!.id, chargerId: updated!, stage: 1, state: 'installed' },
      { campaignId: campaign!.id, chargerId: failed!, stage: 1, state: 'installed' },
      { campaignId: campaign!.id, chargerId: later!, stage: 1, state: 'installing' },
    ]);

    const warnings: unknown[] = [];
    const log: FastifyBaseLogger = Object.assign(Object.create(Fastify().log) as FastifyBaseLogger, {
      warn: (...args: unknown[]) => void warnings.push(args),
    });
    let changes = 0;
    const tracker = createCampaignTracker({ db, log, changed: () => (changes += 1) });
    void tracker.booted(updated!);
    void tracker.booted(failed!);
    void tracker.booted(outsider!);
    void tracker.booted(later!);
    void tracker.firmwareStatus(later!, 'Installed');
    void tracker.booted(later!);
    await tracker.idle();

    const targets = await db
      .select({ chargerId: firmwareCampaignChargers.chargerId, state: firmwareCampaignChargers.state, failure: firmwareCampaignChargers.failure })
      .from(firmwareCampaignChargers)
      .where(eq(firmwareCampaignChargers.campaignId, campaign!.id));
    const byCharger = new Map(targets.map((target) => [target.chargerId, target]));
    expect(byCharger.get(updated!)).toMatchObject({ state: 'updated', failure: null });
    expect(byCharger.get(failed!)).toMatchObject({ state: 'failed', failure: `Reported version 4.0.0 after the reboot; expected ${version}` });
    expect(byCharger.get(later!)).toMatchObject({ state: 'updated', failure: null });
    expect(byCharger.has(outsider!)).toBe(false);
    expect(changes).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  });
});
