import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

const run = async (serverUrl: string, sql: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/** PostgreSQL refuses to copy a template while another copy of it starts; such a clash is worth a retry. */
const isTemplateBusy = (error: unknown) => error instanceof Error && /is being accessed by other users/.test(error.message);

const createDatabase = async (serverUrl: string, name: string, template: string | undefined) => {
  for (let attempt = 1; ; attempt++) {
    try {
      await run(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
      return;
    } catch (error) {
      if (!isTemplateBusy(error) || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
};

/**
 * A new database on the PostgreSQL server of `serverUrl`, for one test file or one benchmark run, and the way
 * to drop it again (closing any connection still open). Empty, or a copy of `template` (a database nobody is
 * connected to, e.g. one migrated once for a whole test run).
 */
export const createScratchDatabase = async (serverUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await createDatabase(serverUrl, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(serverUrl, `drop database if exists ${name} with (force)`) };
};
