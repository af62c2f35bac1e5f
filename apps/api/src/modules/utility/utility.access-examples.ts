import { randomUUID } from 'node:crypto';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import type { FastifyInstance } from 'fastify';
import { authed, loginAs, multipartPayload } from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { utilityConfigs } from '../../db/schema/index.ts';

const config = () => ({ provider: 'PG&E', accountNumber: `AC-${randomUUID().slice(0, 8)}`, rateSchedule: 'B-19', meters: ['1009876543'] });

/** A utility account made for one call, so removing or changing it touches nothing else. */
const makeConfig = async (db: Database, locationId: string) => {
  const [row] = await db
    .insert(utilityConfigs)
    .values({ locationId, ...config() })
    .returning({ id: utilityConfigs.id });
  return row!.id;
};

const withConfig =
  (build: (id: string) => Awaited<ReturnType<AccessExample['request']>>) =>
  (where: 'insideLocation' | 'outsideLocation') =>
  async (ctx: ExampleContext) =>
    build(await makeConfig(ctx.db, ctx[where]!));

/** A month with a bill on file, uploaded through the API by a SuperAdmin (one sign-in per app). */
const superTokens = new WeakMap<FastifyInstance, Promise<string>>();
const superToken = (app: FastifyInstance, fresh = false) => {
  if (fresh || !superTokens.has(app))
    superTokens.set(
      app,
      loginAs(app, 'SuperAdmin').then((login) => login.access_token),
    );
  return superTokens.get(app)!;
};
const withBillFile = async (ctx: ExampleContext, where: 'insideLocation' | 'outsideLocation') => {
  const id = await makeConfig(ctx.db, ctx[where]!);
  const { params, ...upload } = pdf(id);
  const send = async (token: string) => ctx.app.inject(authed(token, { method: 'POST', url: `/web/bills/${id}/2026/march/file`, ...upload }));
  let response = await send(await superToken(ctx.app));
  // Another example may have ended the SuperAdmin's sessions: sign in again once.
  if (response.statusCode === 401) response = await send(await superToken(ctx.app, true));
  if (response.statusCode !== 200) throw new Error(`bill not uploaded: ${response.body}`);
  return { params };
};

const pdf = (id: string) => ({
  params: { utilityConfigId: id, year: '2026', month: 'march' },
  ...multipartPayload({}, { field: 'file', filename: 'bill.pdf', content: '%PDF-1.4\n%%EOF\n' }),
});
const energyCsv = (id: string) =>
  multipartPayload(
    { utilityConfigId: id },
    { field: 'file', filename: 'usage.csv', content: 'TYPE,DATE,START TIME,END TIME,USAGE (kWh)\nElectric usage,2026-03-01,00:00,00:14,1.25\n' },
  );

const scoped = (route: AccessExample['route'], build: (id: string) => Awaited<ReturnType<AccessExample['request']>>): AccessExample => ({
  route,
  request: withConfig(build)('insideLocation'),
  outside: withConfig(build)('outsideLocation'),
});

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/utility-config',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/utility-config',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, ...config() } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, ...config() } }),
  },
  scoped('PUT /web/utility-config/:id', (id) => ({ params: { id }, payload: config() })),
  scoped('DELETE /web/utility-config/:id', (id) => ({ params: { id } })),
  scoped('GET /web/bills', (id) => ({ query: { utilityConfigId: id, year: '2026' } })),
  scoped('PUT /web/bills', (id) => ({
    payload: { utilityConfigId: id, year: 2026, months: [{ month: 'january', energyKwh: 1200, costMinor: 31_000 }] },
  })),
  scoped('POST /web/bills/:utilityConfigId/:year/:month/file', pdf),
  {
    route: 'GET /web/bills/:utilityConfigId/:year/:month/file',
    request: (ctx) => withBillFile(ctx, 'insideLocation'),
    outside: (ctx) => withBillFile(ctx, 'outsideLocation'),
  },
  scoped('POST /web/energy-data', energyCsv),
  scoped('GET /web/energy-data', (id) => ({ query: { utilityConfigId: id, from: '2026-03-01', to: '2026-03-02' } })),
];
