import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';

export type SecurityHeadersOptions = {
  /** Extra origins the pages may call or navigate to (identity providers, map tiles). */
  connectSources?: string[];
  imageSources?: string[];
  formActions?: string[];
};

/** The same protective headers Helmet sets, computed once instead of on every request. */
const BASE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  // Anything that is not a page (JSON, files, assets) may load nothing and be framed only by us.
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
};

declare module 'fastify' {
  interface FastifyReply {
    /** Sets this page response's CSP with a fresh nonce and returns the nonce for its style tags. */
    usePageCsp: () => string;
  }
}

/**
 * A strict Content-Security-Policy for pages: scripts only from our origin, styles from our origin or
 * carrying this response's nonce (MUI's emotion reads it from the page), no plugins, no framing by others.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const pagePolicy = (nonce: string) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      `style-src 'self' 'nonce-${nonce}'`,
      ['img-src', "'self'", 'data:', 'blob:', ...(options.imageSources ?? [])].join(' '),
      "font-src 'self' data:",
      ['connect-src', "'self'", ...(options.connectSources ?? [])].join(' '),
      "frame-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      ['form-action', "'self'", ...(options.formActions ?? [])].join(' '),
      "frame-ancestors 'self'",
    ].join('; ');

  app.decorateReply('usePageCsp', function usePageCsp(this: FastifyReply) {
    const nonce = randomBytes(16).toString('base64');
    this.header('content-security-policy', pagePolicy(nonce));
    return nonce;
  });
  // Callback style: every request passes here, and an async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(BASE_HEADERS);
    done();
  });
});

/** Swagger UI sets inline styles (its scripts are files); only /docs gets this policy. */
export const DOCS_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'";

/** The CSP source for a map tile template: https://{s}.tile.example.org/... → https://*.tile.example.org */
export const tileImageSources = (tileUrl: string | null): string[] => {
  if (!tileUrl) return [];
  const host = tileUrl.replace('{s}.', 'subdomain-placeholder.');
  const origin = new URL(host.replace(/\{[a-z]\}/g, '0')).origin;
  return [origin.replace('subdomain-placeholder.', '*.')];
};
