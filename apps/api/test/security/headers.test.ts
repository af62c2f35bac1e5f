import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';

/** Security review, item 9: the protective headers of each kind of answer, exactly (decision 023). */
const PROTECTIVE = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'cache-control',
  'x-powered-by',
];
/** The headers above that the answer carries; a policy's directives spaced one way (Helmet writes `a;b`, we `a; b`). */
const protective = (response: LightMyRequestResponse) =>
  Object.fromEntries(
    PROTECTIVE.filter((name) => response.headers[name] !== undefined).map((name) => {
      const value = String(response.headers[name]);
      return [name, name === 'content-security-policy' ? value.split(/;\s*/).join('; ') : value];
    }),
  );

const COMMON = {
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
const LOCKED_DOWN = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

let t: TestApp;
beforeAll(async () => {
  const distDir = mkdtempSync(path.join(tmpdir(), 'wattdesk-web-'));
  writeFileSync(path.join(distDir, 'index.html'), '<meta property="csp-nonce" content="__CSP_NONCE__" />');
  t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: distDir, MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' } });
});
afterAll(() => t.close());

describe('protective headers', () => {
  it('an API answer, an error included, loads nothing, is framed by no one and is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web/locations' });
    expect(response.statusCode).toBe(401);
    expect(protective(response)).toEqual({ ...COMMON, 'content-security-policy': LOCKED_DOWN, 'cache-control': 'no-store' });
  });

  it('an answer outside the API gets the same policy, and may be cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(protective(response)).toEqual({ ...COMMON, 'content-security-policy': LOCKED_DOWN });
  });

  it("the web app's page allows our scripts, styles carrying its nonce, map tiles, and nothing else", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const nonce = /content="([^"]+)"/.exec(response.body)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    expect(protective(response)).toEqual({
      ...COMMON,
      'cache-control': 'no-store',
      'content-security-policy': [
        "default-src 'self'",
        "script-src 'self'",
        `style-src 'self' 'nonce-${nonce}'`,
        "img-src 'self' data: blob: https://*.tile.example.org",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    });
    const again = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(/content="([^"]+)"/.exec(again.body)?.[1]).not.toBe(nonce);
  });

  it('the API documentation gets its own policy (inline styles, no inline script)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(protective(response)['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
    );
  });
});
