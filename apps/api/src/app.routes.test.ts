import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/test-app.ts';

describe('the app as a whole', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('every registered route declares who may call it', () => {
    const undeclared = t.app.registeredRoutes.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    expect(t.app.registeredRoutes.length).toBeGreaterThan(8);
  });

  it('answers /healthz when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = json<{ openapi: string; paths: Record<string, unknown> }>(response);
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/web/users/login', '/web/users/refresh-token', '/web/locations/location-by-id']),
    );
  });

  it('documents the charger batch upload as a multipart form of a location id and a CSV file', async () => {
    type Operation = {
      requestBody?: { content: Record<string, { schema: { required?: string[]; properties: Record<string, { type?: string; format?: string }> } }> };
    };
    const document = json<{ paths: Record<string, { post?: Operation }> }>(await t.app.inject({ method: 'GET', url: '/docs/json' }));
    const form = document.paths['/web/chargers/batch']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.required).toEqual(['locationId', 'file']);
    expect(form?.properties.locationId).toMatchObject({ type: 'string' });
    expect(form?.properties.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('answers unknown API paths and methods with 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/web/nope'],
      ['DELETE', '/web/users/login'],
      ['PUT', '/anything'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ responseCode: 404, msg: ['Resource was not found'] });
    }
  });

  it('sends security headers and a locked-down policy on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
