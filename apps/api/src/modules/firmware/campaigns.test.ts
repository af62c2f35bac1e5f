import { createHash, randomUUID } from 'node:crypto';
import type { FirmwareCampaignReport, FirmwareImage } from '@wattdesk/shared';
import type { SimulatedCharger } from '@wattdesk/simulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { eventually, freePort, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { authed, json, multipartFile } from '../../../test/test-app.ts';

const MODEL = 'FW-SIM';
const image = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7) % 256));

/** Uploads an image through the API (SuperAdmin), for the model the simulated chargers report. */
export const uploadImage = async (t: OcppTestApp, version: string): Promise<FirmwareImage> => {
  const response = await t.app.inject(
    authed(t.token, {
      method: 'POST',
      url: '/web/firmware/images',
      ...multipartFile(
        { version, models: MODEL },
        { field: 'file', filename: `fw-${version}.bin`, contentType: 'application/octet-stream', content: image },
      ),
    }),
  );
  expect(response.statusCode).toBe(201);
  return json<FirmwareImage>(response);
};

describe('firmware campaign on simulated chargers', () => {
  let t: OcppTestApp;
  const simulators = new Map<string, SimulatedCharger>();

  beforeAll(async () => {
    const port = await freePort();
    // The job runs on kicks only (changes and charger events), so nothing here waits for a timer.
    t = await startOcppApp({
      port,
      env: { FIRMWARE_DOWNLOAD_URL: `http://127.0.0.1:${port}`, FIRMWARE_CAMPAIGN_JOB_SECONDS: '0' },
    });
    const registered = await Promise.all(Array.from({ length: 20 }, () => t.registerCharger()));
    for (const charger of registered) {
      const simulator = t.simulate(charger, { model: MODEL, firmwareVersion: '4.0.0', stepDelayMs: 10, reconnect: true });
      simulators.set(charger.id, simulator);
    }
    await Promise.all([...simulators.values()].map((simulator) => simulator.connect()));
    // Twenty registrations and handshakes, each an argon2 hash or check: over a minute once on CI's loaded cores.
  }, 180_000);
  afterAll(() => t.close());

  const report = async (id: string) => (await t.api('GET', `/web/firmware/campaigns/${id}`)).body as unknown as FirmwareCampaignReport;

  it('stops after a failing first stage naming the failures, then a retry succeeds and every charger reports the new version', async () => {
    const { id: imageId } = await uploadImage(t, `5.0.${randomUUID().slice(0, 4)}`);
    const version = (await t.api('GET', '/web/firmware/images')).body as unknown as { items: FirmwareImage[] };
    const expected = version.items.find((item) => item.id === imageId)!.version;
    expect(createHash('sha256').update(image).digest('hex')).toBe(version.items.find((item) => item.id === imageId)!.sha256);

    // Chargers wait for the retrieve date: time to make the first stage's two chargers fail.
    const created = await t.api('POST', '/web/firmware/campaigns', {
      imageId,
      locationId: t.locations['oak-jack-london'],
      firstStagePercent: 10,
      retrieveAt: new Date(Date.now() + 1500).toISOString(),
      retries: 1,
      retryIntervalSeconds: 1,
    });
    expect(created.status).toBe(201);
    const campaign = created.body as unknown as FirmwareCampaignReport;
    expect(campaign.chargers).toHaveLength(20);
    const firstStage = campaign.chargers.filter((charger) => charger.stage === 1);
    expect(firstStage).toHaveLength(2);
    simulators.get(firstStage[0]!.chargerId)!.firmwareFailure = 'download';
    simulators.get(firstStage[1]!.chargerId)!.firmwareFailure = 'install';

    const halted = await eventually(async () => {
      const current = await report(campaign.id);
      expect(current.status).toBe('halted');
      return current;
    }, 15_000);
    const failures = Object.fromEntries(
      halted.chargers.filter((charger) => charger.state === 'failed').map((charger) => [charger.name, charger.failure]),
    );
    expect(failures).toEqual({
      [firstStage[0]!.name]: expect.stringContaining('Download failed') as string,
      [firstStage[1]!.name]: expect.stringContaining('Installation failed') as string,
    });
    // The second stage was never sent: its chargers got no UpdateFirmware.
    const secondStage = halted.chargers.filter((charger) => charger.stage === 2);
    expect(secondStage.every((charger) => charger.state === 'pending')).toBe(true);
    expect(
      secondStage.flatMap((charger) => simulators.get(charger.chargerId)!.received.filter((command) => command.method === 'UpdateFirmware')),
    ).toEqual([]);
    // Each download-failure attempt was a real download try: the charger retried once.
    expect(simulators.get(firstStage[0]!.chargerId)!.firmwareVersion).toBe('4.0.0');

    for (const simulator of simulators.values()) simulator.firmwareFailure = undefined;
    const retried = await t.api('POST', `/web/firmware/campaigns/${campaign.id}/retry`);
    expect(retried.status).toBe(200);
    const completed = await eventually(async () => {
      const current = await report(campaign.id);
      expect(current.status).toBe('completed');
      return current;
    }, 30_000);
    expect(completed.counts).toEqual({ total: 20, updated: 20, failed: 0, inProgress: 0 });
    expect(completed.chargers.every((charger) => charger.reportedVersion === expected && charger.previousVersion === '4.0.0')).toBe(true);
    for (const simulator of simulators.values()) expect(simulator.firmwareVersion).toBe(expected);
    expect((await t.charger(firstStage[0]!.chargerId)).firmwareVersion).toBe(expected);

    const audit = await t.database.db
      .select({ action: activityLogs.action })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'firmware_campaign'), eq(activityLogs.entityId, campaign.id)));
    expect(audit.map((row) => row.action).sort()).toEqual(['firmware.campaign.create', 'firmware.campaign.retry']);
  }, 60_000);
});
