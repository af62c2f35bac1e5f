import { SignJWT, decodeJwt } from 'jose';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/lib/csv.ts';
import { authed, createTestApp, loginAs, multipartPayload, type LoginResult, type TestApp } from '../test-app.ts';

/** Security review, items 4 and 9 (HTTP side): hostile input answers 4xx in our shape; protective headers. */
const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const NUL_REFUSAL = {
  responseCode: 400,
  msg: ['The request contains an invisible control character (NUL). Remove it and try again'],
  code: 'INVALID_CHARACTERS',
};

let t: TestApp;
let admin: LoginResult;
let locationId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'SuperAdmin');
  const locations = await t.app.inject(authed(admin.access_token, { method: 'GET', url: '/web/locations?pageSize=1' }));
  locationId = locations.json<{ items: { id: string }[] }>().items[0]!.id;
});
afterAll(() => t.close());

describe('security: a NUL byte is refused with 400, never a 500 (item 4)', () => {
  it.each([
    ['login', { method: 'POST', url: '/web/users/login', payload: { email: 'superadmin@example.com\u0000', password: 'x\u0000' } }],
    ['authentication-method', { method: 'POST', url: '/web/authentication-method', payload: { userEmail: 'a\u0000@example.com' } }],
    ['the agreement token', { method: 'GET', url: '/web/terms-and-conditions?tokenId=demo%00agreement' }],
    ['forgot-password', { method: 'POST', url: '/web/users/forgot-password', payload: { email: 'a@example.com\u0000' } }],
  ] as const)('%s', async (_name, request) => {
    const response = await t.app.inject(request);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status: 400, body: NUL_REFUSAL });
  });

  it.each([
    ['a search filter', 'GET', '/web/admins?search=a%00b', undefined],
    ['the activity filter', 'GET', '/web/activity-logs?actor=a%00', undefined],
    ['a text field', 'PATCH', '/web/users/me/profile', { firstName: 'Al\u0000ex', lastName: 'Rivera' }],
    ['a path parameter', 'GET', '/web/drivers/%00', undefined],
  ] as const)('%s (signed in)', async (_name, method, url, payload) => {
    const response = await t.app.inject(authed(admin.access_token, { method, url, ...(payload ? { payload } : {}) }));
    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status: 400, body: NUL_REFUSAL });
  });
});

describe('security: malformed requests answer {responseCode, msg} (item 4)', () => {
  it('a truncated multipart body is a 400, not a 500', async () => {
    const { payload, headers } = multipartPayload({ locationId }, { field: 'file', filename: 'chargers.csv', content: 'chargerId,name\nWD-X,One\n' });
    const cut = payload.slice(0, payload.length - 40);
    const response = await t.app.inject(authed(admin.access_token, { method: 'POST', url: '/web/chargers/batch', payload: cut, headers }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ responseCode: 400, msg: [expect.any(String)] });
  });

  it('a token we signed whose sid is not a UUID is a 401, not a 500', async () => {
    const session = await loginAs(t.app, 'SuperAdmin');
    const claims = { ...decodeJwt(session.access_token), sid: 'not-a-uuid' };
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(SECRET));
    const response = await t.app.inject(authed(token, { method: 'GET', url: '/web/locations' }));
    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({
      status: 401,
      body: { responseCode: 401, msg: ['Please sign in to continue'], code: 'UNAUTHENTICATED' },
    });
  });

  it('an over-long path parameter is a 414 with our error body', async () => {
    const response = await t.app.inject(authed(admin.access_token, { method: 'DELETE', url: `/web/drivers/${'a'.repeat(300)}` }));
    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({
      status: 414,
      body: { responseCode: 414, msg: ['The address of the request is too long'], code: 'URL_TOO_LONG' },
    });
  });

  it('headers larger than the server takes are a 431 with our error body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/web/locations', headers: { 'x-padding': 'a'.repeat(20_000) } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({
      status: 431,
      body: {
        responseCode: 431,
        msg: ['The request headers are too large. Sign out and in again, or clear cookies for this site'],
        code: 'HEADERS_TOO_LARGE',
      },
    });
  });
});

describe('security: protective headers (item 9)', () => {
  it('API answers are never cached, framed by no one, and pin HTTPS for a year', async () => {
    const response = await t.app.inject(authed(admin.access_token, { method: 'GET', url: '/web/locations' }));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('error answers are not cached either', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web/locations' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('security: CSV cells cannot smuggle a formula past a separator (item 9)', () => {
  it.each([
    ['a;=1+1', "a;'=1+1"],
    ['x,@SUM(A1)', '"x,\'@SUM(A1)"'],
    ['note\t+cmd', "note\t'+cmd"],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['plain; text', 'plain; text'],
  ])('%s', (cell, expected) => {
    expect(csvCell(cell)).toBe(expected);
  });
});
