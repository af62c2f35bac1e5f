import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/sql-helpers.ts';
import type { Executor } from '../../../db/client.ts';
import { ocpiOutbox } from '../../../db/schema/index.ts';

export type OutboxPush = {
  /** OCPI module identifier whose RECEIVER endpoint of the partner gets the push. */
  module: string;
  /** Pushes of one object to one partner are delivered in the order they were written. */
  objectKey: string;
  method: 'PUT' | 'PATCH' | 'POST';
  /** Appended to the partner's endpoint URL of `module`, e.g. `/US/WDK/LOC1/EVSE1`. */
  path: string;
  body: unknown;
};

/**
 * Queues a push for every connected partner that has a RECEIVER endpoint for the module, in the caller's
 * transaction: the object's change and what partners will be told commit together or not at all.
 */
export const enqueueForPartners = async (executor: Executor, push: OutboxPush): Promise<number> => {
  const result = await executor.execute(sql`
    insert into ocpi_outbox (partner_id, module, object_key, method, path, body)
    select p.id, ${push.module}, ${push.objectKey}, ${push.method}, ${push.path}, ${JSON.stringify(push.body)}::jsonb
      from ocpi_partners p
     where p.status = 'CONNECTED'
       and p.endpoints @> ${JSON.stringify([{ identifier: push.module, role: 'RECEIVER' }])}::jsonb
    returning id`);
  return rowsOf<{ id: string }>(result).length;
};

/** Queues a push to one partner: to its module endpoint (`path`) or to an absolute URL it gave (`url`). */
export const enqueueForPartner = async (
  executor: Executor,
  partnerId: string,
  push: Omit<OutboxPush, 'path'> & ({ path: string; url?: undefined } | { url: string; path?: undefined }),
) => {
  await executor.insert(ocpiOutbox).values({
    partnerId,
    module: push.module,
    objectKey: push.objectKey,
    method: push.method,
    path: push.path ?? null,
    url: push.url ?? null,
    body: push.body,
  });
};

export type ClaimedPush = {
  id: number;
  partnerId: string;
  module: string;
  method: 'PUT' | 'PATCH' | 'POST';
  path: string | null;
  url: string | null;
  body: unknown;
  attempts: number;
  endpoints: { identifier: string; role: string; url: string }[];
  outgoingTokenSealed: string | null;
};

/**
 * Takes up to `limit` due pushes, each the oldest undelivered one of its (partner, object), of connected partners,
 * and leases them for `leaseSeconds` by moving their next attempt: a node that dies mid-delivery leaves them to
 * another node after the lease, and no transaction stays open while the partner is called.
 */
export const claimDue = async (executor: Executor, limit: number, leaseSeconds: number): Promise<ClaimedPush[]> =>
  rowsOf<ClaimedPush & { body: unknown }>(
    await executor.execute(sql`
      with due as (
        select o.id
          from ocpi_outbox o
          join ocpi_partners p on p.id = o.partner_id and p.status = 'CONNECTED'
         where o.delivered_at is null
           and o.next_attempt_at <= now()
           and not exists (
                 select 1 from ocpi_outbox e
                  where e.partner_id = o.partner_id and e.object_key = o.object_key
                    and e.delivered_at is null and e.id < o.id)
         order by o.id
         limit ${limit}
           for update of o skip locked)
      update ocpi_outbox o
         set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        from due, ocpi_partners p
       where o.id = due.id and p.id = o.partner_id
      returning o.id::int as "id", o.partner_id as "partnerId", o.module, o.method, o.path, o.url, o.body,
                o.attempts, p.endpoints, p.outgoing_token_sealed as "outgoingTokenSealed"`),
  );

export const markDelivered = async (executor: Executor, push: ClaimedPush) => {
  await executor.execute(sql`
    with done as (update ocpi_outbox set delivered_at = now(), attempts = attempts + 1, last_error = null where id = ${push.id})
    update ocpi_partners set last_exchange_at = now() where id = ${push.partnerId}`);
};

export const markFailed = async (executor: Executor, push: ClaimedPush, error: string, retryInSeconds: number) => {
  await executor.execute(sql`
    with failed as (
      update ocpi_outbox
         set attempts = attempts + 1, last_error = ${error}, next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
       where id = ${push.id})
    update ocpi_partners set last_failure_at = now(), last_failure = ${error} where id = ${push.partnerId}`);
};

export type PendingPushes = { module: string; pending: number; oldestAgeSeconds: number };

/** Undelivered pushes per OCPI module and the age of the oldest (metrics); the partial index holds only these rows. */
export const pendingByModule = async (executor: Executor): Promise<PendingPushes[]> =>
  rowsOf<PendingPushes>(
    await executor.execute(sql`
      select module, count(*)::int as "pending", coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as "oldestAgeSeconds"
        from ocpi_outbox
       where delivered_at is null
       group by module`),
  );

/** Delivered pushes are kept a week for the Roaming screen, then removed. */
export const pruneDelivered = async (executor: Executor, keepDays: number) => {
  await executor.execute(sql`delete from ocpi_outbox where delivered_at < now() - make_interval(days => ${keepDays})`);
};
