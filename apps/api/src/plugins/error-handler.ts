import { AppError, ERROR_CODES, OCPI_STATUS, type ErrorCode } from '@wattdesk/shared';
import { ocpiEnvelope } from '../lib/ocpi-envelope.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { dataExceptionCode, isDatabaseUnavailable } from '../db/db-errors.ts';
import type { OutageMonitor } from '../lib/database-outage.ts';

export const sendError = (reply: FastifyReply, status: number, messages: string[], code?: string, details: Record<string, unknown> = {}) =>
  reply.code(status).send({ ...details, responseCode: status, msg: messages, ...(code ? { code } : {}) });

const sendCoded = (reply: FastifyReply, code: ErrorCode) => sendError(reply, ERROR_CODES[code].status, [ERROR_CODES[code].message], code);

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
  FST_FIELDS_LIMIT: 'VALIDATION_FAILED',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_PROTO_VIOLATION: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URL_TOO_LONG',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
};

/** busboy's words for a multipart body that ended early or is malformed (it gives them no code). */
const BROKEN_MULTIPART =
  /^(Unexpected end of (form|file|multipart data)|Malformed part header|Multipart: Boundary not found|Boundary required|Unsupported Content-Type|Missing Content-Type-header)/;

/** How long a client should wait before retrying while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Every error answer is {responseCode, msg: [...]} with the same HTTP status (ARCHITECTURE.md). */
export const errorHandlerPlugin = fp(async (app: FastifyInstance, { outage }: { outage?: OutageMonitor }) => {
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
    if (BROKEN_MULTIPART.test(error.message)) return sendCoded(reply, 'UPLOAD_INCOMPLETE');
    if (isDatabaseUnavailable(error)) {
      // Logged once per outage by the monitor; each refused request would only repeat it.
      outage?.report(error);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendCoded(reply, 'DATABASE_UNAVAILABLE');
    }
    const dataException = dataExceptionCode(error);
    if (dataException) {
      // A value the column type cannot hold reached the database: a schema is missing a check, so say so in the log.
      request.log.warn({ err: error, sqlState: dataException, route: request.routeOptions.url }, 'value refused by the database');
      return sendCoded(reply, 'BAD_REQUEST');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, status, [error.message || ERROR_CODES.BAD_REQUEST.message]);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendCoded(reply, 'INTERNAL');
  });
});

/** Fastify's routing errors (undecodable URL, over-long path parameter), which bypass the error handler. */
export const frameworkErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const code = (error.code && FASTIFY_CLIENT_ERRORS[error.code]) || 'BAD_REQUEST';
  // Roaming partners read OCPI's envelope on every answer, even for a URL no route could take.
  if (request.url.startsWith('/ocpi/')) {
    void reply.code(ERROR_CODES[code].status).send(ocpiEnvelope(undefined, OCPI_STATUS.CLIENT_ERROR, ERROR_CODES[code].message));
    return;
  }
  void sendCoded(reply, code);
};

/** Errors Node's HTTP parser meets before there is a request (headers too large, timeout, garbage). */
export const clientErrorHandler = (error: NodeJS.ErrnoException, socket: Duplex) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST';
  const { status, message } = ERROR_CODES[code];
  const body = JSON.stringify({ responseCode: status, msg: [message], code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};
