import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';

export type PagePolicyOptions = {
  /** Extra origins the pages may call or navigate to (identity providers, map tiles). */
  connectSources?: string[];
  imageSources?: string[];
  formActions?: string[];
  /** Third-party scripts and frames a page needs (Plaid Link from cdn.plaid.com when Plaid keys are set). */
  scriptSources?: string[];
  frameSources?: string[];
};

/** API answers carry sessions' data: no browser or proxy cache may keep them (security review, item 9). */
const API_CACHE_CONTROL = 'no-store';

/**
 * The one answer our own page embeds (the agreement PDF on the agreement page): framed by our origin only.
 * Everything else, pages included, refuses every frame (clickjacking). Set on the reply, these win over Helmet's.
 */
export const EMBEDDABLE_HEADERS: Record<string, string> = {
  'x-frame-options': 'SAMEORIGIN',
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
};

declare module 'fastify' {
  interface FastifyReply {
    /** Sets this page response's CSP with a fresh nonce and returns the nonce for its style tags. */
    usePageCsp: () => string;
  }
}

/**
 * Helmet's protective headers on every answer (decision 023), with two of its defaults changed: frames are refused
 * outright (`X-Frame-Options: DENY`, `frame-ancestors 'none'`), and anything that is not a page (JSON, files,
 * assets) may load nothing. Pages ask for their own policy with `reply.usePageCsp()`: scripts only from our origin,
 * styles from our origin or carrying this response's nonce (MUI's emotion reads it from the page), no plugins.
 */
export const helmetPlugin = fp(async (app: FastifyInstance, options: PagePolicyOptions) => {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] },
    },
    xFrameOptions: { action: 'deny' },
    // One year (security review, item 9): browsers then never try plain HTTP for a year after a visit.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });

  const pageDirectives = (nonce: string) => ({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.scriptSources ?? [])],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:', 'blob:', ...(options.imageSources ?? [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(options.connectSources ?? [])],
    'frame-src': ["'self'", ...(options.frameSources ?? [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...(options.formActions ?? [])],
    'frame-ancestors': ["'none'"],
  });

  app.decorateReply('usePageCsp', function usePageCsp(this: FastifyReply) {
    const nonce = randomBytes(16).toString('base64');
    this.helmet({ contentSecurityPolicy: { useDefaults: false, directives: pageDirectives(nonce) } });
    return nonce;
  });
  // Callback style: every request passes here, and an async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/web/')) reply.header('cache-control', API_CACHE_CONTROL);
    done();
  });
});

/** Swagger UI sets inline styles (its scripts are files); only /docs gets this policy. */
export const DOCS_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/** The CSP source for a map tile template: https://{s}.tile.example.org/... → https://*.tile.example.org */
export const tileImageSources = (tileUrl: string | null): string[] => {
  if (!tileUrl) return [];
  const host = tileUrl.replace('{s}.', 'subdomain-placeholder.');
  const origin = new URL(host.replace(/\{[a-z]\}/g, '0')).origin;
  return [origin.replace('subdomain-placeholder.', '*.')];
};
