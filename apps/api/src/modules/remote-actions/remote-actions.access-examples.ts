import type { AccessExample } from '../../../test/access-examples.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';

/** Fixture chargers never connect: a permitted call reaches the charger lookup and answers offline. */
const offline = { status: 409, code: 'CHARGER_OFFLINE' };

const action = (path: string, payload: Record<string, unknown>): AccessExample => ({
  route: `POST /web/chargers/:id/${path}`,
  permitted: offline,
  request: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.insideLocation) }, payload }),
  outside: async (ctx) => ({ params: { id: await makeCharger(ctx.db, ctx.outsideLocation) }, payload }),
});

export const accessExamples: AccessExample[] = [
  action('reset', { type: 'Soft' }),
  action('unlock', { connectorId: 1 }),
  action('remote-start', { idTag: 'DRIVER-0001' }),
  action('remote-stop', { transactionId: 1 }),
  action('availability', { type: 'Inoperative' }),
  action('diagnostics', { location: 'https://diagnostics.example.com/upload' }),
];
