import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { makeCharger, newChargerId } from '../../../test/charger-fixtures.ts';
import { multipartPayload } from '../../../test/test-app.ts';

/** Another location the user reaches, to move a charger to. */
const secondLocation = (ctx: ExampleContext) =>
  ctx.user.locationIds === 'all'
    ? Object.values(ctx.locations).find((id) => id !== ctx.insideLocation)!
    : (ctx.user.locationIds.find((id) => id !== ctx.insideLocation) ?? ctx.insideLocation);

const batch = (locationId: string) => {
  const { payload, headers } = multipartPayload(
    { locationId },
    { field: 'file', filename: 'chargers.csv', content: `chargerId,name,kind\n${newChargerId()},Batch ${newChargerId()},smart\n` },
  );
  return { payload, headers };
};

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/chargers',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/chargers/:id',
    request: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.outsideLocation) } }),
  },
  {
    route: 'POST /web/chargers',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, chargerId: newChargerId(), name: `Example ${newChargerId()}`, kind: 'dumb' } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, chargerId: newChargerId(), name: 'Example', kind: 'dumb' } }),
  },
  {
    route: 'PATCH /web/chargers/:id',
    request: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) }, payload: { model: 'Example model' } }),
    outside: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.outsideLocation) }, payload: { model: 'Example model' } }),
  },
  {
    route: 'POST /web/chargers/:id/move',
    request: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) }, payload: { locationId: secondLocation(ctx) } }),
    outside: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) }, payload: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/chargers/:id/ocpp-password',
    request: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.outsideLocation) } }),
  },
  {
    route: 'DELETE /web/chargers/:id',
    request: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.outsideLocation) } }),
  },
  {
    route: 'POST /web/chargers/batch',
    request: (ctx) => batch(ctx.insideLocation),
    outside: (ctx) => batch(ctx.outsideLocation),
  },
];
