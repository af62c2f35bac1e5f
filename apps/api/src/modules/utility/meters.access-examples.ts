import { randomUUID } from 'node:crypto';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { utilityMeters } from '../../db/schema/index.ts';

type Where = 'insideLocation' | 'outsideLocation';
const meter = () => ({ meterNumber: `M-${randomUUID().slice(0, 8)}`, utility: 'electric', unit: 'kWh', note: '' });

/** A meter made for one call at the location asked for, so changing or removing it touches nothing else. */
const makeMeter = async (ctx: ExampleContext, where: Where) => {
  const [row] = await ctx.db
    .insert(utilityMeters)
    .values({ locationId: ctx[where]!, ...meter(), utility: 'electric' })
    .returning({ id: utilityMeters.id });
  return row!.id;
};

const byLocation = (route: AccessExample['route'], build: (ctx: ExampleContext, where: Where) => Promise<object> | object): AccessExample => ({
  route,
  request: async (ctx) => build(ctx, 'insideLocation'),
  outside: async (ctx) => build(ctx, 'outsideLocation'),
});

export const accessExamples: AccessExample[] = [
  byLocation('GET /web/meters', (ctx, where) => ({ query: { locationId: ctx[where]! } })),
  byLocation('POST /web/meters', (ctx, where) => ({ payload: { locationId: ctx[where]!, ...meter() } })),
  byLocation('PUT /web/meters/:id', async (ctx, where) => ({ params: { id: await makeMeter(ctx, where) }, payload: meter() })),
  byLocation('DELETE /web/meters/:id', async (ctx, where) => ({ params: { id: await makeMeter(ctx, where) } })),
];
