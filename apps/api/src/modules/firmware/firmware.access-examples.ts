import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { authed, loginAs, multipartPayload } from '../../../test/test-app.ts';

const imageForm = () =>
  multipartPayload(
    { version: `9.${randomUUID().slice(0, 8)}`, models: 'WD-22' },
    { field: 'file', filename: 'wd22.bin', content: 'firmware image bytes' },
  );

/** A SuperAdmin's token per app: the examples' images are uploaded through the API, so their files exist. */
const uploaders = new WeakMap<FastifyInstance, Promise<string>>();
const uploaderOf = (app: FastifyInstance, fresh = false) => {
  const known = (!fresh && uploaders.get(app)) || loginAs(app, 'SuperAdmin').then((login) => login.access_token);
  uploaders.set(app, known);
  return known;
};

const makeImage = async (ctx: ExampleContext) => {
  const send = async (fresh: boolean) =>
    ctx.app.inject(authed(await uploaderOf(ctx.app, fresh), { method: 'POST', url: '/web/firmware/images', ...imageForm() }));
  // Other examples may end the SuperAdmin's sessions (sign out everywhere): then sign in again.
  let response = await send(false);
  if (response.statusCode === 401) response = await send(true);
  return { imageId: response.json<{ id: string }>().id };
};

export const accessExamples: AccessExample[] = [
  { route: 'GET /web/firmware/images', request: () => ({}) },
  { route: 'POST /web/firmware/images', request: () => imageForm() },
  { route: 'GET /web/firmware/images/:imageId/file', request: async (ctx) => ({ params: await makeImage(ctx) }) },
  { route: 'DELETE /web/firmware/images/:imageId', request: async (ctx) => ({ params: await makeImage(ctx) }) },
];
