import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { authed, loginAs, multipartFile } from './test-app.ts';

/** A real PNG in a multipart body (field `file`), for routes that check images from their bytes. */
export const pngUpload = async () =>
  multipartFile(
    {},
    {
      field: 'file',
      filename: 'unit.png',
      contentType: 'image/png',
      content: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
    },
  );

const superTokens = new WeakMap<FastifyInstance, Promise<string>>();
/** Uploads a PNG as a SuperAdmin (signing in again once if another example ended its session); answers the JSON reply. */
export const uploadAsSuperAdmin = async (app: FastifyInstance, method: 'POST' | 'PUT', url: string) => {
  const token = (fresh: boolean) => {
    if (fresh || !superTokens.has(app))
      superTokens.set(
        app,
        loginAs(app, 'SuperAdmin').then((login) => login.access_token),
      );
    return superTokens.get(app)!;
  };
  const send = async (fresh: boolean) => app.inject(authed(await token(fresh), { method, url, ...(await pngUpload()) }));
  let response = await send(false);
  if (response.statusCode === 401) response = await send(true);
  if (response.statusCode >= 300) throw new Error(`photo not uploaded: ${response.body}`);
  return response.json<Record<string, unknown>>();
};
