import { randomUUID } from 'node:crypto';
import type { AccessExample } from '../../../test/access-examples.ts';
import { makeDriver } from '../../../test/driver-fixtures.ts';
import { multipartPayload } from '../../../test/test-app.ts';

const email = () => `driver-${randomUUID()}@example.com`;
const registration = (locationId: string) => ({ locationId, email: email(), firstName: 'Matrix', lastName: 'Driver', idTags: [] });
const importFile = (locationId: string) =>
  multipartPayload({ locationId }, { field: 'file', filename: 'drivers.csv', content: `email,firstName,lastName\n${email()},Imported,Driver\n` });

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/drivers/access-settings',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'PUT /web/drivers/access-settings',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, acceptUnknownTags: true } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, acceptUnknownTags: true } }),
  },
  {
    route: 'PUT /web/drivers/:driverId/restrictions',
    request: async (ctx) => ({
      params: { driverId: await makeDriver(ctx.db, ctx.insideLocation) },
      payload: { locationIds: [ctx.insideLocation], days: 'weekdays', hourFrom: 7, hourTo: 19 },
    }),
    outside: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.insideLocation) }, payload: { locationIds: [ctx.outsideLocation] } }),
  },
  {
    route: 'GET /web/drivers',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation, search: 'a', sort: '-createdAt' } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/drivers/export',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/drivers/register-user',
    request: (ctx) => ({ payload: registration(ctx.insideLocation) }),
    outside: (ctx) => ({ payload: registration(ctx.outsideLocation) }),
  },
  {
    route: 'POST /web/drivers/import',
    request: (ctx) => importFile(ctx.insideLocation),
    outside: (ctx) => importFile(ctx.outsideLocation),
  },
  {
    route: 'GET /web/drivers/:driverId',
    request: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.outsideLocation) } }),
  },
  {
    route: 'GET /web/drivers/:driverId/sessions',
    request: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.outsideLocation) } }),
  },
  {
    route: 'PATCH /web/drivers/:driverId',
    request: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.insideLocation) }, payload: { phoneNumber: '+1 415 555 0199' } }),
    outside: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.outsideLocation) }, payload: { phoneNumber: '+1 415 555 0199' } }),
  },
  {
    route: 'POST /web/drivers/:driverId/activate',
    request: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.insideLocation, { status: 'INACTIVE' }) } }),
    outside: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.outsideLocation, { status: 'INACTIVE' }) } }),
  },
  {
    route: 'POST /web/drivers/:driverId/deactivate',
    request: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.outsideLocation) } }),
  },
  {
    route: 'POST /web/drivers/:driverId/resend-invitation',
    request: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.insideLocation, { status: 'PENDING' }) } }),
    outside: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.outsideLocation, { status: 'PENDING' }) } }),
  },
  {
    route: 'DELETE /web/drivers/:driverId',
    request: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { driverId: await makeDriver(ctx.db, ctx.outsideLocation) } }),
  },
];
