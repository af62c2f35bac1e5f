import type { AccessExample } from '../../../test/access-examples.ts';

export const accessExamples: AccessExample[] = [
  { route: 'GET /web/locations', request: () => ({ query: { search: 'a', pageSize: '5' } }) },
  { route: 'GET /web/locations/network-map', request: () => ({}) },
  {
    route: 'GET /web/locations/location-by-id',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
];
