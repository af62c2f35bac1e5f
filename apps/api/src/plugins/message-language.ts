import { acceptedLanguages, negotiateLocale, type Locale } from '@wattdesk/shared';
import { translateMessage } from '@wattdesk/shared/i18n/message-translator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

const hasMessages = (payload: unknown): payload is { msg: unknown[] } =>
  typeof payload === 'object' && payload !== null && Array.isArray((payload as { msg?: unknown }).msg);

/**
 * Every `msg` sentence in the language the client asks for (issue 44): the web app sends its page's language as
 * Accept-Language, another client its own preference; English when it asks for none we speak. Sentences are English
 * inside the API and translated here, on the way out, from the shared catalogue (shared/i18n/message-translator.ts).
 */
export const messageLanguagePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    const header = request.headers['accept-language'];
    if (!header || !hasMessages(payload)) return done(null, payload);
    const locale = localeOf(header);
    if (locale === 'en') return done(null, payload);
    done(null, { ...payload, msg: payload.msg.map((message) => (typeof message === 'string' ? translateMessage(message, locale) : message)) });
  });
});
