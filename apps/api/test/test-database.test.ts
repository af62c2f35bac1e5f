import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql-helpers.ts';
import { DEMO_LOCATIONS } from '../src/db/seed/demo-locations.ts';
import { TEMPLATE_ENV } from './database-templates.ts';
import { createTestDatabase, testEngine } from './test-app.ts';

const seededAtVariable = testEngine === 'pglite' ? TEMPLATE_ENV.pgliteSeededAt : TEMPLATE_ENV.postgresSeededAt;

/** Test files that ask for the demo data read it without seeding: they must find it on any day of the run. */
describe('a seeded test database', () => {
  it('holds the demo locations when the run seeded its template before a midnight at a demo location', async () => {
    const seededAt = process.env[seededAtVariable];
    // Two days ago: no longer current in any zone, as after a run crosses a midnight. Restored at once: the files of a
    // worker share its process.
    process.env[seededAtVariable] = String(Date.now() - 2 * 24 * 3600_000);
    const database = await createTestDatabase({ seeded: true }).finally(() => {
      if (seededAt === undefined) delete process.env[seededAtVariable];
      else process.env[seededAtVariable] = seededAt;
    });
    try {
      const [row] = rowsOf<{ count: number }>(await database.db.execute(sql`select count(*)::int as count from locations`));
      expect(row?.count).toBe(DEMO_LOCATIONS.length);
    } finally {
      await database.close();
    }
  });
});
