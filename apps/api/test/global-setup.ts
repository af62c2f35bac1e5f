import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@wattdesk/test-support';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import type { PGliteThread } from '../src/db/pglite-thread.ts';
import { seedDemoDataIfEmpty } from '../src/db/seed/seed.ts';
import { TEMPLATE_ENV } from './database-templates.ts';

/**
 * Creating and migrating a database takes seconds, and seeding the demo network seconds more; copying a
 * prepared one takes a fraction of that. So each run prepares two templates once per engine, migrated and
 * migrated + seeded, and every test file starts from a copy of one of them: each still gets its own fresh
 * database, with exactly what the migrations and the seed put there (test-app.ts).
 */
const pgliteTemplates = async () => {
  const handle = await openDatabase({ engine: 'pglite' });
  const dump = async (name: string) => {
    const client = (handle.db as unknown as { $client: PGliteThread }).$client;
    const file = path.join(tmpdir(), `wattdesk-pglite-${name}-${process.pid}.tar`);
    await writeFile(file, Buffer.from(await (await client.dumpDataDir()).arrayBuffer()));
    return file;
  };
  await handle.migrate();
  const migrated = await dump('migrated');
  await seedDemoDataIfEmpty(handle.db);
  const seededAt = Date.now();
  const seeded = await dump('seeded');
  await handle.close();
  process.env[TEMPLATE_ENV.pgliteMigrated] = migrated;
  process.env[TEMPLATE_ENV.pgliteSeeded] = seeded;
  process.env[TEMPLATE_ENV.pgliteSeededAt] = String(seededAt);
  return async () => {
    await rm(migrated, { force: true });
    await rm(seeded, { force: true });
  };
};

/** Runs `prepare` on a database the pool of which is closed again, so the database can serve as a template. */
const prepared = async (url: string, prepare: (handle: DatabaseHandle) => Promise<void>) => {
  const handle = await openDatabase({ engine: 'postgres', url, poolSize: 1, statementTimeoutMs: 60_000 });
  try {
    await prepare(handle);
  } finally {
    await handle.close();
  }
};

/** Per run (names are random), so runs of other branches on the same server never share a template. */
const postgresTemplates = async (serverUrl: string) => {
  const migrated = await createScratchDatabase(serverUrl, 'wattdesk_template');
  await prepared(migrated.url, (handle) => handle.migrate());
  const seeded = await createScratchDatabase(serverUrl, 'wattdesk_template', migrated.name);
  let seededAt = 0;
  await prepared(seeded.url, async (handle) => {
    await seedDemoDataIfEmpty(handle.db);
    seededAt = Date.now();
  });
  process.env[TEMPLATE_ENV.postgresMigrated] = migrated.name;
  process.env[TEMPLATE_ENV.postgresSeeded] = seeded.name;
  process.env[TEMPLATE_ENV.postgresSeededAt] = String(seededAt);
  return async () => {
    await seeded.drop();
    await migrated.drop();
  };
};

export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB_ENGINE !== 'postgres') return pgliteTemplates();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  return postgresTemplates(serverUrl);
}
