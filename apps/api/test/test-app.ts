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

/** Which engine this test run uses: the `api-postgres` Vitest project sets postgres. */
export const testEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server
 * that is dropped again on close.
 */
export const createTestDatabase = async (): Promise<DatabaseHandle> => {
  if (testEngine === 'pglite') {
    const snapshotFile = process.env.PGLITE_SNAPSHOT;
    const snapshot = snapshotFile ? new Blob([await readFile(snapshotFile)]) : undefined;
    const handle = await openDatabase({ engine: 'pglite', ...(snapshot ? { snapshot } : {}) });
    await handle.migrate();
    return handle;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const scratch = await createScratchDatabase(serverUrl, 'wattdesk_test');
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

export const testConfig = (overrides: Record<string, string> = {}): AppConfig =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wattdesk-test-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://wattdesk.test',
    WEB_DIST_DIR: path.join(tmpdir(), 'wattdesk-no-web-build'),
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
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemoDataIfEmpty(database.db);
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

export type LoginResult = { access_token: string; refresh_token: string; userId: string; locations: string[] };

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
