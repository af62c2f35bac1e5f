import type { Executor } from '../src/db/client.ts';
import { chargingSessions, violations } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { makeSession } from './charger-fixtures.ts';

/** An open overstay violation on a new finished session of the location. */
export const makeViolation = async (db: Executor, locationId: string): Promise<string> => {
  const sessionId = await makeSession(db, locationId);
  const [session] = await db.select().from(chargingSessions).where(eq(chargingSessions.id, sessionId));
  const [row] = await db
    .insert(violations)
    .values({
      sessionId,
      locationId,
      chargerId: session!.chargerId,
      idTag: session!.idTag,
      rule: 'max-stay',
      amount: 1500,
      currency: 'USD',
      detectedAt: session!.stoppedAt!,
      limitMinutes: 30,
      actualMinutes: 60,
    })
    .returning({ id: violations.id });
  return row!.id;
};
