import { Readable } from 'node:stream';
import { errorResponseSchema } from '@wattdesk/shared';
import { z } from 'zod';

/** The error answers every protected route can give, for its OpenAPI description. */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
} as const;

/** A binary answer (a PDF, a firmware image): Fastify sends Buffers and streams as they are, the schema only documents it. */
export const binaryResponse = (description: string) =>
  z.custom<Buffer | Readable>((value) => Buffer.isBuffer(value) || value instanceof Readable).describe(description);
