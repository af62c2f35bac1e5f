import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { prepareDatabase } from '../../src/startup.ts';
import { createTestDatabase } from '../test-app.ts';

/**
 * Security review, item 1: a production start on an empty database seeded the demo network, whose passwords,
 * charger key and agreement link are published in the README; /docs and the source maps were served too.
 */
const webDist = mkdtempSync(path.join(tmpdir(), 'wattdesk-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Wattdesk</title>');
writeFileSync(path.join(webDist, 'assets/index-abc.js.map'), '{"version":3,"sources":["src/main.tsx"]}');

const configFor = (env: Record<string, string>) =>
  loadConfig({
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wattdesk-prod-')),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://wattdesk.test',
    WEB_DIST_DIR: webDist,
    ...env,
  });

const open: DatabaseHandle[] = [];
const freshDatabase = async () => {
  const database = await createTestDatabase();
  open.push(database);
  return database;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((database) => database.close()));
});

const demoLogin = { email: 'superadmin@example.com', password: 'Charge#2026' };

describe('security: production does not run on the demo network (item 1)', () => {
  it('an empty database stays empty: no demo sign-in, no demo agreement, no /docs, no source maps', async () => {
    const config = configFor({ NODE_ENV: 'production' });
    const database = await freshDatabase();
    expect(await prepareDatabase(config, database)).toEqual({ seeded: false });
    const app = await buildApp({ config, database, logger: false });
    try {
      expect((await app.inject({ method: 'POST', url: '/web/users/login', payload: demoLogin })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/web/terms-and-conditions?tokenId=demo-agreement' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js.map' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses to start while the demo secrets work, unless SEED_DEMO_DATA=true makes it a public demo', async () => {
    const database = await freshDatabase();
    // A database that was once started as a demo (npm start, which still seeds it), now started in production.
    expect(await prepareDatabase(configFor({}), database)).toEqual({ seeded: true });
    const refusal = await prepareDatabase(configFor({ NODE_ENV: 'production' }), database).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConfigError);
    const message = (refusal as Error).message;
    expect(message).toContain('account superadmin@example.com has the demo password');
    expect(message).toMatch(/\d+ chargers connect with the demo charger key/);
    expect(message).toContain('demo agreement link (demo-agreement)');

    const demoSite = configFor({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' });
    await prepareDatabase(demoSite, database);
    const app = await buildApp({ config: demoSite, database, logger: false });
    try {
      expect((await app.inject({ method: 'POST', url: '/web/users/login', payload: demoLogin })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    expect(configFor({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(configFor({ NODE_ENV: 'production', API_DOCS: 'true', SOURCE_MAPS: 'true' })).toMatchObject({ serveApiDocs: true, serveSourceMaps: true });
  });
});
