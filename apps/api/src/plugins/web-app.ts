import fastifyStatic from '@fastify/static';
import { AppError } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;
const NOT_SPA_PREFIXES = ['/web/', '/docs', '/ocpp/', '/healthz', '/readyz', '/oidc/'];

/**
 * Serves the built single-page app: files from dist as they are (hashed assets cached for a year),
 * and index.html — with this response's CSP nonce — for every other path, so the client router decides.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, { distDir, serveSourceMaps }: { distDir: string; serveSourceMaps: boolean }) => {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (!indexHtml) app.log.warn({ distDir }, 'web app is not built: run `npm run build` to serve it');
  // Assets are precompressed by the build (.br, .gz); the encoding the browser accepts is sent.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });

  app.get('/*', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (NOT_SPA_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) throw new AppError('ROUTE_NOT_FOUND');
    const relative = path.normalize(urlPath).replace(/^([/\\])+/, '');
    // Source maps hand out the whole client source; production serves them only when SOURCE_MAPS=true.
    if (!serveSourceMaps && relative.endsWith('.map')) throw new AppError('ROUTE_NOT_FOUND');
    const file = path.join(distDir, relative);
    if (relative && file.startsWith(distDir) && existsSync(file) && statSync(file).isFile()) {
      const immutable = relative.startsWith('assets/');
      return reply.sendFile(relative, { immutable, maxAge: immutable ? 31_536_000_000 : 0 });
    }
    if (!indexHtml) throw new AppError('ROUTE_NOT_FOUND');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(indexHtml.replace(NONCE_PLACEHOLDER, reply.usePageCsp()));
  });
});
