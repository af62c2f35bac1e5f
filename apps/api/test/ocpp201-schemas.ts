import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { createRequire } from 'node:module';

/**
 * The official OCPP 2.0.1 JSON schemas (shipped in ocpp-rpc), for tests: what we send a 2.0.1 charger must pass
 * them, so a misnamed or missing field fails the test instead of reaching a charger.
 */
const schemas = new Map(
  (createRequire(import.meta.url)('ocpp-rpc/lib/schemas/ocpp2_0_1.json') as { $id: string; $schema?: string }[]).map(
    ({ $id, $schema: _draft, ...schema }) => [$id, schema],
  ),
);
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strictSchema: false, allErrors: true }));
const compiled = new Map<string, ValidateFunction>();

/** The schema errors of a 2.0.1 payload (`req` a call, `conf` its answer); [] when it is valid. */
export const ocpp201Errors = (action: string, kind: 'req' | 'conf', payload: unknown): string[] => {
  const schema = schemas.get(`urn:${action}.${kind}`);
  if (!schema) return [`no OCPP 2.0.1 schema for ${action}.${kind}`];
  let validate = compiled.get(`${action}.${kind}`);
  if (!validate) compiled.set(`${action}.${kind}`, (validate = ajv.compile(schema)));
  return validate(payload) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || 'payload'} ${error.message ?? error.keyword}`);
};
