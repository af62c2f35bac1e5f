import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { createRequire } from 'node:module';
import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
import { OcppCallError, type OcppErrorCode } from './ocpp-call-error.ts';

/**
 * The OCPP 1.6J JSON schemas (`urn:<Action>.req` / `.conf`, as the Open Charge Alliance publishes them), shipped in
 * ocpp-rpc's package. Only the 1.6 file is read: the 2.0.1 and 2.1 files beside it are 1.6 MB of JSON this
 * endpoint never needs.
 */
const schemas = new Map(
  (createRequire(import.meta.url)('ocpp-rpc/lib/schemas/ocpp1_6.json') as { $id: string; $schema?: string }[]).map(
    // Each is compiled alone, by the id it is published under: "urn:Authorize.req" is not a URN ajv's resolver
    // accepts as an id (no namespace), and the schemas refer only to their own definitions.
    ({ $id, $schema: _draft07, ...schema }) => [$id, schema],
  ),
);

// ajv-formats is CommonJS; under esModuleInterop its default import is the plugin itself at run time.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

/** Which OCPP code a failed JSON-schema keyword answers with (OCPP-J 1.6 §4.2.3). */
const CODE_OF_KEYWORD: Record<string, OcppErrorCode> = {
  maximum: 'FormationViolation',
  minimum: 'FormationViolation',
  maxLength: 'FormationViolation',
  minLength: 'FormationViolation',
  format: 'FormationViolation',
  exclusiveMaximum: 'OccurrenceConstraintViolation',
  exclusiveMinimum: 'OccurrenceConstraintViolation',
  multipleOf: 'OccurrenceConstraintViolation',
  maxItems: 'OccurrenceConstraintViolation',
  minItems: 'OccurrenceConstraintViolation',
  maxProperties: 'OccurrenceConstraintViolation',
  minProperties: 'OccurrenceConstraintViolation',
  additionalItems: 'OccurrenceConstraintViolation',
  required: 'OccurrenceConstraintViolation',
  pattern: 'PropertyConstraintViolation',
  propertyNames: 'PropertyConstraintViolation',
  additionalProperties: 'PropertyConstraintViolation',
  enum: 'PropertyConstraintViolation',
  type: 'TypeConstraintViolation',
};

const createAjv = () => {
  const ajv = new Ajv({ strictSchema: false, allErrors: false });
  addFormats(ajv);
  // The schemas' multipleOf 0.1 on decimals fails 0.3 in binary floating point; a tolerance keeps real readings valid.
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    errors: false,
    metaSchema: { type: 'number' },
    compile: (step: number) => (data: number) => {
      const ratio = data / step;
      return Math.abs(Math.round(ratio) - ratio) < 1e-6;
    },
  });
  return ajv;
};

let shared: Ajv | undefined;
const compiled = new Map<string, ValidateFunction | null>();

const validatorOf = (schemaId: string): ValidateFunction | null => {
  let validate = compiled.get(schemaId);
  if (validate === undefined) {
    // Compiled on first use: a charger network uses a handful of the 78 schemas.
    const schema = schemas.get(schemaId);
    validate = schema ? (shared ??= createAjv()).compile(schema) : null;
    compiled.set(schemaId, validate);
  }
  return validate;
};

const describe = (errors: readonly ErrorObject[]) =>
  errors.map((error) => `${error.instancePath || 'payload'} ${error.message ?? error.keyword}`.trim()).join(', ');

/** Fields of OCPP's IdToken type: identifiers printed on cards and compared, never free text. */
const ID_TOKEN_FIELDS = new Set(['idTag', 'parentIdTag']);
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * What a JSON schema cannot say: no string may hold a NUL (PostgreSQL's text and jsonb refuse it, so it would end
 * as an internal error), and an IdToken holds no control character at all. Returns the first offending path.
 */
const unstorableText = (value: unknown, path: string): string | null => {
  if (typeof value === 'string') {
    const idToken = ID_TOKEN_FIELDS.has(path.slice(path.lastIndexOf('/') + 1));
    return (idToken ? CONTROL_CHARACTER.test(value) : value.includes('\u0000')) ? path : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableText(item, `${path}/${key}`);
    if (found !== null) return found;
  }
  return null;
};

/** Whether the action has a schema in OCPP 1.6 (e.g. `Heartbeat`), whichever direction it is called in. */
export const isOcpp16Action = (action: string): action is Ocpp16Action => validatorOf(`urn:${action}.req`) !== null;

/**
 * Checks a payload against `urn:<action>.req` (a call) or `.conf` (its answer); a payload that breaks it throws
 * the CALLERROR OCPP names for the first broken rule, with the rule in its details.
 */
export function validateOcpp16<A extends Ocpp16Action>(action: A, kind: 'req', payload: unknown): asserts payload is Ocpp16Request<A>;
export function validateOcpp16<A extends Ocpp16Action>(action: A, kind: 'conf', payload: unknown): asserts payload is Ocpp16Response<A>;
/** An action named at run time (a command from another node): not an OCPP 1.6 one answers NotImplemented. */
export function validateOcpp16(action: string, kind: 'req' | 'conf', payload: unknown): void;
export function validateOcpp16(action: string, kind: 'req' | 'conf', payload: unknown): void {
  const validate = validatorOf(`urn:${action}.${kind}`);
  if (!validate) throw new OcppCallError('NotImplemented', `No OCPP 1.6 schema for ${action}.${kind}`);
  if (validate(payload)) {
    const path = unstorableText(payload, '');
    if (path !== null)
      throw new OcppCallError('PropertyConstraintViolation', `${path} contains a control character`, {
        errors: [{ instancePath: path, keyword: 'controlCharacter', message: 'must not contain control characters' }],
      });
    return;
  }
  const errors = validate.errors ?? [];
  const first = errors[0];
  throw new OcppCallError(first ? (CODE_OF_KEYWORD[first.keyword] ?? 'FormationViolation') : 'FormationViolation', describe(errors), {
    errors: errors.map(({ instancePath, keyword, message, params }) => ({ instancePath, keyword, message, params })),
  });
}
