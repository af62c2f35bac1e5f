import { createWriteStream, existsSync } from 'node:fs';
import { chmod, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { DrizzlePGlite } from '../db/pglite-client.ts';
import { claimDataDir } from './data-dir-lock.ts';
import { appliedMigrations, appVersion, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, ENTRY, rowCounts, type BackupManifest } from './backup-manifest.ts';
import { tarBlocks, type TarEntry } from './tar.ts';

/** Every file under `root`, as paths relative to it with '/'; half-written uploads (*.partial) are left out. */
const listFiles = async (root: string): Promise<string[]> => {
  if (!existsSync(root)) return [];
  const found = await readdir(root, { recursive: true, withFileTypes: true });
  return found
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
};

/**
 * The embedded database's snapshot and what it takes to read it. The folder's lock keeps the product (and another
 * backup) off it meanwhile, so the snapshot is of a database nobody writes; CHECKPOINT puts every committed page
 * in the data files before PGlite tars them.
 */
const snapshotDatabase = async (pgliteDir: string) => {
  const db = new DrizzlePGlite(pgliteDir);
  try {
    await db.waitReady;
    await db.exec('checkpoint');
    const counts = await rowCounts(db);
    const migrations = await appliedMigrations(db);
    const tarball = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    return { counts, migrations, tarball };
  } finally {
    await db.close();
  }
};

export type BackupResult = { file: string; manifest: BackupManifest };

/** DATA_DIR's database, uploaded files and local JWT secret in one gzipped tar at `out` (readable by its owner only). */
export const backupDataDir = async ({ dataDir, out }: { dataDir: string; out: string }): Promise<BackupResult> => {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir} (expected ${pgliteDir})`);
  const lock = claimDataDir(dataDir, 'backup');
  try {
    const { counts, migrations, tarball } = await snapshotDatabase(pgliteDir);
    const filesDir = path.join(dataDir, 'files');
    const files = await listFiles(filesDir);
    let bytes = 0;
    for (const file of files) bytes += (await stat(path.join(filesDir, file))).size;
    const secretFile = path.join(dataDir, 'jwt-secret');
    const jwtSecret = existsSync(secretFile);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      engine: 'pglite',
      migrations,
      rowCounts: counts,
      files: { count: files.length, bytes },
      jwtSecret,
    };
    async function* entries(): AsyncGenerator<TarEntry> {
      yield { name: ENTRY.manifest, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
      yield { name: ENTRY.database, data: tarball };
      if (jwtSecret) yield { name: ENTRY.jwtSecret, data: await readFile(secretFile), mode: 0o600 };
      // One file in memory at a time.
      for (const file of files) yield { name: `${ENTRY.filesPrefix}${file}`, data: await readFile(path.join(filesDir, file)) };
    }
    await pipeline(Readable.from(tarBlocks(entries())), createGzip(), createWriteStream(out, { mode: 0o600 }));
    await chmod(out, 0o600);
    return { file: out, manifest };
  } finally {
    lock.release();
  }
};
