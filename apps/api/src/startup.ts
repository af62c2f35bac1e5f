import { ConfigError, type AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { demoSecretsInUse } from './db/seed/demo-guard.ts';
import { seedDemoDataIfEmpty } from './db/seed/seed.ts';

/**
 * Migrates, seeds the demo network when configured (by default everywhere but production), and refuses a
 * production start while the demo network's published passwords still open it (security review, item 1).
 * A production that asked for demo data (SEED_DEMO_DATA=true) is a public demo and may keep them.
 */
/** `history`: three months of demo sessions for people to look at (`npm start`); tests start without it. */
export const prepareDatabase = async (
  config: AppConfig,
  database: DatabaseHandle,
  { history = false }: { history?: boolean } = {},
): Promise<{ seeded: boolean }> => {
  await database.migrate();
  const seeded = config.seedDemoData ? await seedDemoDataIfEmpty(database.db, { history }) : false;
  if (!config.demoPasswordsAllowed) {
    const found = await demoSecretsInUse(database.db);
    if (found.length) {
      throw new ConfigError(
        `Refusing to start in production: the demo network's published secrets still work:\n  ${found.join('\n  ')}\n` +
          'Change those passwords and keys, delete the demo agreement, or start on an empty database (SEED_DEMO_DATA=true only for a public demo).',
      );
    }
  }
  return { seeded };
};
