import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { daysAhead, makeBooking } from '../../../test/booking-fixtures.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { makeDriver } from '../../../test/driver-fixtures.ts';

/** A booking of a charger and driver made for this call, so no two calls of the matrix overlap. */
const booking = async (ctx: ExampleContext, locationId: string) => ({
  locationId,
  chargerIds: [await makeCharger(ctx.db, ctx.insideLocation)],
  driverId: await makeDriver(ctx.db, ctx.insideLocation),
  startDate: daysAhead(2),
  startHour: 9,
  durationHours: 2,
});

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/charger-schedule',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation, from: daysAhead(0) } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation, from: daysAhead(0) } }),
  },
  {
    route: 'POST /web/charger-schedule',
    request: async (ctx) => ({ payload: await booking(ctx, ctx.insideLocation) }),
    outside: async (ctx) => ({ payload: await booking(ctx, ctx.outsideLocation) }),
  },
  {
    route: 'PATCH /web/charger-schedule/:bookingId',
    request: async (ctx) => ({ params: { bookingId: await makeBooking(ctx.db, ctx.insideLocation) }, payload: { durationHours: 3 } }),
    outside: async (ctx) => ({ params: { bookingId: await makeBooking(ctx.db, ctx.outsideLocation) }, payload: { durationHours: 3 } }),
  },
  {
    route: 'DELETE /web/charger-schedule/:bookingId',
    request: async (ctx) => ({ params: { bookingId: await makeBooking(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { bookingId: await makeBooking(ctx.db, ctx.outsideLocation) } }),
  },
];
