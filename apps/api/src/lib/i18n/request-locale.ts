import { acceptedLanguages, negotiateLocale, type Locale } from '@wattdesk/shared';
import type { FastifyRequest } from 'fastify';

/** Headers repeat (a browser sends the same one on every call): each read once, up to this many kept. */
const REMEMBERED_HEADERS = 200;
const remembered = new Map<string, Locale>();

const localeOf = (header: string): Locale => {
  let locale = remembered.get(header);
  if (!locale) {
    locale = negotiateLocale(acceptedLanguages(header));
    if (remembered.size >= REMEMBERED_HEADERS) remembered.clear();
    remembered.set(header, locale);
  }
  return locale;
};

/**
 * The language of the person making the request: what their page shows (the web app sends it as Accept-Language).
 * For what the server writes on their behalf to someone without a language of their own yet — an invitation, an
 * agreement's mails — and for the files they download.
 */
export const requestLocale = (request: FastifyRequest): Locale => {
  const header = request.headers['accept-language'];
  return header ? localeOf(header) : 'en';
};
