import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocpiPartners } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { authorizationHeaderOf, hashCredentialsToken, newCredentialsToken } from './ocpi-token.ts';

/** What any OCPI client meets first (2.2.1 "Transport and format", "Version information endpoint"). */
describe('OCPI transport: credentials token, envelope, request ids', () => {
  let t: TestApp;
  const tokenA = newCredentialsToken();
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(ocpiPartners).values({ name: 'Transport test eMSP', incomingTokenHash: hashCredentialsToken(tokenA) });
  });
  afterAll(() => t.close());

  it('answers versions to a registration token, Base64 as 2.2.1 sends it or plain as older peers do', async () => {
    for (const authorization of [authorizationHeaderOf(tokenA), `Token ${tokenA}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/ocpi/versions',
        headers: { authorization, 'x-request-id': 'req-1', 'x-correlation-id': 'cor-1' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toBe('req-1');
      expect(response.headers['x-correlation-id']).toBe('cor-1');
      const body = response.json<{ status_code: number; timestamp: string; data: unknown }>();
      expect(body.status_code).toBe(1000);
      expect(body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(body.data).toEqual([{ version: '2.2.1', url: expect.stringMatching(/\/ocpi\/2\.2\.1$/) }]);
    }
  });

  it('refuses a missing or unknown token with 401 in the envelope, and gives request ids anyway', async () => {
    for (const headers of [{}, { authorization: authorizationHeaderOf('not-a-token-we-issued') }, { authorization: 'Bearer x' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/ocpi/versions', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status_code: 2000, status_message: expect.any(String), timestamp: expect.any(String) });
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
    }
  });

  it('answers a URL no route can read (bad percent-encoding) in the envelope too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/ocpi/2.2.1/tokens/NL/%ED%A0%80/X',
      headers: { authorization: authorizationHeaderOf(tokenA) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status_code: 2000, status_message: expect.any(String), timestamp: expect.any(String) });
  });

  it('answers a body that is not JSON with 2001, as an invalid parameter', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/ocpi/2.2.1/credentials',
      headers: { authorization: authorizationHeaderOf(tokenA), 'content-type': 'application/json' },
      payload: '{"token": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status_code: 2001 });
  });

  it('answers an unknown OCPI path with a 404 envelope, not the web app', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/ocpi/2.2.1/nothing-here',
      headers: { authorization: authorizationHeaderOf(tokenA) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status_code: 2000 });
  });
});
