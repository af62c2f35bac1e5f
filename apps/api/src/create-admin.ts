/**
 * npm run create-admin --workspace @wattdesk/api -- --email ada@example.com --name "Ada Lovelace"
 *
 * Creates the first SuperAdmin of a database that has none (docs/deployment.md): the password is read from
 * WATTDESK_ADMIN_PASSWORD, else from standard input (piped, or typed at a prompt without echo). Uses the same
 * configuration as the server (DATABASE_URL or DATA_DIR) and applies pending migrations first.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createFirstAdmin, FirstAdminRefused } from './modules/admins/first-admin.ts';

const USAGE = 'Usage: npm run create-admin --workspace @wattdesk/api -- --email <e-mail> --name "<first> <last>"';

/** A typed password is not echoed: the prompt is written, the keystrokes are not. */
const promptPassword = async (): Promise<string> => {
  let muted = false;
  const output = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  const answer = reader.question('Password for the new SuperAdmin: ');
  muted = true;
  const password = await answer;
  reader.close();
  process.stderr.write('\n');
  return password;
};

const readPiped = async (): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing line break is the shell's (echo, a file), not the password's.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
};

const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const name = values.name?.trim() ?? '';
  const split = name.lastIndexOf(' ');
  if (!values.email || split < 1) {
    console.error(`${USAGE}\n--name needs a first and a last name.`);
    return 2;
  }
  const password = process.env.WATTDESK_ADMIN_PASSWORD ?? (process.stdin.isTTY ? await promptPassword() : await readPiped());
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ engine: 'postgres', url: config.databaseUrl, poolSize: 1, statementTimeoutMs: config.db.statementTimeoutMs })
    : await openDatabase({ engine: 'pglite', dataDir: `${config.dataDir}/pglite` });
  try {
    await database.migrate();
    const admin = await createFirstAdmin(database.db, {
      email: values.email,
      firstName: name.slice(0, split),
      lastName: name.slice(split + 1),
      password,
    });
    process.stdout.write(`SuperAdmin ${admin.email} created; sign in at ${config.publicUrl}.\n`);
    return 0;
  } finally {
    await database.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof FirstAdminRefused || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
