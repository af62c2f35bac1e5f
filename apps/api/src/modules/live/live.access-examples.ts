import type { AccessExample } from '../../../test/access-examples.ts';

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/live',
    stream: true,
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
];
