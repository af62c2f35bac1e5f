import { z } from 'zod';

/*
 * The OCPI 2.2.1 basic types (types.asciidoc), once for every module. Inbound and outbound differ only where the
 * text lets a sender choose: a partner may write a DateTime with nine fraction digits or without its Z; we always
 * write what Date.toISOString gives.
 */

/** CiString(n): case-insensitive, printable ASCII only, at most n characters. */
export const ocpiCiString = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x20-\x7E]*$/, 'printable ASCII only');

/** A CiString that names something (an id, a party): never empty. */
export const ocpiId = (max: number) => ocpiCiString(max).min(1);

/** string(n): any UTF-8 text of at most n characters. */
export const ocpiString = (max: number) => z.string().max(max);

/** DateTime as a partner may send it: RFC 3339 in UTC, fractions of a second allowed, a missing Z meaning UTC. */
export const ocpiInboundDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z?$/, 'DateTime in UTC, e.g. 2015-06-29T20:39:09Z')
  .refine((value) => !Number.isNaN(Date.parse(value.endsWith('Z') ? value : `${value}Z`)), 'not a real date');

/** DateTime as we send it: UTC with its Z, at most milliseconds. */
export const ocpiDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/);

/** DisplayText: a text and its ISO 639-1 language. */
export const ocpiDisplayTextSchema = z.object({ language: z.string().length(2), text: ocpiString(512) });
