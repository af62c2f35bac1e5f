import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { locations, users } from '../src/db/schema/index.ts';
import { DEMO_LOCATIONS } from '../src/db/seed/demo-locations.ts';

/** The seeded demo locations by key (`sf-embarcadero`, …) → id. */
export const demoLocationIds = async (db: Executor): Promise<Record<string, string>> => {
  const rows = await db.select({ id: locations.id, name: locations.name }).from(locations);
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  return Object.fromEntries(DEMO_LOCATIONS.map((location) => [location.key, byName.get(location.name)!]));
};

export const userIdOf = async (db: Executor, email: string): Promise<string> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};
