import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import type { PGliteThread } from '../src/db/pglite-thread.ts';

/**
 * Creating and migrating a PGlite cluster takes seconds; loading a dump of a migrated one well under one.
 * Every test file starts from this snapshot, so each still gets its own fresh database.
 */
export default async function setup() {
  if (process.env.TEST_DB_ENGINE === 'postgres') return;
  const handle = await openDatabase({ engine: 'pglite' });
  await handle.migrate();
  const client = (handle.db as unknown as { $client: PGliteThread }).$client;
  const dump = await client.dumpDataDir();
  const file = path.join(tmpdir(), `wattdesk-pglite-snapshot-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  process.env.PGLITE_SNAPSHOT = file;
}
