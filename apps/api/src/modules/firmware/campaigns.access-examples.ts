import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { authed, loginAs, multipartPayload } from '../../../test/test-app.ts';
import { chargers, firmwareCampaignChargers, firmwareCampaigns } from '../../db/schema/index.ts';

/** An image for a model of its own and a charger of that model at the location: a campaign that conflicts with none. */
const imageAndCharger = async (ctx: ExampleContext, locationId: string) => {
  const model = `AX-${randomBytes(4).toString('hex')}`;
  const form = multipartPayload({ version: `9.${model}`, models: model }, { field: 'file', filename: 'ax.bin', content: 'firmware image bytes' });
  const token = (await loginAs(ctx.app, 'SuperAdmin')).access_token;
  const response = await ctx.app.inject(authed(token, { method: 'POST', url: '/web/firmware/images', ...form }));
  const chargerId = await makeCharger(ctx.db, locationId);
  await ctx.db.update(chargers).set({ model }).where(eq(chargers.id, chargerId));
  return { imageId: response.json<{ id: string }>().id, chargerId };
};

/** A running campaign, made in the database (the job is not asked to send it). */
const makeCampaign = async (ctx: ExampleContext, locationId: string) => {
  const { imageId, chargerId } = await imageAndCharger(ctx, locationId);
  const [row] = await ctx.db
    .insert(firmwareCampaigns)
    .values({ imageId, locationId, models: ['AX'], firstStagePercent: 100, retrieveAt: new Date(), retries: 0, retryIntervalSeconds: 60 })
    .returning({ id: firmwareCampaigns.id });
  await ctx.db.insert(firmwareCampaignChargers).values({ campaignId: row!.id, chargerId, stage: 1 });
  return { campaignId: row!.id };
};

const createBody = async (ctx: ExampleContext, locationId: string) => ({ ...(await imageAndCharger(ctx, locationId)), locationId });

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/firmware/campaigns',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/firmware/campaigns',
    request: async (ctx) => {
      const { imageId, locationId } = await createBody(ctx, ctx.insideLocation);
      return { payload: { imageId, locationId, retrieveAt: new Date(Date.now() + 86_400_000).toISOString() } };
    },
    outside: async (ctx) => {
      const { imageId, locationId } = await createBody(ctx, ctx.outsideLocation);
      return { payload: { imageId, locationId } };
    },
  },
  {
    route: 'GET /web/firmware/campaigns/:campaignId',
    request: async (ctx) => ({ params: await makeCampaign(ctx, ctx.insideLocation) }),
    outside: async (ctx) => ({ params: await makeCampaign(ctx, ctx.outsideLocation) }),
  },
  {
    route: 'POST /web/firmware/campaigns/:campaignId/:action',
    request: async (ctx) => ({ params: { ...(await makeCampaign(ctx, ctx.insideLocation)), action: 'pause' } }),
    outside: async (ctx) => ({ params: { ...(await makeCampaign(ctx, ctx.outsideLocation)), action: 'pause' } }),
  },
  // A charger's download is public: the signed token is its authorization (a wrong one answers 404).
  { route: 'GET /web/firmware/download/:fileName', request: () => ({ params: { fileName: 'firmware-1.0.0.bin' }, query: { token: 'not-a-token' } }) },
];
