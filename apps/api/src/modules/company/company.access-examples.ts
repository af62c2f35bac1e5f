import type { AccessExample } from '../../../test/access-examples.ts';

const company = {
  name: 'Harbor Parking Co',
  addressLine1: '1 Market Street',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94105',
  taxId: '12-3456789',
  email: 'office@harbor-parking.example.com',
};

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/company',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'PUT /web/company',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, ...company } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, ...company } }),
  },
];
