import type { FastifyInstance } from 'fastify';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { makeDriver } from '../../../test/driver-fixtures.ts';
import { authed, loginAs, multipartPayload } from '../../../test/test-app.ts';

/** A tiny but real PDF header: the type is read from the bytes. */
const pdf = () => multipartPayload({ kind: 'document' }, { field: 'file', filename: 'contract.pdf', content: '%PDF-1.4\n%%EOF\n' });

/** A SuperAdmin's token per app: documents for the examples are uploaded through the API, so their files exist. */
const uploaders = new WeakMap<FastifyInstance, Promise<string>>();
const uploaderOf = (app: FastifyInstance, fresh = false) => {
  const known = (!fresh && uploaders.get(app)) || loginAs(app, 'SuperAdmin').then((login) => login.access_token);
  uploaders.set(app, known);
  return known;
};

const makeDocument = async (ctx: ExampleContext, locationId: string | undefined) => {
  const driverId = await makeDriver(ctx.db, locationId!);
  const send = async (fresh: boolean) =>
    ctx.app.inject(authed(await uploaderOf(ctx.app, fresh), { method: 'POST', url: `/web/drivers/${driverId}/documents`, ...pdf() }));
  // Other examples may end the SuperAdmin's sessions (sign out everywhere): then sign in again.
  let response = await send(false);
  if (response.statusCode === 401) response = await send(true);
  return { driverId, documentId: response.json<{ document: { id: string } }>().document.id };
};

const driverAt = async (ctx: ExampleContext, locationId: string | undefined) => ({ driverId: await makeDriver(ctx.db, locationId!) });

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/drivers/:driverId/documents',
    request: async (ctx) => ({ params: await driverAt(ctx, ctx.insideLocation) }),
    outside: async (ctx) => ({ params: await driverAt(ctx, ctx.outsideLocation) }),
  },
  {
    route: 'POST /web/drivers/:driverId/documents',
    request: async (ctx) => ({ params: await driverAt(ctx, ctx.insideLocation), ...pdf() }),
    outside: async (ctx) => ({ params: await driverAt(ctx, ctx.outsideLocation), ...pdf() }),
  },
  {
    route: 'GET /web/drivers/:driverId/documents/:documentId/file',
    request: async (ctx) => ({ params: await makeDocument(ctx, ctx.insideLocation) }),
    outside: async (ctx) => ({ params: await makeDocument(ctx, ctx.outsideLocation) }),
  },
  {
    route: 'DELETE /web/drivers/:driverId/documents/:documentId',
    request: async (ctx) => ({ params: await makeDocument(ctx, ctx.insideLocation) }),
    outside: async (ctx) => ({ params: await makeDocument(ctx, ctx.outsideLocation) }),
  },
];
