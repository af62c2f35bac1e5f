import type { AccessExample } from '../../../test/access-examples.ts';

export const accessExamples: AccessExample[] = [
  {
    route: 'PUT /web/locations/:locationId/roaming',
    // Off stays off: the example changes nothing another test could see.
    request: (ctx) => ({ params: { locationId: ctx.insideLocation }, payload: { publishToRoaming: false } }),
    outside: (ctx) => ({ params: { locationId: ctx.outsideLocation }, payload: { publishToRoaming: false } }),
  },
];
