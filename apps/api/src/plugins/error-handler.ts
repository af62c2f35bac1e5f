import { AppError, ERROR_CODES, type ErrorCode } from '@wattdesk/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export const sendError = (
  reply: FastifyReply,
  status: number,
  messages: string[],
  code?: string,
  details: Record<string, unknown> = {},
) => reply.code(status).send({ ...details, responseCode: status, msg: messages, ...(code ? { code } : {}) });

const sendCoded = (reply: FastifyReply, code: ErrorCode) =>
  sendError(reply, ERROR_CODES[code].status, [ERROR_CODES[code].message], code);

/** Fastify's own client errors, answered in our shape with a sentence a person can act on. */
const FASTIFY_CLIENT_ERRORS: Partial<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_JSON',
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'VALIDATION_FAILED',
  FST_PARTS_LIMIT: 'VALIDATION_FAILED',
};

/** Every error answer is {responseCode, msg: [...]} with the same HTTP status (ARCHITECTURE.md). */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(reply, error.status, error.messages, error.code, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = [...new Set(error.validation.map((issue) => issue.message ?? ERROR_CODES.VALIDATION_FAILED.message))];
      return sendError(reply, 400, messages, 'VALIDATION_FAILED');
    }
    if (error.code === 'SyntaxError' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return sendCoded(reply, 'INVALID_JSON');
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendCoded(reply, known);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, status, [error.message || ERROR_CODES.VALIDATION_FAILED.message]);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendCoded(reply, 'INTERNAL');
  });
});
