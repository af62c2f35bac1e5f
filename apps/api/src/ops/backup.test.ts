import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FirmwareImage } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { DrizzlePGlite } from '../db/pglite-client.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { prepareDatabase } from '../startup.ts';
import { authed, json, loginAs, multipartFile, testConfig } from '../../test/test-app.ts';
import { seededTemplateIsCurrent, TEMPLATE_ENV } from '../../test/database-templates.ts';
import { backupDataDir } from './backup.ts';
import { LOCK_FILE } from './data-dir-lock.ts';
import { restoreDataDir } from './restore.ts';
import { readTar } from './tar.ts';

const folders: string[] = [];
const newFolder = (name: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), `wattdesk-${name}-`));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** The run's seeded template when current, else its migrated one: prepareDatabase seeds the demo network then. */
const templateFile = () => {
  const seeded = process.env[TEMPLATE_ENV.pgliteSeeded];
  const migrated = process.env[TEMPLATE_ENV.pgliteMigrated];
  return seeded && seededTemplateIsCurrent(Number(process.env[TEMPLATE_ENV.pgliteSeededAt])) ? seeded : migrated;
};

/** A product data folder as `npm start` leaves it: demo data in DATA_DIR/pglite. */
const productDataDir = async () => {
  const dataDir = newFolder('backup-source');
  const template = templateFile();
  if (template) {
    const db = new DrizzlePGlite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([await readFile(template)]) });
    await db.waitReady;
    await db.close();
  }
  return dataDir;
};

/** The product on a data folder, as main.ts starts it (migrations, seeding when empty), without listening. */
const startProduct = async (dataDir: string) => {
  const config = testConfig({ DATA_DIR: dataDir });
  const database = await openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await prepareDatabase(config, database);
  const counts = await countRows(database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, database, counts, close };
};

/** Every public table's rows, counted here rather than by the code under test. */
const countRows = async (database: DatabaseHandle) => {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from "${name}"`)))[0]!.n;
  return counts;
};

const image = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 256));

// Each test starts the product twice on a data folder of its own and writes and reads the whole demo database
// through PGlite three times: a minute on a quiet machine, several with the CI's other files beside it.
describe('db:backup and db:restore (embedded database)', { timeout: 300_000 }, () => {
  it('restores demo data and a stored file into a new folder, where the product starts with every row and serves the file', async () => {
    const source = await productDataDir();
    const product = await startProduct(source);
    const token = (await loginAs(product.app, 'SuperAdmin')).access_token;
    const uploaded = await product.app.inject(
      authed(token, {
        method: 'POST',
        url: '/web/firmware/images',
        ...multipartFile(
          { version: '9.1.0', models: 'WD-22' },
          { field: 'file', filename: 'wd22.bin', contentType: 'application/octet-stream', content: image },
        ),
      }),
    );
    expect(uploaded.statusCode).toBe(201);
    const firmware = json<FirmwareImage>(uploaded);
    const before = await countRows(product.database);
    await product.close();
    writeFileSync(path.join(source, 'jwt-secret'), 'a-local-secret-kept-in-the-data-folder');

    const archive = path.join(newFolder('backup-archive'), 'backup.tar.gz');
    const { manifest } = await backupDataDir({ dataDir: source, out: archive });
    expect(manifest.rowCounts).toEqual(before);
    expect(before.chargers).toBeGreaterThan(0);
    expect(manifest).toMatchObject({ engine: 'pglite', jwtSecret: true, files: { count: 2 } });
    expect(manifest.migrations.count).toBeGreaterThan(40);
    // An operator can look inside with tar: the manifest, the database's own tarball, the secret, the files.
    const names = readTar(gunzipSync(readFileSync(archive))).map((entry) => entry.name);
    expect(names).toEqual([
      'manifest.json',
      'pglite.tar',
      'jwt-secret',
      `files/firmware/${firmware.id}`,
      `files/firmware/${firmware.id}.content-type`,
    ]);

    await expect(restoreDataDir({ archive, dataDir: source })).rejects.toThrow(/not empty/);
    const target = newFolder('backup-target');
    await restoreDataDir({ archive, dataDir: target });
    expect(existsSync(path.join(target, LOCK_FILE))).toBe(false);
    expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe('a-local-secret-kept-in-the-data-folder');

    const restored = await startProduct(target);
    try {
      expect(restored.counts).toEqual(before);
      const manufacturer = (await loginAs(restored.app, 'ManufacturingAdmin')).access_token;
      const file = await restored.app.inject(authed(manufacturer, { method: 'GET', url: `/web/firmware/images/${firmware.id}/file` }));
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-checksum-sha256']).toBe(createHash('sha256').update(image).digest('hex'));
      expect(file.rawPayload.equals(image)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('refuses to back up or restore over a folder the product runs on, and --force replaces a stopped one', async () => {
    const source = await productDataDir();
    const product = await startProduct(source);
    const before = await countRows(product.database);
    await product.close();
    const archive = path.join(newFolder('backup-archive'), 'backup.tar.gz');

    // The product's lock, as main.ts writes it, held by a process that is alive (the test runner's parent).
    const lock = path.join(source, LOCK_FILE);
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: hostname(), holder: 'api', since: new Date().toISOString() }));
    await expect(backupDataDir({ dataDir: source, out: archive })).rejects.toThrow(/the product runs on it/);
    expect(existsSync(archive)).toBe(false);

    // A lock left by a process that is gone (a crash) does not stand in the way.
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), holder: 'api', since: new Date().toISOString() }));
    await backupDataDir({ dataDir: source, out: archive });

    const target = newFolder('backup-target');
    writeFileSync(path.join(target, 'stale.txt'), 'left from before');
    await expect(restoreDataDir({ archive, dataDir: target })).rejects.toThrow(/not empty/);
    writeFileSync(path.join(target, LOCK_FILE), JSON.stringify({ pid: process.ppid, host: hostname(), holder: 'api', since: '' }));
    await expect(restoreDataDir({ archive, dataDir: target, force: true })).rejects.toThrow(/in use/);
    rmSync(path.join(target, LOCK_FILE));
    await restoreDataDir({ archive, dataDir: target, force: true });
    const restored = await openDatabase({ engine: 'pglite', dataDir: path.join(target, 'pglite') });
    try {
      expect(await countRows(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  });
});
