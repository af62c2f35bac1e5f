/**
 * Hand-built pieces against the library that could replace them, side by side in one run (issue 40: "keep it only
 * where a bench shows the library cannot serve").
 *
 * 1. A signed-in request's token check: fast-jwt's own verifier cache, keyed by the whole token
 *    (`cacheKeyBuilder: (token) => token`, no hashing) and by its default (a SHA-256 of the token), against ours (`lib/verified-tokens.ts`, in front of an
 *    uncached verifier), and no cache at all as the floor. Microseconds per check of a token seen before.
 * 2. The security headers: a bare Fastify route, `@fastify/helmet` as `plugins/helmet.ts` registers it, and the
 *    headers set from a precomputed list by one hook (what `plugins/security-headers.ts` did). Microseconds per
 *    request through `app.inject` (the in-process path, so the difference is the plugin's, not the network's).
 *
 * Each variant runs twice, in alternating order, so a drift of the machine falls on all of them (decision 045).
 *
 *   npm run bench:library-pieces -w @wattdesk/bench -- [--checks 200000] [--requests 20000]
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createSigner, createVerifier } from 'fast-jwt';
import { parseArgs } from 'node:util';
import { helmetPlugin } from '../apps/api/src/plugins/helmet.ts';
import { VerifiedTokens } from '../apps/api/src/lib/verified-tokens.ts';
import { finish } from './lib/machine.ts';

const { values: flags } = parseArgs({
  options: { checks: { type: 'string', default: '200000' }, requests: { type: 'string', default: '20000' } },
});
const CHECKS = Number(flags.checks);
const REQUESTS = Number(flags.requests);
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const VERIFY = { allowedIss: 'wattdesk', allowedAud: 'wattdesk-web', algorithms: ['HS256' as const], requiredClaims: ['exp', 'aud', 'iss', 'sub'] };

type Claims = { sub: string; exp: number };

/** Microseconds per call of `run`, over `times` calls. */
const perCall = (times: number, run: () => void): number => {
  const started = process.hrtime.bigint();
  for (let index = 0; index < times; index += 1) run();
  return Number(process.hrtime.bigint() - started) / 1000 / times;
};

const tokenCheckVariants = () => {
  const sign = createSigner({ key: SECRET, expiresIn: 900_000, iss: 'wattdesk', aud: 'wattdesk-web', algorithm: 'HS256' });
  // A browser's requests carry a handful of tokens over a token's life; a thousand users' worth, each seen again.
  const tokens = Array.from({ length: 1000 }, (_, index) => sign({ sub: `user-${index}` }));
  const uncached = createVerifier({ key: SECRET, ...VERIFY });
  const fastJwtCache = createVerifier({ key: SECRET, ...VERIFY, cache: 10_000, cacheKeyBuilder: (token: string) => token });
  // Its default key: a SHA-256 of the token (no start-up warning about custom keys).
  const fastJwtHashed = createVerifier({ key: SECRET, ...VERIFY, cache: 10_000 });
  const ours = new VerifiedTokens<Claims>(10_000);
  const oursCheck = (token: string) => {
    const known = ours.get(token);
    if (known) return known;
    const claims = uncached(token) as Claims;
    ours.remember(token, claims, claims.exp);
    return claims;
  };
  let next = 0;
  const token = () => tokens[(next = (next + 1) % tokens.length)]!;
  // Warm: every token verified once, so the timed calls are the repeat checks a signed-in browser makes.
  for (const each of tokens) {
    fastJwtCache(each);
    fastJwtHashed(each);
    oursCheck(each);
  }
  return {
    'no cache (verify every time)': () => perCall(CHECKS / 10, () => void uncached(token())),
    'fast-jwt cache, key = token': () => perCall(CHECKS, () => void fastJwtCache(token())),
    'fast-jwt cache, default key (hash)': () => perCall(CHECKS, () => void fastJwtHashed(token())),
    'ours (VerifiedTokens)': () => perCall(CHECKS, () => void oursCheck(token())),
  };
};

const HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const app = async (kind: 'bare' | 'helmet' | 'hook'): Promise<FastifyInstance> => {
  const server = Fastify({ logger: false });
  if (kind === 'helmet') await server.register(helmetPlugin, {});
  if (kind === 'hook')
    server.addHook('onRequest', (_request, reply, done) => {
      reply.headers(HEADERS);
      done();
    });
  server.get('/web/ping', async () => ({ ok: true }));
  await server.ready();
  return server;
};

const microsPerRequest = async (server: FastifyInstance): Promise<number> => {
  const started = process.hrtime.bigint();
  for (let index = 0; index < REQUESTS; index += 1) await server.inject({ method: 'GET', url: '/web/ping' });
  return Number(process.hrtime.bigint() - started) / 1000 / REQUESTS;
};

const best = (figures: number[]) => Math.min(...figures);
const row = (name: string, micros: number, floor: number) =>
  `  ${name.padEnd(34)} ${micros.toFixed(2).padStart(8)} µs   ${(micros - floor).toFixed(2).padStart(7)} µs over the floor`;

const checks = tokenCheckVariants();
const tokenFigures = new Map<string, number[]>();
for (const round of [0, 1])
  for (const name of round === 0 ? Object.keys(checks) : Object.keys(checks).reverse()) {
    const figure = checks[name as keyof typeof checks]();
    tokenFigures.set(name, [...(tokenFigures.get(name) ?? []), figure]);
  }

const servers = { bare: await app('bare'), helmet: await app('helmet'), hook: await app('hook') };
const headerFigures = new Map<string, number[]>();
for (const order of [
  ['bare', 'helmet', 'hook'],
  ['hook', 'helmet', 'bare'],
] as const)
  for (const kind of order) headerFigures.set(kind, [...(headerFigures.get(kind) ?? []), await microsPerRequest(servers[kind])]);
await Promise.all(Object.values(servers).map((server) => server.close()));

const tokenFloor = best(tokenFigures.get('ours (VerifiedTokens)')!);
console.log(`\nToken check of a token seen before (${CHECKS.toLocaleString('en-US')} checks, best of two rounds):`);
for (const [name, figures] of tokenFigures) console.log(row(name, best(figures), tokenFloor));
const headerFloor = best(headerFigures.get('bare')!);
console.log(`\nSecurity headers, per request through app.inject (${REQUESTS.toLocaleString('en-US')} requests, best of two rounds):`);
for (const [kind, figures] of headerFigures)
  console.log(
    row(
      kind === 'hook' ? 'one hook, precomputed headers' : kind === 'helmet' ? '@fastify/helmet (plugins/helmet.ts)' : 'bare route',
      best(figures),
      headerFloor,
    ),
  );

const hashed = best(tokenFigures.get('fast-jwt cache, default key (hash)')!);
// fast-jwt keyed by the token itself matches ours, but warns at every verifier's creation that a custom key builder
// is a security risk (FAST_JWT_CACHE_KEY_BUILDER_SECURITY_RISK); the library serves only if its default key does.
const librarySuffices = hashed - tokenFloor <= 1;
console.log(
  `\nVerdict: fast-jwt's cache with its default (hashed) key costs ${(hashed - tokenFloor).toFixed(2)} µs a check more than ours: ${librarySuffices ? 'the library serves' : 'ours stays'}.`,
);
finish(!librarySuffices, "ours stays only while fast-jwt's default-keyed cache costs over 1 µs more per check");
