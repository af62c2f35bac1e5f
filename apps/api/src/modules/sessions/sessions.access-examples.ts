import type { AccessExample } from '../../../test/access-examples.ts';
import { makeSession } from '../../../test/charger-fixtures.ts';

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/sessions',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/sessions/export',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/sessions/:id',
    request: async (ctx) => ({ params: { id: await makeSession(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { id: await makeSession(ctx.db, ctx.outsideLocation) } }),
  },
];
