/**
 * `npm run db:backup [-- --out <file>]` and `npm run db:restore -- <file> [--data-dir <dir>] [--force]`.
 * The embedded database (DATA_DIR) is backed up here; PostgreSQL (DATABASE_URL) through pg_dump (docs/operations.md).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirInUseError } from './data-dir-lock.ts';
import { backupDataDir } from './backup.ts';
import { restoreDataDir, RestoreRefusedError } from './restore.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** npm runs workspace scripts inside the workspace; paths are meant from where the user typed, as in config.ts. */
const fromInvocation = (value: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
const dataDirOf = (given: string | undefined) => fromInvocation(given ?? process.env.DATA_DIR ?? './data');
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

const pgDump = (url: string, out: string | undefined) => {
  const file = fromInvocation(out ?? `wattdesk-${stamp()}.dump`);
  const run = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', url], { stdio: 'inherit' });
  if (run.error) {
    throw new Error(
      'DATABASE_URL is set, so the database is PostgreSQL, and pg_dump was not found on PATH. Install the PostgreSQL client ' +
        'of the server’s major version, or back up with your provider’s snapshots / point-in-time recovery (docs/operations.md).',
    );
  }
  if (run.status !== 0) throw new Error(`pg_dump failed (exit code ${run.status})`);
  // The whole database, password hashes and sealed secrets included: its owner's alone, as the PGlite archive.
  chmodSync(file, 0o600);
  say(`PostgreSQL dump written to ${file} (restore: pg_restore --clean --if-exists --no-owner -d <url> ${file}).`);
  say('Uploaded files are not in it: protect the S3 bucket (versioning, replication) or copy DATA_DIR/files (docs/operations.md).');
};

const backup = async (args: string[]) => {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, 'data-dir': { type: 'string' } } });
  const url = process.env.DATABASE_URL;
  if (url) return pgDump(url, values.out);
  const dataDir = dataDirOf(values['data-dir']);
  const out = fromInvocation(values.out ?? `wattdesk-backup-${stamp()}.tar.gz`);
  const { manifest } = await backupDataDir({ dataDir, out });
  const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0);
  say(
    `Backup of ${dataDir} written to ${out}: ${Object.keys(manifest.rowCounts).length} tables, ${rows} rows, ` +
      `${manifest.migrations.count} migrations, ${manifest.files.count} files (${manifest.files.bytes} bytes).`,
  );
  if (manifest.jwtSecret) say('It holds DATA_DIR/jwt-secret, the key of the secrets stored in the database: keep it as safe as one.');
};

const restore = async (args: string[]) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const [archive] = positionals;
  if (!archive || positionals.length > 1) throw new RestoreRefusedError('Usage: npm run db:restore -- <backup.tar.gz> [--data-dir <dir>] [--force]');
  if (archive.endsWith('.dump')) throw new RestoreRefusedError('A PostgreSQL dump: restore it with pg_restore (docs/operations.md).');
  const file = fromInvocation(archive);
  if (!existsSync(file)) throw new RestoreRefusedError(`No such file: ${file}`);
  const dataDir = dataDirOf(values['data-dir']);
  const { manifest } = await restoreDataDir({ archive: file, dataDir, force: values.force });
  say(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, ${manifest.migrations.count} migrations) into ${dataDir}; ` +
      'every table holds the rows the manifest lists. Start the product with DATA_DIR set to it.',
  );
};

const [command, ...rest] = process.argv.slice(2);
const run =
  command === 'backup' ? backup(rest) : command === 'restore' ? restore(rest) : Promise.reject(new Error('Usage: db-cli.ts backup|restore …'));
run.catch((error: unknown) => {
  const expected = error instanceof DataDirInUseError || error instanceof RestoreRefusedError;
  console.error(expected && error instanceof Error ? error.message : error);
  process.exit(1);
});
