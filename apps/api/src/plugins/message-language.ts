import { translateMessage } from '@wattdesk/shared/i18n/message-translator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestLocale } from '../lib/i18n/request-locale.ts';

const hasMessages = (payload: unknown): payload is { msg: unknown[] } =>
  typeof payload === 'object' && payload !== null && Array.isArray((payload as { msg?: unknown }).msg);

/**
 * Every `msg` sentence in the language the client asks for (issue 44): the web app sends its page's language as
 * Accept-Language, another client its own preference; English when it asks for none we speak. Sentences are English
 * inside the API and translated here, on the way out, from the shared catalogue (shared/i18n/message-translator.ts).
 */
export const messageLanguagePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (!hasMessages(payload)) return done(null, payload);
    const locale = requestLocale(request);
    if (locale === 'en') return done(null, payload);
    done(null, { ...payload, msg: payload.msg.map((message) => (typeof message === 'string' ? translateMessage(message, locale) : message)) });
  });
});
