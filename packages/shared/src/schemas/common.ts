import { z } from 'zod';
import { invalidFieldError } from '../zod-messages.ts';

/** The one error shape every API failure answers (spec section 8). */
export const errorResponseSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()).min(1),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** The sentence is schemaPatterns.validId's, written out: the sign-in page loads this file, not schema-messages.ts. */
export const idSchema = z.uuid({ error: invalidFieldError((field) => `${field} must be a valid id`) });

/** Query strings arrive as text and are coerced; a typed client (z.input) sends numbers. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number<number>().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(200).default(25),
});

/** One page of a server-side paged list. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

/** `sort=name` or `sort=-name` (descending), limited to the fields a list allows. */
export const sortQuerySchema = <const F extends readonly [string, ...string[]]>(fields: F, fallback: F[number] | `-${F[number]}`) =>
  z
    .string()
    .regex(new RegExp(`^-?(${fields.join('|')})$`), { error: `Sort must be one of ${fields.join(', ')} (prefix - for descending)` })
    .default(fallback);

export const searchQuerySchema = z.string().trim().max(100, 'Search must be at most 100 characters').optional();

/** Parses `-name` into the field and direction. */
export const parseSort = <F extends string>(sort: string): { field: F; descending: boolean } => ({
  field: sort.replace(/^-/, '') as F,
  descending: sort.startsWith('-'),
});
