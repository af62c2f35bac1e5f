import { readLiveEvent, type LiveEvent } from '@wattdesk/shared/live-event';
import { buildUrl, refreshSession } from './api-client.ts';
import { useSession } from './session-store.ts';
import { isTokenExpiring } from './session-timing.ts';
import { SseParser } from './sse-parser.ts';

/** connecting: first attempt; live: the server said ready; reconnecting: between attempts; unavailable: refused for good. */
export type LiveFeedStatus = 'connecting' | 'live' | 'reconnecting' | 'unavailable';

export type LiveFeedOptions = {
  /** null: every location in the user's reach. */
  locationId: string | null;
  onEvent: (event: LiveEvent) => void;
  onStatus: (status: LiveFeedStatus) => void;
  /** The feed is back after a gap: events may have been missed, so what is shown should be refetched. */
  onResync: () => void;
  signal: AbortSignal;
  /** For tests: the network, the session and the clock. */
  fetch?: typeof fetch;
  getToken?: () => string | undefined;
  refresh?: () => Promise<boolean>;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  /** With no byte (not even a keepalive comment) for this long, the connection counts as dead. */
  stallMs?: number;
};

type Outcome = 'ended' | 'failed' | 'unauthorized' | 'refused';

const MAX_BACKOFF_MS = 30_000;
/** The server sends `: keepalive` every 20 s. */
const DEFAULT_STALL_MS = 45_000;
/** A stream that lived at least this long ended normally (the server closes them after 10 minutes). */
const HEALTHY_STREAM_MS = 5_000;

/** 1 s, 2 s, 4 s … up to 30 s, each ±25 % so many browsers do not come back in step. */
export const backoffDelay = (attempt: number, random: () => number = Math.random): number =>
  Math.round(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + random() * 0.5));

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const currentToken = () => useSession.getState().user?.access_token;

/** One connection: reads events until the stream ends, fails or goes quiet. */
const readStream = async (options: LiveFeedOptions, isResume: boolean): Promise<{ outcome: Outcome; wasReady: boolean }> => {
  const getToken = options.getToken ?? currentToken;
  const refresh = options.refresh ?? refreshSession;
  if (isTokenExpiring(getToken())) await refresh();
  const token = getToken();
  const connection = new AbortController();
  const abort = () => connection.abort();
  options.signal.addEventListener('abort', abort, { once: true });
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const feedWatchdog = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(abort, options.stallMs ?? DEFAULT_STALL_MS);
  };
  let wasReady = false;
  try {
    feedWatchdog();
    const response = await (options.fetch ?? fetch)(buildUrl('/live', options.locationId ? { locationId: options.locationId } : {}), {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      cache: 'no-store',
      signal: connection.signal,
    });
    if (response.status === 401) return { outcome: 'unauthorized', wasReady };
    if (response.status === 403 || response.status === 404 || response.status === 400) return { outcome: 'refused', wasReady };
    if (!response.ok || !response.body) return { outcome: 'failed', wasReady };
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    for (;;) {
      feedWatchdog();
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
        if (event.event === 'ready') {
          wasReady = true;
          options.onStatus('live');
          if (isResume) options.onResync();
        } else if (event.event === 'charger') {
          const liveEvent = readLiveEvent(safeJson(event.data));
          if (liveEvent) options.onEvent(liveEvent);
        }
      }
    }
    return { outcome: wasReady ? 'ended' : 'failed', wasReady };
  } catch {
    return { outcome: 'failed', wasReady };
  } finally {
    clearTimeout(watchdog);
    options.signal.removeEventListener('abort', abort);
    connection.abort();
  }
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The live feed (`GET /web/live`, server-sent events), read with fetch so the access token goes in the
 * Authorization header. Reconnects until `signal` aborts: at once after a normal end (the server closes
 * streams after 10 minutes), after a token refresh on 401, otherwise with backoff. A 403 stops it.
 */
export const runLiveFeed = async (options: LiveFeedOptions): Promise<void> => {
  const sleep = options.sleep ?? abortableSleep;
  const refresh = options.refresh ?? refreshSession;
  let attempt = 0;
  let hasBeenLive = false;
  options.onStatus('connecting');
  while (!options.signal.aborted) {
    const startedAt = Date.now();
    const { outcome, wasReady } = await readStream(options, hasBeenLive);
    if (options.signal.aborted) return;
    hasBeenLive ||= wasReady;
    if (outcome === 'refused') {
      options.onStatus('unavailable');
      return;
    }
    options.onStatus('reconnecting');
    if (outcome === 'unauthorized' && (await refresh())) continue;
    const healthy = outcome === 'ended' && Date.now() - startedAt >= HEALTHY_STREAM_MS;
    if (healthy) {
      attempt = 0;
      continue;
    }
    if (wasReady) attempt = 0;
    await sleep(backoffDelay(attempt, options.random), options.signal);
    attempt += 1;
  }
};
