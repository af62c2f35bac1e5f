import type { AccessExample } from '../../../test/access-examples.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/chargers/:id/events',
    request: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.outsideLocation) } }),
  },
  {
    route: 'GET /web/charger-events',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/charger-events/export',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
];
