import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { createRequire } from 'node:module';
import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
import type { Ocpp201Action, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import { OcppCallError, type OcppErrorCode } from './ocpp-call-error.ts';

/**
 * The OCPP 1.6J and 2.0.1 JSON schemas (`urn:<Action>.req` / `.conf`, as the Open Charge Alliance publishes them),
 * shipped in ocpp-rpc's package. A version's file is read the first time a connection of that version needs it:
 * the 2.0.1 file is 1.6 MB of JSON a network of 1.6 chargers never needs (and 2.1's is never read).
 */
const SCHEMA_FILES = {
  '1.6': 'ocpp-rpc/lib/schemas/ocpp1_6.json',
  '2.0.1': 'ocpp-rpc/lib/schemas/ocpp2_0_1.json',
} as const;
export type SchemaVersion = keyof typeof SCHEMA_FILES;

const loadSchemas = (version: SchemaVersion) =>
  new Map(
    (createRequire(import.meta.url)(SCHEMA_FILES[version]) as { $id: string; $schema?: string }[]).map(
      // Each is compiled alone, by the id it is published under: "urn:Authorize.req" is not a URN ajv's resolver
      // accepts as an id (no namespace), and the schemas refer only to their own definitions.
      ({ $id, $schema: _draft07, ...schema }) => [$id, schema],
    ),
  );

// ajv-formats is CommonJS; under esModuleInterop its default import is the plugin itself at run time.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

/** Which OCPP code a failed JSON-schema keyword answers with (OCPP-J 1.6 §4.2.3; 2.0.1 renames FormationViolation). */
const CODE_OF_KEYWORD_16: Record<string, OcppErrorCode> = {
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

/** The same rules in OCPP-J 2.0.1's words (§4.3): FormatViolation is 1.6's FormationViolation. */
const CODE_OF_KEYWORD_201: Record<string, OcppErrorCode> = Object.fromEntries(
  Object.entries(CODE_OF_KEYWORD_16).map(([keyword, code]) => [keyword, code === 'FormationViolation' ? 'FormatViolation' : code]),
);

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

/** One version's schemas, compiled on first use: a charger network uses a handful of each version's schemas. */
const createValidators = (version: SchemaVersion) => {
  let schemas: Map<string, Record<string, unknown>> | undefined;
  let ajv: Ajv | undefined;
  const compiled = new Map<string, ValidateFunction | null>();
  return (schemaId: string): ValidateFunction | null => {
    let validate = compiled.get(schemaId);
    if (validate === undefined) {
      const schema = (schemas ??= loadSchemas(version)).get(schemaId);
      validate = schema ? (ajv ??= createAjv()).compile(schema) : null;
      compiled.set(schemaId, validate);
    }
    return validate;
  };
};

const validatorsOf: Record<SchemaVersion, (schemaId: string) => ValidateFunction | null> = {
  '1.6': createValidators('1.6'),
  '2.0.1': createValidators('2.0.1'),
};
const codesOf: Record<SchemaVersion, { keywords: Record<string, OcppErrorCode>; format: OcppErrorCode }> = {
  '1.6': { keywords: CODE_OF_KEYWORD_16, format: 'FormationViolation' },
  '2.0.1': { keywords: CODE_OF_KEYWORD_201, format: 'FormatViolation' },
};

const describe = (errors: readonly ErrorObject[]) =>
  errors.map((error) => `${error.instancePath || 'payload'} ${error.message ?? error.keyword}`.trim()).join(', ');

/** Fields of OCPP's IdToken type (1.6), and the string of 2.0.1's IdTokenType: identifiers printed on cards and compared, never free text. */
const ID_TOKEN_FIELDS = new Set(['idTag', 'parentIdTag', 'idToken']);
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

/** Whether the action has a schema in this OCPP version (e.g. `Heartbeat`), whichever direction it is called in. */
export const isOcppAction = (version: SchemaVersion, action: string): boolean => validatorsOf[version](`urn:${action}.req`) !== null;
export const isOcpp16Action = (action: string): action is Ocpp16Action => isOcppAction('1.6', action);

/**
 * Checks a payload against the version's `urn:<action>.req` (a call) or `.conf` (its answer); a payload that breaks
 * it throws the CALLERROR that version of OCPP-J names for the first broken rule, with the rule in its details. An
 * action the version has no schema for answers NotImplemented.
 */
export const validateOcpp = (version: SchemaVersion, action: string, kind: 'req' | 'conf', payload: unknown): void => {
  const validate = validatorsOf[version](`urn:${action}.${kind}`);
  if (!validate) throw new OcppCallError('NotImplemented', `No OCPP ${version} schema for ${action}.${kind}`);
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
  const { keywords, format } = codesOf[version];
  throw new OcppCallError(first ? (keywords[first.keyword] ?? format) : format, describe(errors), {
    errors: errors.map(({ instancePath, keyword, message, params }) => ({ instancePath, keyword, message, params })),
  });
};

/** validateOcpp for 1.6, narrowing the payload to the action's generated type. */
export function validateOcpp16<A extends Ocpp16Action>(action: A, kind: 'req', payload: unknown): asserts payload is Ocpp16Request<A>;
export function validateOcpp16<A extends Ocpp16Action>(action: A, kind: 'conf', payload: unknown): asserts payload is Ocpp16Response<A>;
/** An action named at run time (a command from another node): not an OCPP 1.6 one answers NotImplemented. */
export function validateOcpp16(action: string, kind: 'req' | 'conf', payload: unknown): void;
export function validateOcpp16(action: string, kind: 'req' | 'conf', payload: unknown): void {
  validateOcpp('1.6', action, kind, payload);
}

/** validateOcpp for 2.0.1, narrowing the payload to the action's generated type. */
export function validateOcpp201<A extends Ocpp201Action>(action: A, kind: 'req', payload: unknown): asserts payload is Ocpp201Request<A>;
export function validateOcpp201<A extends Ocpp201Action>(action: A, kind: 'conf', payload: unknown): asserts payload is Ocpp201Response<A>;
export function validateOcpp201(action: string, kind: 'req' | 'conf', payload: unknown): void;
export function validateOcpp201(action: string, kind: 'req' | 'conf', payload: unknown): void {
  validateOcpp('2.0.1', action, kind, payload);
}
