import { randomBytes } from 'node:crypto';
import type { SandboxEvents, SandboxState } from './sandbox-state.ts';

/** The API version the sandbox's events claim (the one the bundled SDK was written for). */
export const SANDBOX_API_VERSION = '2026-10-28.endive';

/** A webhook endpoint of the product: its path and the event types it asked for (`payout.*` matches a family). */
export type SandboxEndpoint = { path: string; events: readonly string[] };

/** Sends one signed event body to an endpoint path; answers the HTTP status, or throws when nothing answered. */
export type SandboxTransport = (path: string, body: string, signature: string) => Promise<number>;

export type StripeEventJson = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  api_version: string;
  pending_webhooks: number;
};

/** An event as stored (kind 'event'): the endpoints that have not acknowledged it yet and when to try again. */
type StoredEvent = { event: StripeEventJson; seq: number; pending: string[]; attempts: number; nextAttemptAt: number; lastError: string | null };

export type SandboxEventsOptions = {
  state: SandboxState;
  endpoints: readonly SandboxEndpoint[];
  sign: (payload: string) => string;
  now: () => Date;
  /** First retry after this long, doubling per attempt up to `maxRetryMs`; Stripe gives up after three days. */
  retryMs?: number;
  maxRetryMs?: number;
  giveUpMs?: number;
  onGiveUp?: (event: StripeEventJson, endpoint: string, lastError: string | null) => void;
};

const wants = (endpoint: SandboxEndpoint, type: string) =>
  endpoint.events.some((pattern) => pattern === '*' || pattern === type || (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))));

/**
 * The sandbox's webhooks, delivered as Stripe delivers them: each event signed with the endpoint secret and posted
 * to every endpoint that asked for its type, after the answer that caused it; a non-2xx answer (or none) is retried
 * with exponential backoff. Events are stored with the sandbox's other objects, so what an endpoint has not
 * acknowledged before a restart is delivered after it.
 */
export const createSandboxEventDelivery = (options: SandboxEventsOptions) => {
  const { state, endpoints, sign, now } = options;
  const retryMs = options.retryMs ?? 60_000;
  const maxRetryMs = options.maxRetryMs ?? 3_600_000;
  const giveUpMs = options.giveUpMs ?? 3 * 86_400_000;
  const events = state.collection<StoredEvent>('event');
  let transport: SandboxTransport | undefined;
  // What is owed and the last sequence number, read from the stored events on first use (after the state's load).
  let index: { owed: Set<string>; seq: number } | undefined;
  const indexed = () =>
    (index ??= events.values().reduce(
      (found, stored) => {
        if (stored.pending.length > 0) found.owed.add(stored.event.id);
        found.seq = Math.max(found.seq, stored.seq);
        return found;
      },
      { owed: new Set<string>(), seq: 0 },
    ));
  const owedEvents = () => [...indexed().owed].flatMap((id) => events.get(id) ?? []);
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const emit: SandboxEvents['emit'] = (type, object) => {
    const pending = endpoints.filter((endpoint) => wants(endpoint, type)).map((endpoint) => endpoint.path);
    const event: StripeEventJson = {
      id: `evt_sbx${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(now().getTime() / 1000),
      data: { object },
      livemode: false,
      api_version: SANDBOX_API_VERSION,
      pending_webhooks: pending.length,
    };
    const found = indexed();
    found.seq += 1;
    if (pending.length > 0) found.owed.add(event.id);
    events.set(event.id, { event, seq: found.seq, pending, attempts: 0, nextAttemptAt: now().getTime(), lastError: null });
  };

  const backoff = (attempts: number) => Math.min(retryMs * 2 ** Math.max(0, attempts - 1), maxRetryMs);

  const attempt = async (send: SandboxTransport, path: string, body: string): Promise<string | null> => {
    try {
      const status = await send(path, body, sign(body));
      return status >= 200 && status < 300 ? null : `The endpoint answered ${status}`;
    } catch (error) {
      return error instanceof Error ? error.message : 'The endpoint could not be reached';
    }
  };

  /** One pass: every event due is posted to each endpoint still owed it, oldest first; the outcome is stored. */
  const deliverDue = async (): Promise<void> => {
    // Not connected yet (the product is still starting): nothing is attempted, so nothing is counted as refused.
    const send = transport;
    if (!send) return;
    const due = owedEvents()
      .filter((stored) => stored.nextAttemptAt <= now().getTime())
      .sort((a, b) => a.seq - b.seq);
    for (const stored of due) {
      if (stopped) break;
      const body = JSON.stringify(stored.event);
      const failures: { path: string; error: string }[] = [];
      for (const path of stored.pending) {
        const error = await attempt(send, path, body);
        if (error) failures.push({ path, error });
      }
      const attempts = stored.attempts + 1;
      const expired = failures.length > 0 && now().getTime() - stored.event.created * 1000 >= giveUpMs;
      if (expired) for (const failure of failures) options.onGiveUp?.(stored.event, failure.path, failure.error);
      const pending = expired ? [] : failures.map((failure) => failure.path);
      if (pending.length === 0) indexed().owed.delete(stored.event.id);
      events.set(stored.event.id, {
        ...stored,
        pending,
        attempts,
        nextAttemptAt: now().getTime() + backoff(attempts),
        lastError: failures[0]?.error ?? null,
      });
    }
    await state.flush();
  };

  const schedule = () => {
    clearTimeout(timer);
    const next = owedEvents().reduce((soonest, stored) => Math.min(soonest, stored.nextAttemptAt), Infinity);
    if (stopped || !Number.isFinite(next)) return;
    // The sandbox's clock may be a test's hand-moved one: wait at least a moment, and look again at least hourly.
    timer = setTimeout(() => kick(), Math.min(Math.max(next - now().getTime(), 250), maxRetryMs)).unref();
  };

  /** Starts a delivery pass soon (after the current answer has left); passes never overlap. */
  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await new Promise((resolve) => setImmediate(resolve));
        await deliverDue().catch(() => undefined);
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule();
    });
    return running;
  };

  return {
    emit,
    kick,
    deliverDue,
    /** Where events go; delivery (and redelivery of what a restart left) starts once there is a transport. */
    connect: (next: SandboxTransport) => {
      transport = next;
      stopped = false;
      void kick();
    },
    /** Stops delivering; an event in flight is finished and stored first. */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    /** What is still owed to an endpoint (for tests and the system log). */
    undelivered: () => owedEvents().map((stored) => ({ event: stored.event, attempts: stored.attempts, lastError: stored.lastError })),
  };
};

export type SandboxEventDelivery = ReturnType<typeof createSandboxEventDelivery>;
