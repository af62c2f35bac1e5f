import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { makeEmptyLocation } from '../../../test/charger-fixtures.ts';

const profile = () => ({
  name: `Example Lot ${Math.random().toString(36).slice(2, 8)}`,
  addressLine1: '2 Example Street',
  city: 'Berkeley',
  state: 'CA',
  zipCode: '94704',
  lng: -122.27,
  lat: 37.87,
  timeZone: 'America/Los_Angeles',
});

const emptyLocationOf = (ctx: ExampleContext) => makeEmptyLocation(ctx.db, ctx.user.userId, ctx.user.locationIds !== 'all');

export const accessExamples: AccessExample[] = [
  { route: 'POST /web/locations', request: () => ({ payload: profile() }) },
  {
    route: 'PATCH /web/locations/:locationId',
    request: (ctx) => ({ params: { locationId: ctx.insideLocation }, payload: { timeZone: 'America/Los_Angeles' } }),
    outside: (ctx) => ({ params: { locationId: ctx.outsideLocation }, payload: { timeZone: 'America/Los_Angeles' } }),
  },
  {
    route: 'POST /web/locations/reseller',
    request: (ctx) => ({ payload: { locationIds: [ctx.insideLocation], hasReseller: false } }),
    outside: (ctx) => ({ payload: { locationIds: [ctx.outsideLocation], hasReseller: false } }),
  },
  {
    route: 'POST /web/locations/:locationId/access-code',
    request: (ctx) => ({ params: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ params: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'DELETE /web/locations/:locationId',
    request: async (ctx) => ({ params: { locationId: await emptyLocationOf(ctx) } }),
    outside: (ctx) => ({ params: { locationId: ctx.outsideLocation } }),
  },
];
