import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';

export type SecurityHeadersOptions = {
  /** Extra origins the pages may call or navigate to (identity providers, map tiles). */
  connectSources?: string[];
  imageSources?: string[];
  formActions?: string[];
  /** Third-party scripts and frames a page needs (Plaid Link from cdn.plaid.com when Plaid keys are set). */
  scriptSources?: string[];
  frameSources?: string[];
};

/** The same protective headers Helmet sets, computed once instead of on every request. */
const BASE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  // One year (security review, item 9): browsers then never try plain HTTP for a year after a visit.
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  // Anything that is not a page (JSON, files, assets) may load nothing and be framed by no one.
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

/** API answers carry sessions' data: no browser or proxy cache may keep them (security review, item 9). */
const API_HEADERS: Record<string, string> = { ...BASE_HEADERS, 'cache-control': 'no-store' };

/**
 * The one answer our own page embeds (the agreement PDF on the agreement page): framed by our origin only.
 * Everything else, pages included, refuses every frame (clickjacking).
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
 * A strict Content-Security-Policy for pages: scripts only from our origin, styles from our origin or
 * carrying this response's nonce (MUI's emotion reads it from the page), no plugins, no framing by others.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const pagePolicy = (nonce: string) =>
    [
      "default-src 'self'",
      ['script-src', "'self'", ...(options.scriptSources ?? [])].join(' '),
      `style-src 'self' 'nonce-${nonce}'`,
      ['img-src', "'self'", 'data:', 'blob:', ...(options.imageSources ?? [])].join(' '),
      "font-src 'self' data:",
      ['connect-src', "'self'", ...(options.connectSources ?? [])].join(' '),
      ['frame-src', "'self'", ...(options.frameSources ?? [])].join(' '),
      "object-src 'none'",
      "base-uri 'self'",
      ['form-action', "'self'", ...(options.formActions ?? [])].join(' '),
      "frame-ancestors 'none'",
    ].join('; ');

  app.decorateReply('usePageCsp', function usePageCsp(this: FastifyReply) {
    const nonce = randomBytes(16).toString('base64');
    this.header('content-security-policy', pagePolicy(nonce));
    return nonce;
  });
  // Callback style: every request passes here, and an async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/web/') ? API_HEADERS : BASE_HEADERS);
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
