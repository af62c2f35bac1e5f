import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FirmwareImage, FirmwareImageList } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { authed, createTestApp, json, loginAs, multipartFile, type TestApp } from '../../../test/test-app.ts';

const image = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
const sha = createHash('sha256').update(image).digest('hex');

describe('firmware images', () => {
  let t: TestApp;
  let superToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    superToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
  });
  afterAll(() => t.close());

  const upload = (fields: Record<string, string>, content = image, token = superToken) =>
    t.app.inject(
      authed(token, {
        method: 'POST',
        url: '/web/firmware/images',
        ...multipartFile(fields, { field: 'file', filename: 'wd22-2.4.1.bin', contentType: 'application/octet-stream', content }),
      }),
    );

  it('stores an image with the checksum it computed, verifies a given one, and lets a manufacturer download it', async () => {
    const response = await upload({ version: '2.4.1', models: 'WD-22, WD-11', sha256: sha.toUpperCase() });
    expect(response.statusCode).toBe(201);
    const saved = json<FirmwareImage>(response);
    expect(saved).toMatchObject({ version: '2.4.1', models: ['WD-22', 'WD-11'], sha256: sha, sizeBytes: image.length, fileName: 'wd22-2.4.1.bin' });

    const manufacturer = (await loginAs(t.app, 'ManufacturingAdmin')).access_token;
    const list = json<FirmwareImageList>(await t.app.inject(authed(manufacturer, { method: 'GET', url: '/web/firmware/images' })));
    expect(list.items.map((item) => item.version)).toContain('2.4.1');
    const file = await t.app.inject(authed(manufacturer, { method: 'GET', url: `/web/firmware/images/${saved.id}/file` }));
    expect(file.headers['x-checksum-sha256']).toBe(sha);
    expect(file.rawPayload.equals(image)).toBe(true);
    // Manufacturers download; they do not upload.
    expect((await upload({ version: '2.4.2', models: 'WD-22' }, image, manufacturer)).statusCode).toBe(403);

    const [audit] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, saved.id));
    expect(audit).toMatchObject({ action: 'firmware.upload', entity: 'firmware_image' });
  });

  it('refuses a file that does not match its checksum, a taken version and missing fields, keeping nothing', async () => {
    const damaged = Buffer.from(image);
    damaged[100] = damaged[100]! ^ 0xff;
    const mismatch = await upload({ version: '3.0.0', models: 'WD-22', sha256: sha }, damaged);
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toMatchObject({ code: 'FIRMWARE_CHECKSUM_MISMATCH' });

    await upload({ version: '3.0.1', models: 'WD-22' });
    expect(json(await upload({ version: '3.0.1', models: 'WD-22' }))).toMatchObject({ code: 'FIRMWARE_VERSION_TAKEN' });
    expect(json(await upload({ version: 'bad version!', models: '' }))).toMatchObject({
      msg: ['Version may contain only letters, digits and . _ + - (at most 50)', 'Models Field is required'],
    });
    const versions = json<FirmwareImageList>(await t.app.inject(authed(superToken, { method: 'GET', url: '/web/firmware/images' }))).items.map(
      (item) => item.version,
    );
    expect(versions.filter((version) => version.startsWith('3.'))).toEqual(['3.0.1']);
  });

  it('never hands out a damaged stored copy whole: a wrong size is refused, wrong bytes cut the download off', async () => {
    const saved = json<FirmwareImage>(await upload({ version: '4.0.0', models: 'WD-22' }));
    const stored = path.join(t.config.dataDir, 'files', 'firmware', saved.id);
    const download = () => t.app.inject(authed(superToken, { method: 'GET', url: `/web/firmware/images/${saved.id}/file` }));

    const whole = await download();
    expect(whole.headers['content-length']).toBe(String(image.length));
    expect(whole.rawPayload.equals(image)).toBe(true);

    const flipped = Buffer.from(image);
    flipped[60_000] = flipped[60_000]! ^ 0xff;
    await writeFile(stored, flipped);
    // The answer started before the end of the file was read: it stops short instead of completing.
    const cut = await download().then(
      (response) => response.rawPayload.length,
      () => 0,
    );
    expect(cut).toBeLessThan(image.length);

    await writeFile(stored, image.subarray(0, 1000));
    const short = await download();
    expect(short.statusCode).toBe(404);
    expect(json(short)).toMatchObject({ msg: ['The stored image is damaged; upload it again'] });
  });
});
