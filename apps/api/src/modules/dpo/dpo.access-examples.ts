import type { AccessExample } from '../../../test/access-examples.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';

const limit = { enabled: true, limitMode: 'fixed', limitKw: 50, periods: [], minPerSessionKw: 1.4 };
const grid = { supplyUnit: 'A', supplyCapacity: 200, phases: 3, voltage: 230 };

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/dpo',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'PUT /web/dpo/limit',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, ...limit } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, ...limit } }),
  },
  {
    route: 'PUT /web/dpo/grid',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, ...grid } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, ...grid } }),
  },
  {
    route: 'PUT /web/dpo/chargers/:chargerId/priority',
    request: async (ctx) => ({ params: { chargerId: await makeCharger(ctx.db, ctx.insideLocation) }, payload: { priority: 'high' } }),
    outside: async (ctx) => ({ params: { chargerId: await makeCharger(ctx.db, ctx.outsideLocation) }, payload: { priority: 'high' } }),
  },
  {
    route: 'GET /web/dpo/mesh',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'PUT /web/dpo/mesh/:chargerId',
    request: async (ctx) => ({
      params: { chargerId: await makeCharger(ctx.db, ctx.insideLocation) },
      payload: { link: 'controller', controllerName: 'Panel A' },
    }),
    outside: async (ctx) => ({
      params: { chargerId: await makeCharger(ctx.db, ctx.outsideLocation) },
      payload: { link: 'controller', controllerName: 'Panel A' },
    }),
  },
];
