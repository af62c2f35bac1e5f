import type { AccessExample } from '../../../test/access-examples.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/maintenance',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/maintenance',
    request: async (ctx) => ({ payload: { chargerIds: [await makeCharger(ctx.db, ctx.insideLocation)], inMaintenance: true } }),
    outside: async (ctx) => ({ payload: { chargerIds: [await makeCharger(ctx.db, ctx.outsideLocation)], inMaintenance: true } }),
  },
];
