import type { ChargerEvent } from '@wattdesk/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargerEvents } from '../../db/schema/index.ts';

export const listChargerEvents = async (db: Executor, chargerId: string, page: number, pageSize: number) => {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: chargerEvents.id, at: chargerEvents.createdAt, kind: chargerEvents.kind, summary: chargerEvents.summary, detail: chargerEvents.detail })
      .from(chargerEvents)
      .where(eq(chargerEvents.chargerId, chargerId))
      .orderBy(desc(chargerEvents.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(chargerEvents).where(eq(chargerEvents.chargerId, chargerId)),
  ]);
  const items: ChargerEvent[] = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  return { items, total: total?.total ?? 0, page, pageSize };
};
