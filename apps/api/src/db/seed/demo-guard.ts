import { DEMO_CHARGER_PASSWORD } from '@wattdesk/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { verifyChargerPassword } from '../../lib/charger-password.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Database } from '../client.ts';
import { agreements, chargers, users } from '../schema/index.ts';
import { DEMO_PASSWORD, DEMO_USERS, demoEmail } from './demo-users.ts';

/** The public agreement token of the demo network (README). */
export const DEMO_AGREEMENT_TOKEN = 'demo-agreement';

/**
 * What of the demo network's published secrets still works in this database: demo accounts that sign in
 * with the demo password, chargers that connect with the demo charger key, the demo agreement link.
 * Each is in the README, so in production any of them is an open door.
 */
export const demoSecretsInUse = async (db: Database): Promise<string[]> => {
  const found: string[] = [];
  const accounts = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          DEMO_USERS.map((user) => demoEmail(user.type)),
        ),
        isNotNull(users.passwordHash),
      ),
    );
  for (const account of accounts) {
    if (account.passwordHash && (await verifyPassword(account.passwordHash, DEMO_PASSWORD)))
      found.push(`account ${account.email} has the demo password`);
  }
  // The demo chargers share one hash (one salt); chargers given their own keys never do.
  const shared = await db
    .select({ hash: chargers.ocppPasswordHash, count: sql<number>`count(*)::int` })
    .from(chargers)
    .where(isNotNull(chargers.ocppPasswordHash))
    .groupBy(chargers.ocppPasswordHash)
    .having(sql`count(*) > 1`)
    .limit(5);
  for (const { hash, count } of shared) {
    if (hash && (await verifyChargerPassword(hash, DEMO_CHARGER_PASSWORD))) found.push(`${count} chargers connect with the demo charger key`);
  }
  const [agreement] = await db.select({ id: agreements.id }).from(agreements).where(eq(agreements.tokenId, DEMO_AGREEMENT_TOKEN)).limit(1);
  if (agreement) found.push(`the demo agreement link (${DEMO_AGREEMENT_TOKEN}) exists`);
  return found;
};
