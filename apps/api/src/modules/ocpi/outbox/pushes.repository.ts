import type { RoamingPush } from '@wattdesk/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { rowsOf } from '../../../db/sql-helpers.ts';

export type PushState = 'pending' | 'failing' | 'delivered';

const STATE_FILTER: Record<PushState, SQL> = {
  pending: sql`delivered_at is null`,
  failing: sql`delivered_at is null and attempts > 0`,
  delivered: sql`delivered_at is not null`,
};

/** A partner's pushes, newest first, for the Roaming screen. */
export const listPushes = async (
  executor: Executor,
  partnerId: string,
  { state, page, pageSize }: { state?: PushState | undefined; page: number; pageSize: number },
): Promise<{ items: RoamingPush[]; total: number }> => {
  const where = sql`partner_id = ${partnerId}${state ? sql` and ${STATE_FILTER[state]}` : sql``}`;
  const [items, [count]] = await Promise.all([
    executor.execute(sql`
      select id::int as "id", module, object_key as "objectKey", method, attempts,
             to_char(next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "nextAttemptAt",
             last_error as "lastError",
             to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
             to_char(delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "deliveredAt"
        from ocpi_outbox where ${where}
       order by id desc limit ${pageSize} offset ${(page - 1) * pageSize}`),
    executor.execute(sql`select count(*)::int as "total" from ocpi_outbox where ${where}`).then((result) => rowsOf<{ total: number }>(result)),
  ]);
  return { items: rowsOf<RoamingPush>(items), total: count?.total ?? 0 };
};

export const partnerExists = async (executor: Executor, partnerId: string) =>
  rowsOf(await executor.execute(sql`select 1 from ocpi_partners where id = ${partnerId}`)).length > 0;
