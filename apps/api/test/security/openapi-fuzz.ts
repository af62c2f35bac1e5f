/**
 * Requests generated from the API's own OpenAPI document: for each operation, values that fit its schema
 * (so the request gets past validation into the service and the database) and the same with one value
 * replaced by something hostile. A seeded generator makes every run send the same requests.
 */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  public: boolean;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; security?: unknown[] }>
  >;
};

export const operationsOf = (document: unknown): Operation[] =>
  Object.entries((document as OpenApiDocument).paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
      public: Array.isArray(operation.security) && operation.security.length === 0,
    })),
  );

/** mulberry32: small, fast and the same on every machine. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
};
export type Random = ReturnType<typeof seededRandom>;

/** What attackers and careless clients send: control characters, huge and odd numbers, wrong types, injections. */
export const HOSTILE_VALUES: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '',
  ' ',
  'x'.repeat(5000),
  '\uD800',
  '😀🚗⚡',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '=1+1',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '2026-13-45T25:61:00Z',
  '9999-12-31T23:59:59Z',
  '0001-01-01',
  'NaN',
  'Infinity',
  '1e999',
  '-1',
  '9007199254740993',
  -1,
  0,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 1,
  0.1,
  true,
  null,
  [],
  [null],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
];

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

const uuid = (random: Random) =>
  [8, 4, 4, 4, 12]
    .map((length, index) => Array.from({ length }, (_, i) => (index === 2 && i === 0 ? '4' : '0123456789abcdef'[random.int(0, 15)])).join(''))
    .join('-');

/** A value that fits the schema as far as a generator can tell (patterns are not solved, formats are). */
export const valueFor = (schema: JsonSchema, random: Random, ids: readonly string[], depth = 0): unknown => {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return random.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return valueFor(random.pick(choices), random, ids, depth);
  if (schema.allOf?.length) return Object.assign({}, ...(schema.allOf.map((part) => valueFor(part, random, ids, depth)) as object[]));
  if (schema.nullable && random.chance(0.1)) return null;
  switch (typeOf(schema)) {
    case 'object': {
      if (depth > 4) return {};
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(([key]) => required.has(key) || random.chance(0.6));
      return Object.fromEntries(entries.map(([key, property]) => [key, valueFor(property, random, ids, depth + 1)]));
    }
    case 'array': {
      const count = random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: count }, () => valueFor(schema.items ?? {}, random, ids, depth + 1));
    }
    case 'integer':
      return random.int(Math.max(schema.minimum ?? 0, -1000), Math.min(schema.maximum ?? 100, 100_000));
    case 'number':
      return Math.max(schema.minimum ?? 0, Math.min(schema.maximum ?? 1000, random.next() * 1000));
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return stringFor(schema, random, ids);
    default:
      return schema.default ?? 'x';
  }
};

const stringFor = (schema: JsonSchema, random: Random, ids: readonly string[]): string => {
  switch (schema.format) {
    case 'uuid':
      return ids.length && random.chance(0.7) ? random.pick(ids) : uuid(random);
    case 'email':
      return `fuzz${random.int(0, 999)}@example.com`;
    case 'date-time':
      return new Date(Date.UTC(2026, random.int(0, 11), random.int(1, 28), random.int(0, 23))).toISOString();
    case 'date':
      return `2026-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    case 'uri':
      return 'https://example.com/fuzz';
    default: {
      const length = random.int(Math.max(schema.minLength ?? 1, 1), Math.min(schema.maxLength ?? 12, 12));
      return Array.from({ length }, () => random.pick([...ALPHABET])).join('');
    }
  }
};

/** Replaces one value somewhere in a generated body (or the body itself) with a hostile one. */
export const mutate = (value: unknown, random: Random): unknown => {
  if (value === null || typeof value !== 'object' || random.chance(0.15)) return random.pick(HOSTILE_VALUES);
  if (Array.isArray(value)) {
    if (!value.length) return [random.pick(HOSTILE_VALUES)];
    const copy = [...value];
    const index = random.int(0, copy.length - 1);
    copy[index] = mutate(copy[index], random);
    return copy;
  }
  const keys = Object.keys(value);
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (!keys.length || random.chance(0.1)) {
    copy[random.pick(['extra', '__proto__', 'constructor', 'a\u0000'])] = random.pick(HOSTILE_VALUES);
    return copy;
  }
  const key = random.pick(keys);
  copy[key] = mutate(copy[key], random);
  return copy;
};

/** A query or path value as text, the way it travels in a URL. */
export const asParameter = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
