import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@wattdesk/test-support';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDemoDataIfEmpty } from '../src/db/seed/seed.ts';
import { DEMO_PASSWORD, demoEmail } from '../src/db/seed/demo-users.ts';
import type { UserType } from '@wattdesk/shared';
import { seededTemplateIsCurrent, TEMPLATE_ENV } from './database-templates.ts';

/** Which engine this test run uses: the `api-postgres` Vitest project sets postgres. */
export const testEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

type Template = { migrated: string | undefined; seeded: string | undefined; seededAt: string | undefined };

const templates = (engine: 'pglite' | 'postgres'): Template =>
  engine === 'pglite'
    ? {
        migrated: process.env[TEMPLATE_ENV.pgliteMigrated],
        seeded: process.env[TEMPLATE_ENV.pgliteSeeded],
        seededAt: process.env[TEMPLATE_ENV.pgliteSeededAt],
      }
    : {
        migrated: process.env[TEMPLATE_ENV.postgresMigrated],
        seeded: process.env[TEMPLATE_ENV.postgresSeeded],
        seededAt: process.env[TEMPLATE_ENV.postgresSeededAt],
      };

/** The run's seeded template when asked for and still current, else its migrated one (global-setup.ts). */
const pickTemplate = (seeded: boolean): string | undefined => {
  const template = templates(testEngine);
  if (seeded && template.seeded && seededTemplateIsCurrent(Number(template.seededAt))) return template.seeded;
  return template.migrated;
};

const copyOfTemplate = async (template: string | undefined): Promise<DatabaseHandle> => {
  if (testEngine === 'pglite') {
    const snapshot = template ? new Blob([await readFile(template)]) : undefined;
    const handle = await openDatabase({ engine: 'pglite', ...(snapshot ? { snapshot } : {}) });
    await handle.migrate();
    return handle;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const scratch = await createScratchDatabase(serverUrl, 'wattdesk_test', template);
  const handle = await openDatabase({ engine: 'postgres', url: scratch.url, poolSize: 5, statementTimeoutMs: 10_000 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
};

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server that is
 * dropped again on close. Copied from the run's template; migrate() runs still, as the product runs it at start.
 * `seeded`: it holds the demo data — copied with the seeded template while that is current, else seeded here. A run
 * that crosses a midnight at a demo location falls back to the migrated template, and a file that took the copy on
 * trust found no location (a run across 08:00 UTC, midnight in Los Angeles, failed three files that way).
 */
export const createTestDatabase = async ({ seeded = false }: { seeded?: boolean } = {}): Promise<DatabaseHandle> => {
  const handle = await copyOfTemplate(pickTemplate(seeded));
  if (seeded) await seedDemoDataIfEmpty(handle.db);
  return handle;
};

export const testConfig = (overrides: Record<string, string> = {}): AppConfig =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wattdesk-test-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://wattdesk.test',
    WEB_DIST_DIR: path.join(tmpdir(), 'wattdesk-no-web-build'),
    // Tests run the payout schedule themselves (app.payouts.runSchedule) when they mean to.
    PAYOUT_SCHEDULE_MINUTES: '0',
    // Tests move their clock by days within one sign-in; the 12-hour default is tested in session-config.test.ts.
    SESSION_MAX_AGE_HOURS: '720',
    // A test's burst (fifty bookings at once, twenty chargers registering) waits in the admission line; on a busy CI
    // machine the 3 s user cap turned part of it away with 503 and the test saw the shedder instead of the rule it is
    // about. The shedding tests set their own cap.
    DB_QUEUE_TIMEOUT_MS: '60000',
    ...overrides,
  });

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close: () => Promise<void>;
};

export type TestAppOptions = { env?: Record<string, string>; seed?: boolean; now?: () => Date };

export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const database = await createTestDatabase({ seeded: options.seed !== false });
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    logger: options.env?.LOG_LEVEL ? { level: options.env.LOG_LEVEL } : false,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse): T => response.json<T>();

export type LoginResult = { access_token: string; refresh_token: string; userId: string; locations: string[]; language?: string | null };

export const loginAs = async (app: FastifyInstance, type: UserType): Promise<LoginResult> => {
  const response = await app.inject({
    method: 'POST',
    url: '/web/users/login',
    payload: { email: demoEmail(type), password: DEMO_PASSWORD, deviceId: 'vitest' },
  });
  if (response.statusCode !== 200) throw new Error(`login as ${type} failed: ${response.body}`);
  return response.json<LoginResult>();
};

export const authed = (token: string, options: InjectOptions): InjectOptions => ({
  ...options,
  headers: { ...options.headers, authorization: `Bearer ${token}` },
});

/** A multipart/form-data body as a browser sends it: fields first, then one file. */
export const multipartPayload = (fields: Record<string, string>, file?: { field: string; filename: string; content: string }) => {
  const boundary = `----wattdesk${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n`,
    );
  }
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** A multipart/form-data body with one binary file (any bytes), fields first, as a browser sends it. */
export const multipartFile = (fields: Record<string, string>, file: { field: string; filename: string; contentType: string; content: Buffer }) => {
  const boundary = `----wattdesk${Math.random().toString(16).slice(2)}`;
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head + fileHead), file.content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
