import type { AccessExample } from '../../../test/access-examples.ts';

const range = { from: '2026-10-01', to: '2026-10-31', dayFilter: 'weekdays' };

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/dashboard/overview',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation, ...range } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation, ...range } }),
  },
  {
    route: 'GET /web/dashboard/reseller-revenue',
    request: () => ({ query: range }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation, ...range } }),
  },
];
