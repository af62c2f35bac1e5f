import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { pngUpload, uploadAsSuperAdmin } from '../../../test/photo-fixtures.ts';
import { multipartPayload } from '../../../test/test-app.ts';
import { chargers } from '../../db/schema/index.ts';

/** A charger with a serial number of its own, at the location asked for. */
const chargerWithSerial = async (ctx: ExampleContext, where: 'insideLocation' | 'outsideLocation') => {
  const id = await makeCharger(ctx.db, ctx[where]!);
  const serialNumber = `SN-${randomBytes(5).toString('hex')}`;
  await ctx.db.update(chargers).set({ serialNumber }).where(eq(chargers.id, id));
  return { id, serialNumber };
};

const byCharger = (route: AccessExample['route'], extra: () => Promise<object> | object = () => ({})): AccessExample => ({
  route,
  request: async (ctx) => ({ params: { id: (await chargerWithSerial(ctx, 'insideLocation')).id }, ...(await extra()) }),
  outside: async (ctx) => ({ params: { id: (await chargerWithSerial(ctx, 'outsideLocation')).id }, ...(await extra()) }),
});

export const accessExamples: AccessExample[] = [
  {
    // Serial numbers are looked up among the chargers in reach: no location to name, nothing to refuse by scope.
    route: 'POST /web/testing-data',
    request: async (ctx) => {
      const { serialNumber } = await chargerWithSerial(ctx, 'insideLocation');
      const csv = `serialNumber,testName,result,measured,unit,testedAt\n${serialNumber},Insulation,pass,512,MOhm,2026-11-02T08:15:00Z\n`;
      return multipartPayload({}, { field: 'file', filename: 'tests.csv', content: csv });
    },
  },
  byCharger('GET /web/chargers/:id/testing-data'),
  byCharger('GET /web/chargers/:id/photo'),
  {
    route: 'GET /web/chargers/:id/photo/file',
    request: async (ctx) => {
      const { id } = await chargerWithSerial(ctx, 'insideLocation');
      await uploadAsSuperAdmin(ctx.app, 'PUT', `/web/chargers/${id}/photo`);
      return { params: { id } };
    },
    outside: async (ctx) => ({ params: { id: (await chargerWithSerial(ctx, 'outsideLocation')).id } }),
  },
  byCharger('PUT /web/chargers/:id/photo', pngUpload),
];
