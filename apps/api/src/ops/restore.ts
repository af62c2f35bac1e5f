import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DrizzlePGlite } from '../db/pglite-client.ts';
import { claimDataDir, LOCK_FILE } from './data-dir-lock.ts';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, countDifferences, ENTRY, rowCounts, type BackupManifest } from './backup-manifest.ts';
import { readTar } from './tar.ts';

export class RestoreRefusedError extends Error {}

/** What a restore replaces; anything else in the folder (the mail outbox) stays. */
const RESTORED = ['pglite', 'files', 'jwt-secret'];

const readArchive = async (archive: string) => {
  const entries = readTar(gunzipSync(await readFile(archive)));
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const manifestEntry = byName.get(ENTRY.manifest);
  const database = byName.get(ENTRY.database);
  if (!manifestEntry || !database) throw new RestoreRefusedError(`${archive} is not a Wattdesk backup (no ${ENTRY.manifest} or ${ENTRY.database})`);
  const manifest = JSON.parse(manifestEntry.data.toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefusedError(`${archive}: format ${manifest.format} ${manifest.formatVersion} is not one this version reads`);
  }
  const files = entries.filter((entry) => entry.name.startsWith(ENTRY.filesPrefix));
  return { manifest, database: database.data, jwtSecret: byName.get(ENTRY.jwtSecret)?.data, files };
};

/** A name from the archive as a path inside `root`; one that would leave it is refused. */
const inside = (root: string, name: string) => {
  const target = path.resolve(root, ...name.split('/'));
  if (!target.startsWith(`${path.resolve(root)}${path.sep}`)) throw new RestoreRefusedError(`The archive names a path outside the folder: ${name}`);
  return target;
};

export type RestoreResult = { dataDir: string; manifest: BackupManifest };

/**
 * Restores a db:backup archive into `dataDir`: a new or empty folder, or with `force` one whose database, files and
 * JWT secret it replaces. It then opens the restored database and compares every table's rows with the manifest.
 */
export const restoreDataDir = async ({
  archive,
  dataDir,
  force = false,
}: {
  archive: string;
  dataDir: string;
  force?: boolean;
}): Promise<RestoreResult> => {
  const { manifest, database, jwtSecret, files } = await readArchive(archive);
  const occupied = existsSync(dataDir) && readdirSync(dataDir).some((name) => name !== LOCK_FILE);
  if (occupied && !force)
    throw new RestoreRefusedError(`${dataDir} is not empty; restore into a new folder, or pass --force to replace its database and files`);
  const lock = claimDataDir(dataDir, 'restore');
  try {
    for (const name of RESTORED) await rm(path.join(dataDir, name), { recursive: true, force: true });
    const filesDir = path.join(dataDir, 'files');
    for (const file of files) {
      const target = inside(filesDir, file.name.slice(ENTRY.filesPrefix.length));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.data);
    }
    if (jwtSecret) await writeFile(path.join(dataDir, 'jwt-secret'), jwtSecret, { mode: 0o600 });
    const db = new DrizzlePGlite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([new Uint8Array(database)]) });
    try {
      await db.waitReady;
      const differences = countDifferences(manifest.rowCounts, await rowCounts(db));
      if (differences.length) throw new Error(`The restored database differs from the backup's manifest:\n  ${differences.join('\n  ')}`);
    } finally {
      await db.close();
    }
    return { dataDir, manifest };
  } finally {
    lock.release();
  }
};
