import type { AccessExample } from '../../../test/access-examples.ts';

const range = { from: '2026-10-01', to: '2026-10-31' };

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/reports/:kind',
    request: (ctx) => ({ params: { kind: 'energy-by-charger' }, query: { locationId: ctx.insideLocation, ...range } }),
    outside: (ctx) => ({ params: { kind: 'energy-by-charger' }, query: { locationId: ctx.outsideLocation, ...range } }),
  },
  {
    route: 'GET /web/reports/locations',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation, format: 'xlsx' } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/reports/quick',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
];
