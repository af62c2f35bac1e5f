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
