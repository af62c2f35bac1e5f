import { ADMIN_TYPES, can, reachesAllLocations, USER_TYPES, type UserType } from '@wattdesk/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessExample, ExampleContext, ExampleRequest } from '../test/access-examples.ts';
import { demoLocationIds } from '../test/fixtures.ts';
import { createAccountFactory } from '../test/accounts.ts';
import { authed, createTestApp, loginAs, type LoginResult, type TestApp } from '../test/test-app.ts';
import type { RegisteredRoute } from './plugins/access-control.ts';
import { DEMO_PASSWORD, demoEmail } from './db/seed/demo-users.ts';

/** Every `*.access-examples.ts` under src: adding a module's examples is a change in that module's folder only. */
const loadExamples = async (): Promise<AccessExample[]> => {
  const root = import.meta.dirname;
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.access-examples.ts'));
  const modules = await Promise.all(
    files.map((file) => import(pathToFileURL(path.join(root, file)).href) as Promise<{ accessExamples: AccessExample[] }>),
  );
  return modules.flatMap((module) => module.accessExamples);
};

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const isApiRoute = (route: RegisteredRoute) => route.url.startsWith('/web/') && route.method !== 'HEAD';
type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'body'> & { json: () => unknown };
const codeOf = (response: Answer) => ((response.json() ?? {}) as { code?: string }).code;

const toInject = (route: AccessExample['route'], request: ExampleRequest, method = route.split(' ')[0]!): InjectOptions => {
  const url = route.split(' ')[1]!.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? `missing-${name}`));
  return {
    method,
    url,
    ...(request.query ? { query: request.query } : {}),
    ...(request.payload ? { payload: request.payload } : {}),
    ...(request.headers ? { headers: request.headers } : {}),
  };
};

/** Types that can sign in to the dashboard; the others are checked to get no tokens at all. */
const SIGNABLE: readonly UserType[] = ADMIN_TYPES;
const NOT_SIGNABLE = USER_TYPES.filter((type) => !SIGNABLE.includes(type));

describe('access matrix: every API route × every user type', () => {
  let t: TestApp;
  let examples: AccessExample[];
  let locations: Record<string, string>;
  const sessions = new Map<UserType, LoginResult>();

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '10000' } });
    examples = await loadExamples();
    locations = await demoLocationIds(t.database.db);
    for (const type of SIGNABLE) sessions.set(type, await loginAs(t.app, type));
  });
  afterAll(() => t.close());

  const contextFor = (type: UserType): ExampleContext => {
    const session = sessions.get(type)!;
    const all = Object.values(locations);
    const reachesAll = reachesAllLocations(type);
    return {
      app: t.app,
      db: t.database.db,
      user: { type, userId: session.userId, locationIds: reachesAll ? 'all' : session.locations },
      insideLocation: reachesAll ? all[0]! : session.locations[0]!,
      outsideLocation: reachesAll ? undefined : all.find((id) => !session.locations.includes(id)),
      locations,
      freshSession: () => loginAs(t.app, type),
      createUser: createAccountFactory(t.database.db),
    };
  };

  it('every API route has an access example, and every example a route', () => {
    const routes = t.app.registeredRoutes.filter(isApiRoute).map(keyOf);
    const described = examples.map((example) => example.route);
    expect(
      routes.filter((route) => !described.includes(route as AccessExample['route'])),
      'routes without an access example',
    ).toEqual([]);
    expect(
      described.filter((route) => !routes.includes(route)),
      'examples of routes that do not exist',
    ).toEqual([]);
    expect(new Set(described).size).toBe(described.length);
  });

  it('routes outside /web are public (documentation, health, the web app)', () => {
    const outside = t.app.registeredRoutes.filter((route) => !route.url.startsWith('/web/'));
    expect(outside.filter((route) => !route.access || !('public' in route.access)).map(keyOf)).toEqual([]);
  });

  it('location-scoped routes show how to aim outside the user’s list', () => {
    const scoped = t.app.registeredRoutes.filter((route) => isApiRoute(route) && route.access && 'location' in route.access && route.access.location);
    expect(scoped.length).toBeGreaterThan(0);
    const missing = scoped.filter((route) => !examples.find((example) => example.route === keyOf(route))?.outside).map(keyOf);
    expect(missing).toEqual([]);
  });

  it.each(NOT_SIGNABLE)('%s cannot get tokens', async (type) => {
    const email = type === 'None' ? 'nobody.none@example.com' : demoEmail(type);
    if (type === 'None') await createAccountFactory(t.database.db)({ userType: 'None', email });
    const response = await t.app.inject({ method: 'POST', url: '/web/users/login', payload: { email, password: DEMO_PASSWORD } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'NOT_AN_ADMIN', msg: ['This account cannot sign in to the dashboard'] });
    expect(response.body).not.toContain('token');
  });

  const call = async (
    example: AccessExample,
    type: UserType,
    build: (ctx: ExampleContext) => ExampleRequest | Promise<ExampleRequest>,
    method?: string,
  ) => {
    const ctx = contextFor(type);
    const token = example.freshSession ? (await ctx.freshSession()).access_token : sessions.get(type)!.access_token;
    const options = authed(token, toInject(example.route, await build(ctx), method));
    if (!example.stream) return t.app.inject(options);
    // A stream answers its status at once and then stays open: read the head, and the body of a refusal.
    const response = await t.app.inject({ ...options, payloadAsStream: true });
    const stream = response.stream();
    if (response.statusCode === 200) {
      stream.destroy();
      return { statusCode: 200, body: '', json: () => ({}) };
    }
    let body = '';
    for await (const chunk of stream) body += String(chunk);
    return { statusCode: response.statusCode, body, json: () => JSON.parse(body) as unknown };
  };

  /** What the route declares decides the expected answer: public and signed-in routes admit every type. */
  const expectation = (route: RegisteredRoute, type: UserType): 'allow' | 'deny' =>
    !route.access ||
    'public' in route.access ||
    'signedIn' in route.access ||
    (can(type, route.access.permission) && (!route.access.alsoRequires || can(type, route.access.alsoRequires)))
      ? 'allow'
      : 'deny';

  it.each(SIGNABLE)(
    '%s: allowed routes answer, the others 403, as the catalogue says',
    async (type) => {
      const failures: string[] = [];
      for (const route of t.app.registeredRoutes.filter((candidate) => candidate.url.startsWith('/web/'))) {
        const example = examples.find((candidate) => candidate.route === keyOf({ ...route, method: route.method === 'HEAD' ? 'GET' : route.method }));
        if (!example) continue;
        const response = await call(example, type, example.request, route.method);
        if (example.endsOtherSessions) sessions.set(type, await loginAs(t.app, type));
        const expected = expectation(route, type);
        const status = response.statusCode;
        // Public routes may answer a client error (a wrong reset token); a permitted call must succeed.
        const isPublic = Boolean(route.access && 'public' in route.access);
        const answered = isPublic
          ? status !== 401 && status !== 403 && status < 500
          : example.permitted
            ? status === example.permitted.status && codeOf(response) === example.permitted.code
            : status >= 200 && status < 300;
        if (expected === 'allow' && !answered) failures.push(`${keyOf(route)}: expected an answer, got ${status} ${response.body}`);
        if (expected === 'deny' && (status !== 403 || (route.method !== 'HEAD' && codeOf(response) !== 'FORBIDDEN')))
          failures.push(`${keyOf(route)}: expected 403, got ${status}`);
      }
      expect(failures).toEqual([]);
    },
    300_000,
  );

  it.each(SIGNABLE.filter((type) => !reachesAllLocations(type)))('%s: location-scoped routes refuse a location outside the list', async (type) => {
    const failures: string[] = [];
    let checked = 0;
    for (const example of examples.filter((candidate) => candidate.outside)) {
      const route = t.app.registeredRoutes.find((candidate) => keyOf(candidate) === example.route)!;
      if (expectation(route, type) === 'deny') continue;
      const ctx = contextFor(type);
      const response = await call(example, type, () => example.outside!({ ...ctx, outsideLocation: ctx.outsideLocation! }));
      checked += 1;
      if (response.statusCode !== 403 || codeOf(response) !== 'LOCATION_FORBIDDEN')
        failures.push(`${example.route}: expected 403 LOCATION_FORBIDDEN, got ${response.statusCode} ${response.body}`);
    }
    expect(failures).toEqual([]);
    if (can(type, 'Locations_View')) expect(checked).toBeGreaterThan(0);
  });
});
