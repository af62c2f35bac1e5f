import { ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargers, locations, users } from '../../src/db/schema/index.ts';
import { connectTestPartner } from '../ocpi-peer.ts';
import { createTestApp, loginAs, type TestApp } from '../test-app.ts';
import { asParameter, mutate, operationsOf, seededRandom, valueFor, type Operation, type Random } from './openapi-fuzz.ts';

/**
 * The bar of the security review: every operation of the OpenAPI document, called with values that fit its
 * schema and with hostile ones, must never answer 5xx, and every 4xx must be {responseCode, msg}.
 * Deterministic (one seed) and bounded: rounds over all operations until the request or time budget is spent.
 * A longer or different run: FUZZ_SEED=<n> FUZZ_RUNS=<requests> (the time budget then grows with the runs); a
 * failure names the seed that reproduces it.
 */
const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
};
const SEED = envNumber('FUZZ_SEED', 20_261_112);
const MAX_REQUESTS = envNumber('FUZZ_RUNS', 3000);
/** About 12 ms a request on the shared development machine, never less than the default's 35 s. */
const TIME_BUDGET_MS = Math.max(35_000, MAX_REQUESTS * 12);
/** Rounds 0–2: every operation with valid values, then without a sign-in, then with hostile values. */
const FIRST_ROUNDS = 3;
/** Sign-in and password routes hash passwords on purpose (argon2): a few cases each is enough. */
const HASHING = /login$|password|mfa|email-change/;
/**
 * Ending our own sign-in would turn the rest of the run into 401s, and the live stream never ends: these are
 * called without a sign-in only (valid and hostile values), which still covers their parsing and guard.
 */
const ANONYMOUS_ONLY = new Set(['POST /web/logout', 'GET /web/live', 'POST /web/users/me/sessions/sign-out-others']);

type Failure = { request: string; status: number; body: string };

let t: TestApp;
let token: string;
/** A connected roaming partner's `Authorization: Token …`, so OCPI routes are fuzzed past their token check. */
let partnerAuthorization: string;
let ids: string[];
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '100000', PASSWORD_HASH_QUEUE: '1000', PASSWORD_HASH_PER_ADDRESS: '1000' } });
  const session = await loginAs(t.app, 'SuperAdmin');
  token = session.access_token;
  // Real ids let generated requests reach rows (updates, moves, deletes), not only "not found"; our own
  // account is left out so the run cannot deactivate or sign out the account it runs as.
  const { db } = t.database;
  const [locationRows, chargerRows, userRows] = await Promise.all([
    db.select({ id: locations.id }).from(locations).limit(4),
    db.select({ id: chargers.id }).from(chargers).limit(4),
    db.select({ id: users.id }).from(users).where(ne(users.id, session.userId)).limit(6),
  ]);
  ids = [...locationRows, ...chargerRows, ...userRows].map((row) => row.id);
  // Its endpoints are a closed port: pushes owed to it fail fast and are retried, as for a partner that is down.
  partnerAuthorization = (await connectTestPartner(db, t.config.jwtSecret, { peerUrl: 'http://127.0.0.1:9' })).authorization;
});
afterAll(() => t.close());

/** A lone surrogate cannot be encoded: it travels as the invalid UTF-8 bytes a hostile client would send. */
const encodePathValue = (text: string): string => {
  try {
    return encodeURIComponent(text) || '%20';
  } catch {
    return '%ED%A0%80';
  }
};

type Mode = 'valid' | 'hostile' | 'anonymous';

const buildRequest = (operation: Operation, random: Random, mode: Mode, anonymousOnly: boolean) => {
  const target = mode === 'hostile' ? random.pick(['path', 'query', 'body'] as const) : undefined;
  let url = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    let value = valueFor(parameter.schema, random, ids);
    if (parameter.in === 'path') {
      if (target === 'path') value = mutate(value, random);
      url = url.replace(`{${parameter.name}}`, encodePathValue(asParameter(value)));
    } else if (parameter.in === 'query' && (parameter.required || random.chance(0.6))) {
      if (target === 'query' && random.chance(0.5)) value = mutate(value, random);
      query.append(parameter.name, asParameter(value));
    }
  }
  if (target === 'query' && random.chance(0.3))
    query.append(random.pick(['page', 'pageSize', 'sort', 'search', 'x']), asParameter(mutate(1, random)));
  let payload: unknown = operation.body ? valueFor(operation.body, random, ids) : undefined;
  if (target === 'body') payload = mutate(payload ?? {}, random);
  const search = query.toString();
  return {
    method: operation.method as 'GET',
    url: search ? `${url}?${search}` : url,
    ...(payload !== undefined ? { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } } : {}),
    ...(mode === 'anonymous' || anonymousOnly || (operation.public && !isOcpi(operation.path))
      ? {}
      : {
          headers: {
            // A credentials DELETE with the partner's token would unregister it and end the fuzzing of OCPI.
            authorization: isOcpi(operation.path) ? (operation.method === 'DELETE' ? 'Token x' : partnerAuthorization) : `Bearer ${token}`,
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
        }),
  };
};

/** OCPI answers in its own envelope (2.2.1 "Response format"), refusals included. */
const isOcpi = (path: string) => path.startsWith('/ocpi/');

const problemWith = (status: number, body: string, path: string): string | undefined => {
  if (status >= 500) return 'server error';
  if (status < 400) return undefined;
  if (isOcpi(path)) {
    try {
      const parsed = JSON.parse(body) as { status_code?: unknown; timestamp?: unknown };
      return typeof parsed.status_code === 'number' && parsed.status_code >= 2000 && typeof parsed.timestamp === 'string'
        ? undefined
        : 'OCPI error body is not the envelope with a 2xxx/3xxx status_code';
    } catch {
      return 'error body is not JSON';
    }
  }
  try {
    const parsed = JSON.parse(body) as { responseCode?: unknown; msg?: unknown };
    const messagesOk = Array.isArray(parsed.msg) && parsed.msg.length > 0 && parsed.msg.every((line) => typeof line === 'string' && line.length > 0);
    return parsed.responseCode === status && messagesOk ? undefined : 'error body is not {responseCode, msg}';
  } catch {
    return 'error body is not JSON';
  }
};

describe('security: schema-driven fuzzing of every route in the OpenAPI document', () => {
  it(
    'answers no 5xx, and every 4xx as {responseCode, msg} (OCPI: its envelope)',
    async () => {
      const random = seededRandom(SEED);
      const operations = operationsOf(t.app.swagger());
      expect(operations.length).toBeGreaterThan(60);
      const failures: (Failure & { problem: string })[] = [];
      const covered = new Set<string>();
      const started = Date.now();
      let sent = 0;
      // The first rounds (valid, anonymous, hostile) run whatever the machine's speed: on a
      // loaded CI machine the time budget alone once stopped the run at 494 requests; the budget only adds rounds.
      const inBudget = () => sent < MAX_REQUESTS && Date.now() - started < TIME_BUDGET_MS;
      for (let round = 0; round < FIRST_ROUNDS || inBudget(); round += 1) {
        for (const operation of operations) {
          if (HASHING.test(operation.path) && round >= 3) continue;
          const mode: Mode = round % 3 === 0 ? 'valid' : round % 7 === 1 && !operation.public ? 'anonymous' : 'hostile';
          const request = buildRequest(operation, random, mode, ANONYMOUS_ONLY.has(`${operation.method} ${operation.path}`));
          const response = await t.app.inject(request);
          sent += 1;
          covered.add(`${operation.method} ${operation.path}`);
          const problem = problemWith(response.statusCode, response.body, operation.path);
          if (problem)
            failures.push({
              problem,
              request: `${request.method} ${request.url} ${'payload' in request ? String(request.payload).slice(0, 300) : ''}`,
              status: response.statusCode,
              body: response.body.slice(0, 300),
            });
        }
      }
      expect(covered.size).toBe(operations.length);
      expect(
        failures.slice(0, 15),
        `${failures.length} failures in ${sent} requests; reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${MAX_REQUESTS}`,
      ).toEqual([]);
    },
    TIME_BUDGET_MS + 85_000,
  );
});
