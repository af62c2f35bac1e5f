import type { FastifyBaseLogger } from 'fastify';

/** Operator settings for the OCPP endpoint (docs/configuration.md, decision 011). */
export type OcppLimits = {
  /** Largest WebSocket message a charger may send; ws closes the connection (1009) on a larger one. */
  maxFrameBytes: number;
  /** Sustained messages per second one connection may send, and the burst it may send at once. */
  messagesPerSecond: number;
  messageBurst: number;
  /** Failed handshakes one address may make per minute for one charger id before it is turned away without a look-up. */
  handshakeFailuresPerMinute: number;
};

export const DEFAULT_OCPP_LIMITS: OcppLimits = {
  maxFrameBytes: 64 * 1024,
  messagesPerSecond: 10,
  messageBurst: 60,
  handshakeFailuresPerMinute: 60,
};

const MINUTE_MS = 60_000;
/** Above this many tracked addresses, expired ones are dropped, so a scan from many addresses cannot grow memory. */
const MAX_TRACKED_ADDRESSES = 20_000;

/**
 * One address may fail this many times the per-charger allowance in a minute, over all the ids it presents: a scan
 * of ids is stopped, while one misbehaving device (stopped at its own id's allowance) never reaches it.
 */
export const ADDRESS_FAILURES_FACTOR = 10;

/**
 * Counts failed handshakes in one-minute windows per (address, charger id), and per address with a
 * higher ceiling. Only failures count: a site behind one NAT address reconnecting hundreds of chargers at once must
 * not be turned away, a password guesser must; and one device there retrying a wrong password must not lock out
 * its neighbours whose credentials are right (issue 39).
 */
export const createHandshakeThrottle = (failuresPerMinute: number, now: () => number = Date.now) => {
  const windows = new Map<string, { startedAt: number; failures: number }>();
  const current = (key: string) => {
    const window = windows.get(key);
    return window && now() - window.startedAt < MINUTE_MS ? window : undefined;
  };
  const count = (key: string) => {
    const window = current(key);
    if (window) window.failures += 1;
    else {
      if (windows.size >= MAX_TRACKED_ADDRESSES) for (const [old, value] of windows) if (now() - value.startedAt >= MINUTE_MS) windows.delete(old);
      windows.set(key, { startedAt: now(), failures: 1 });
    }
  };
  // The NUL cannot occur in an address nor in a decoded charger id, so the two kinds of key never meet.
  const pair = (address: string, chargerCode: string) => `${address}\u0000${chargerCode}`;
  return {
    blocked: (address: string, chargerCode: string) =>
      (current(pair(address, chargerCode))?.failures ?? 0) >= failuresPerMinute ||
      (current(address)?.failures ?? 0) >= failuresPerMinute * ADDRESS_FAILURES_FACTOR,
    failed: (address: string, chargerCode: string) => {
      count(pair(address, chargerCode));
      count(address);
    },
  };
};

/**
 * Refused handshakes that name no registered charger (a scan, or a charger configured for another network)
 * are counted and sampled in the log once a minute instead of written to the charger log one row each: a
 * scan must not be able to fill the database.
 */
export const createRefusalSampler = (log: FastifyBaseLogger, sampleSize = 5) => {
  let window = { refused: 0, sample: new Map<string, string>() };
  let total = 0;
  const report = () => {
    if (!window.refused) return;
    const sample = [...window.sample].map(([chargerCode, reason]) => ({ chargerCode, reason }));
    log.warn({ refused: window.refused, sample }, 'OCPP handshakes refused before authentication in the last minute');
    window = { refused: 0, sample: new Map() };
  };
  const timer = setInterval(report, MINUTE_MS);
  timer.unref();
  return {
    refused: (chargerCode: string, reason: string) => {
      total += 1;
      window.refused += 1;
      if (window.sample.size < sampleSize && !window.sample.has(chargerCode)) window.sample.set(chargerCode, reason);
    },
    /** Refusals since start, and this minute's sample. */
    stats: () => ({ refused: total, sample: [...window.sample.keys()] }),
    close: () => {
      clearInterval(timer);
      report();
    },
  };
};

/** The connection's WebSocket (ws): its pause() also holds off ws's own resume after back-pressure. */
export type PausableReader = { pause: () => void; resume: () => void };

/**
 * A token bucket per connection. Past the burst, the socket stops being read until the bucket holds a message
 * again, so a flooding charger waits (TCP pushes back on it) while every other charger is served. A charger
 * that follows OCPP (one call at a time, waiting for each answer) replaying a backlog is slowed, never refused.
 * Frames already read in one TCP chunk cannot be un-read: those past the budget are answered with an error
 * without any work (`overBudget`), and paid back by a longer pause.
 */
export const createMessageThrottle = (socket: PausableReader, limits: Pick<OcppLimits, 'messagesPerSecond' | 'messageBurst'>) => {
  const { messagesPerSecond: rate, messageBurst: burst } = limits;
  let tokens = burst;
  let last = performance.now();
  let resumeTimer: NodeJS.Timeout | undefined;
  const refill = () => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - last) / 1000) * rate);
    last = now;
  };
  /** Reads again once the bucket holds a message; frames handled meanwhile may have deepened the debt. */
  const pauseUntilRefilled = () => {
    resumeTimer = setTimeout(
      () => {
        resumeTimer = undefined;
        refill();
        if (tokens < 1) pauseUntilRefilled();
        else socket.resume();
      },
      Math.ceil(((1 - tokens) / rate) * 1000),
    );
  };
  return {
    /** Called for every message the connection receives, before it is handled. */
    received: () => {
      refill();
      tokens -= 1;
      if (tokens >= 0 || resumeTimer) return;
      socket.pause();
      pauseUntilRefilled();
    },
    /** The message just received was past the budget. */
    overBudget: () => tokens < 0,
    /** The connection closes (or the server does): its close handshake must be read. */
    stop: () => {
      if (resumeTimer) clearTimeout(resumeTimer);
      resumeTimer = undefined;
      socket.resume();
    },
  };
};
