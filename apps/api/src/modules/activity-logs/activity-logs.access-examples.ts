import type { AccessExample } from '../../../test/access-examples.ts';

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/activity-logs',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation, pageSize: '5' } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/activity-logs/export',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation, action: 'auth' } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
];
