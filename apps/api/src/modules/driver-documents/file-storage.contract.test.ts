// The contract of lib/file-storage, here because lib/ may not import the test servers of packages/test-support.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3StandIn, type S3StandIn } from '@wattdesk/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../lib/file-storage/disk-storage.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import { createS3Storage } from '../../lib/file-storage/s3-storage.ts';

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());

const backends: [string, () => FileStorage][] = [
  ['disk', () => createDiskStorage(mkdtempSync(path.join(tmpdir(), 'wattdesk-files-')))],
  [
    's3 (AWS SDK against a local S3 server)',
    () =>
      createS3Storage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.url,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        prefix: 'contract/',
      }),
  ],
];

describe.each(backends)('file storage contract: %s', (_name, make) => {
  it('keeps bytes and content type, reports the size, and forgets a deleted object', async () => {
    const storage = make();
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80]);
    await storage.put('drivers/abc/doc-1', bytes, 'application/pdf');

    expect(await storage.head('drivers/abc/doc-1')).toBe(bytes.length);
    const stored = await storage.get('drivers/abc/doc-1');
    expect(stored?.contentType).toBe('application/pdf');
    expect(stored?.body.equals(bytes)).toBe(true);

    await storage.put('drivers/abc/doc-1', Buffer.from('second'), 'image/png');
    expect((await storage.get('drivers/abc/doc-1'))?.body.toString()).toBe('second');

    await storage.delete('drivers/abc/doc-1');
    expect(await storage.get('drivers/abc/doc-1')).toBeUndefined();
    expect(await storage.head('drivers/abc/doc-1')).toBeUndefined();
    await expect(storage.delete('drivers/abc/doc-1')).resolves.toBeUndefined();
  });

  it('streams an object with its size and type, without reading it whole first', async () => {
    const storage = make();
    const bytes = Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 17 }, (_, i) => (i * 7) % 251));
    await storage.put('firmware/large.bin', bytes, 'application/octet-stream');
    const stored = await storage.stream('firmware/large.bin');
    expect(stored).toMatchObject({ size: bytes.length, contentType: 'application/octet-stream' });
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    // Several chunks: the bytes flowed through, they were not handed over as one buffer.
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await storage.stream('firmware/missing.bin')).toBeUndefined();
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = make();
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
    await expect(storage.get('a/../../b')).rejects.toThrow('Invalid storage key');
  });
});

it('the S3 backend really talks to the server, under its prefix', async () => {
  const storage = backends[1]![1]();
  await storage.put('firmware/x.bin', Buffer.from('image'), 'application/octet-stream');
  expect(s3.objects.get('contract/firmware/x.bin')?.body.toString()).toBe('image');
  expect(s3.requests).toContain(`PUT /${s3.bucket}/contract/firmware/x.bin`);
});
