import { AppError } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Whether a NUL character hides anywhere in a parsed value (keys included). */
export const containsNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
};

/**
 * Refuses a NUL anywhere in the path parameters, the query or a JSON body, for every route at once
 * (security review, item 4). PostgreSQL text cannot hold it, so without this each text field, search
 * filter and token reached the database and failed there as a 500. Checked before validation, so even
 * a field whose schema is a plain string never carries one.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) return done(new AppError('INVALID_CHARACTERS'));
    done();
  });
});
