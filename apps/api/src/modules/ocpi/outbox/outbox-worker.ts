import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { createPeriodicPass } from '../../../lib/periodic-pass.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { claimDue, markDelivered, markFailed, pendingByModule, pruneDelivered, type ClaimedPush } from './outbox.repository.ts';

/** Sends one push; throws with a sentence for the Roaming screen when the partner did not take it. */
export type PushSender = (request: { method: string; url: string; token: string; body: unknown }) => Promise<void>;

export type OutboxWorkerDeps = {
  db: Database;
  box: SecretBox;
  send: PushSender;
  log: FastifyBaseLogger;
  /** Pushes taken per pass, and how many go out at once (to different objects). */
  batch?: number;
  concurrency?: number;
  /** A claimed push not settled within this long is taken again (its node died). */
  leaseSeconds?: number;
};

/**
 * Backoff after the n-th failure: 2, 4, 8 … seconds, capped at a minute, so a partner back after an outage of any
 * length is caught up within a minute, and a partner that stays down costs one try a minute per object.
 */
export const retryDelaySeconds = (attempts: number) => Math.min(60, 2 ** Math.min(attempts + 1, 6));

const targetOf = (push: ClaimedPush): string | undefined => {
  if (push.url) return push.url;
  const endpoint = push.endpoints.find((candidate) => candidate.identifier === push.module && candidate.role === 'RECEIVER');
  return endpoint ? `${endpoint.url.replace(/\/$/, '')}${push.path ?? ''}` : undefined;
};

/**
 * Delivers the OCPI outbox (decision 916): every pass claims due pushes (oldest first, one per object so a
 * partner sees an object's states in order), sends them a few at a time, and records delivery or the failure
 * with the next try. Passes run on a timer and when a change kicks them; one pass at a time per node, several
 * nodes share the work through the claim's lease.
 */
export const createOutboxWorker = ({ db, box, send, log, batch = 200, concurrency = 16, leaseSeconds = 30 }: OutboxWorkerDeps) => {
  let passes = 0;
  const deliver = async (push: ClaimedPush) => {
    const url = targetOf(push);
    const token = push.outgoingTokenSealed ? box.open(push.outgoingTokenSealed) : undefined;
    if (!url || !token) {
      await markFailed(db, push, url ? 'No credentials token for this partner' : `The partner has no ${push.module} receiver endpoint`, 60);
      return;
    }
    try {
      await send({ method: push.method, url, token, body: push.body });
      await markDelivered(db, push);
    } catch (error) {
      await markFailed(db, push, error instanceof Error ? error.message : String(error), retryDelaySeconds(push.attempts));
    }
  };

  const pass = async () => {
    if (++passes % 3600 === 0) await pruneDelivered(db, 7);
    for (;;) {
      const claimed = await claimDue(db, batch, leaseSeconds);
      if (claimed.length === 0) return;
      let next = 0;
      const lane = async () => {
        while (next < claimed.length) await deliver(claimed[next++]!);
      };
      // Delivered pushes make the next of each object the head of its line: claim again until nothing is due.
      // Failed ones wait for their retry time, so the loop ends.
      await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
    }
  };

  return {
    ...createPeriodicPass(pass, log, 'OCPI outbox pass failed'),
    /** The queue's depth per module, for metrics. */
    pending: () => pendingByModule(db),
  };
};
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
