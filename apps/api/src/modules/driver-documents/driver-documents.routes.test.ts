import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, type DriverDocument, type DriverDocumentList } from '@wattdesk/shared';
import { startS3StandIn, type S3StandIn } from '@wattdesk/test-support';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, driverDocuments } from '../../db/schema/index.ts';
import { makeDriver } from '../../../test/driver-fixtures.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, multipartFile, type TestApp } from '../../../test/test-app.ts';

const pdfOf = (size: number) => {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};
/** An ELF executable's first bytes: what a renamed program looks like. */
const executable = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(2000, 0x90)]);

const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
    .toBuffer();

describe.each([
  ['disk', false],
  ['S3', true],
])('driver documents and photos (%s storage)', (_name, useS3) => {
  let t: TestApp;
  let s3: S3StandIn | undefined;
  let adminToken: string;
  let loc: Record<string, string>;

  beforeAll(async () => {
    s3 = useS3 ? await startS3StandIn() : undefined;
    const env: Record<string, string> = s3
      ? { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.url, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey }
      : {};
    t = await createTestApp({ env });
    adminToken = (await loginAs(t.app, 'Admin')).access_token;
    loc = await demoLocationIds(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const upload = (driverId: string, kind: string, filename: string, content: Buffer, contentType = 'application/pdf', token = adminToken) =>
    t.app.inject(
      authed(token, {
        method: 'POST',
        url: `/web/drivers/${driverId}/documents`,
        ...multipartFile({ kind }, { field: 'file', filename, contentType, content }),
      }),
    );
  const get = (url: string, token = adminToken) => t.app.inject(authed(token, { method: 'GET', url }));
  const storedKeys = (driverId: string) => {
    if (s3) return [...s3.objects.keys()].filter((key) => key.startsWith(`drivers/${driverId}/`));
    const folder = path.join(t.config.dataDir, 'files', 'drivers', driverId);
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const rowsOf = async (driverId: string) => t.database.db.select().from(driverDocuments).where(eq(driverDocuments.driverId, driverId));

  it('uploads a PDF of exactly 2 MB, lists it, downloads the same bytes, and audits the upload', async () => {
    const driverId = await makeDriver(t.database.db, loc['sf-mission-bay']!);
    const bytes = pdfOf(MAX_UPLOAD_BYTES);
    const response = await upload(driverId, 'document', 'Contract ü.pdf', bytes, 'application/octet-stream');
    expect(response.statusCode).toBe(201);
    const body = json<{ msg: string[]; document: DriverDocument }>(response);
    expect(body.msg).toEqual(['document uploaded']);
    expect(body.document).toMatchObject({ kind: 'document', name: 'Contract ü.pdf', contentType: 'application/pdf', sizeBytes: MAX_UPLOAD_BYTES });

    const list = json<DriverDocumentList>(await get(`/web/drivers/${driverId}/documents`));
    expect(list.items.map((d) => d.id)).toEqual([body.document.id]);
    const file = await get(`/web/drivers/${driverId}/documents/${body.document.id}/file`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Contract%20%C3%BC.pdf");
    expect(file.rawPayload.equals(bytes)).toBe(true);

    const [audit] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, 'driver.document_upload'));
    expect(audit).toMatchObject({ entityId: driverId, locationId: loc['sf-mission-bay'], actorEmail: expect.stringContaining('@') });
  });

  it('re-encodes a photo without its metadata and makes a thumbnail', async () => {
    const driverId = await makeDriver(t.database.db, loc['sf-mission-bay']!);
    const original = await photo();
    const response = await upload(driverId, 'photo', 'car.png', original, 'image/png');
    expect(response.statusCode).toBe(201);
    const { document } = json<{ document: DriverDocument }>(response);
    expect(document).toMatchObject({ contentType: 'image/jpeg', hasThumbnail: true });

    const stored = await get(`/web/drivers/${driverId}/documents/${document.id}/file`);
    expect(stored.rawPayload.includes('secret-gps-owner')).toBe(false);
    expect(original.includes('secret-gps-owner')).toBe(true);
    const thumbnail = await get(`/web/drivers/${driverId}/documents/${document.id}/file?variant=thumbnail`);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['webp', 320, 213]);
  });

  it('refuses 2 MB + 1 byte with the spec messages and keeps nothing', async () => {
    const driverId = await makeDriver(t.database.db, loc['sf-mission-bay']!);
    const document = await upload(driverId, 'document', 'big.pdf', pdfOf(MAX_UPLOAD_BYTES + 1));
    expect(document.statusCode).toBe(413);
    expect(json(document)).toMatchObject({ msg: ['file size should not exceed 2 MB'] });

    const big = Buffer.concat([await photo(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const picture = await upload(driverId, 'photo', 'big.jpg', big, 'image/jpeg');
    expect(picture.statusCode).toBe(413);
    expect(json(picture)).toMatchObject({ msg: ['Photo size should not exceed 2 MB'] });

    expect(await rowsOf(driverId)).toEqual([]);
    expect(storedKeys(driverId)).toEqual([]);
  });

  it('refuses a renamed executable and a PDF offered as a photo, whatever the name says, and keeps nothing', async () => {
    const driverId = await makeDriver(t.database.db, loc['sf-mission-bay']!);
    const renamed = await upload(driverId, 'document', 'licence.pdf', executable, 'application/pdf');
    expect(renamed.statusCode).toBe(415);
    expect(json(renamed)).toMatchObject({ msg: ['Unable to upload your document', 'Only PDF, PNG, JPEG and WebP files can be uploaded'] });
    const pdfAsPhoto = await upload(driverId, 'photo', 'car.jpg', pdfOf(5000), 'image/jpeg');
    expect(json(pdfAsPhoto)).toMatchObject({ msg: ['Unable to upload your document', 'A photo must be a PNG, JPEG or WebP image'] });
    const brokenImage = await upload(
      driverId,
      'photo',
      'car.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500)]),
      'image/jpeg',
    );
    expect(brokenImage.statusCode).toBe(415);
    expect(await rowsOf(driverId)).toEqual([]);
    expect(storedKeys(driverId)).toEqual([]);
  });

  it('shows, serves and deletes documents only for users who reach the driver’s location', async () => {
    const outsideDriver = await makeDriver(t.database.db, loc['sj-diridon']!);
    const superToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
    const uploaded = json<{ document: DriverDocument }>(
      await upload(outsideDriver, 'document', 'id.pdf', pdfOf(4000), 'application/pdf', superToken),
    );
    const fileUrl = `/web/drivers/${outsideDriver}/documents/${uploaded.document.id}/file`;

    expect(json(await get(`/web/drivers/${outsideDriver}/documents`))).toMatchObject({ code: 'LOCATION_FORBIDDEN' });
    expect((await get(fileUrl)).statusCode).toBe(403);
    expect((await upload(outsideDriver, 'document', 'x.pdf', pdfOf(4000))).statusCode).toBe(403);
    const readonly = (await loginAs(t.app, 'ReadonlySuperAdmin')).access_token;
    expect((await get(fileUrl, readonly)).statusCode).toBe(200);
    expect(
      (await t.app.inject(authed(readonly, { method: 'DELETE', url: `/web/drivers/${outsideDriver}/documents/${uploaded.document.id}` }))).statusCode,
    ).toBe(403);

    const removed = await t.app.inject(
      authed(superToken, { method: 'DELETE', url: `/web/drivers/${outsideDriver}/documents/${uploaded.document.id}` }),
    );
    expect(json(removed)).toMatchObject({ msg: ['Document deleted'] });
    expect((await get(fileUrl, superToken)).statusCode).toBe(404);
    expect(storedKeys(outsideDriver)).toEqual([]);
    const actions = (await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, outsideDriver))).map((row) => row.action);
    expect(actions.sort()).toEqual(['driver.document_delete', 'driver.document_upload']);
  });
});
