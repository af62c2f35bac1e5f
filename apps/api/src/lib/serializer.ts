import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

const compile = (schema: unknown): Serialize => {
  const jsonSchema = z.toJSONSchema(schema as z.ZodType, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};

/**
 * Responses are declared as zod schemas (one source for types, OpenAPI and the web), but written by
 * fast-json-stringify compiled from their JSON Schema: several times faster than validating each
 * response with zod, and it still drops any field the schema does not declare.
 * Compiled on a route's first answer with that status, not at start: compiling all of them was about half of
 * building the app (0.8 s of CPU), which every API test file pays and most of whose routes it never calls. A schema
 * that cannot compile now fails its route's first answer instead of the start: the access matrix calls every
 * route's success answer on both engines, so it would fail there.
 */
export const zodToFastJsonSerializer: FastifySerializerCompiler<unknown> = ({ schema }) => {
  let serialize: Serialize | undefined;
  return (data) => (serialize ??= compile(schema))(data);
};
