import { OCPI_MAX_PAGE_SIZE } from '@wattdesk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/;
/** 2.2.1 DateTime; a value without a zone is UTC ("All timestamps are formatted as string(25)... in UTC"). */
const dateTime = z
  .string()
  .regex(DATE_TIME, 'date_from and date_to are RFC 3339 date-times, e.g. 2015-06-29T20:39:09Z')
  .transform((value) => new Date(/Z|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value}Z`))
  .refine((date) => !Number.isNaN(date.getTime()), 'date_from and date_to must be real dates');

/** The query of every SENDER GET list ("Paginated Response"): date_from inclusive, date_to exclusive. */
export const ocpiListQuerySchema = z.object({
  date_from: dateTime.optional(),
  date_to: dateTime.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export type OcpiListQuery = z.infer<typeof ocpiListQuerySchema>;

/** The page size we use: the client's limit, never above ours (X-Limit tells it ours). */
export const pageLimit = (query: OcpiListQuery) => Math.min(query.limit ?? OCPI_MAX_PAGE_SIZE, OCPI_MAX_PAGE_SIZE);

/**
 * Sets X-Total-Count, X-Limit and, when more follows, a Link to the next page that keeps the request's filters.
 * `publicUrl` is the address partners reach us at (PUBLIC_URL), not the Host header a client may forge.
 */
export const setPageHeaders = (
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  { total, offset, limit }: { total: number; offset: number; limit: number },
) => {
  reply.header('X-Total-Count', String(total));
  reply.header('X-Limit', String(OCPI_MAX_PAGE_SIZE));
  if (offset + limit < total) {
    const url = new URL(request.url, `${publicUrl}/`);
    const next = new URL(url.pathname, publicUrl);
    for (const [key, value] of url.searchParams) if (key !== 'offset' && key !== 'limit') next.searchParams.set(key, value);
    next.searchParams.set('offset', String(offset + limit));
    next.searchParams.set('limit', String(limit));
    reply.header('Link', `<${next.toString()}>; rel="next"`);
  }
};
