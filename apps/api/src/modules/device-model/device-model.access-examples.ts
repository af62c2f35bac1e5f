import type { AccessExample } from '../../../test/access-examples.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';

const variable = { component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval', value: '300' };

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/chargers/:id/device-model',
    request: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.outsideLocation) } }),
  },
  {
    route: 'PUT /web/chargers/:id/device-model/variable',
    // Fixture chargers have never connected, so they speak no 2.0.1: a permitted call gets that far.
    permitted: { status: 409, code: 'DEVICE_MODEL_NOT_201' },
    request: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) }, payload: variable }),
    outside: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.outsideLocation) }, payload: variable }),
  },
];
