// Writes packages/shared/src/ocpp/ocpp<version>.generated.ts from the Open Charge Alliance's JSON schemas as the
// ocpp-rpc package ships them: per action `<Action>Request`/`<Action>Response` and the map `Ocpp16Calls`.
// Run with `npm run generate:ocpp -w packages/shared`; ocpp-types.test.ts fails when a committed file differs.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import prettier from 'prettier';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export const PROTOCOLS = [
  { name: 'OCPP 1.6', schemas: 'ocpp-rpc/lib/schemas/ocpp1_6.json', calls: 'Ocpp16Calls', file: 'src/ocpp/ocpp16.generated.ts' },
  { name: 'OCPP 2.0.1', schemas: 'ocpp-rpc/lib/schemas/ocpp2_0_1.json', calls: 'Ocpp201Calls', file: 'src/ocpp/ocpp201.generated.ts' },
];

const COMMAND = 'npm run generate:ocpp -w packages/shared';

/**
 * An object that may hold no property (most 1.6 answers, `{}`) as `Record<string, never>`: json-schema-to-typescript
 * writes `{}`, which TypeScript reads as any value but null.
 */
const emptyAsNever = (schema) =>
  schema.type === 'object' && schema.additionalProperties === false && !Object.keys(schema.properties ?? {}).length
    ? { ...schema, tsType: 'Record<string, never>' }
    : schema;

/**
 * One schema for the whole protocol, so json-schema-to-typescript declares each type once: the actions' payloads
 * become its definitions (named <Action>Request/Response), and the 2.0.1 schemas' own definitions (IdTokenType, ...),
 * repeated in every schema that uses them, are hoisted beside them. Copies that differ in more than their description
 * would be two types under one name: that stops the generator rather than picking one.
 */
const protocolSchema = (protocol, schemas) => {
  const definitions = {};
  const shapes = new Map();
  const actions = {};
  const withoutDescriptions = (schema) => JSON.stringify(schema, (key, value) => (key === 'description' ? undefined : value));
  for (const { $id, $schema: _draft, definitions: shared = {}, ...schema } of schemas) {
    const [, action, kind] = /^urn:(\w+)\.(req|conf)$/.exec($id) ?? [];
    if (!action) throw new Error(`${protocol.name}: unexpected schema id ${$id}`);
    for (const [name, definition] of Object.entries(shared)) {
      const shape = withoutDescriptions(definition);
      if (shapes.has(name) && shapes.get(name) !== shape) throw new Error(`${protocol.name}: two different definitions of ${name}`);
      if (!shapes.has(name)) {
        shapes.set(name, shape);
        definitions[name] = definition;
      }
    }
    const type = `${action}${kind === 'req' ? 'Request' : 'Response'}`;
    definitions[type] = { ...emptyAsNever(schema), title: type };
    actions[action] ??= { type: 'object', additionalProperties: false, required: ['request', 'response'], properties: {} };
    actions[action].properties[kind === 'req' ? 'request' : 'response'] = { $ref: `#/definitions/${type}` };
  }
  return {
    title: protocol.calls,
    description: `Each ${protocol.name} action's call payload (request) and the answer it gets (response).`,
    type: 'object',
    additionalProperties: false,
    required: Object.keys(actions),
    properties: actions,
    definitions,
  };
};

/** The file's text, formatted as the repository's Prettier settings format it (so lint-staged leaves it as it is). */
export const generate = async (protocol) => {
  const schema = protocolSchema(protocol, require(protocol.schemas));
  const source = await compile(schema, protocol.calls, {
    bannerComment: `/* Generated from ${protocol.schemas} (the Open Charge Alliance's ${protocol.name} JSON schemas). Do not edit: run \`${COMMAND}\`. */`,
    format: false,
    unknownAny: true,
    declareExternallyReferenced: true,
  });
  const target = path.join(packageRoot, protocol.file);
  const options = await prettier.resolveConfig(target);
  return prettier.format(source.replace(/\r\n?/g, '\n'), { ...options, filepath: target });
};

const targetOf = (protocol) => path.join(packageRoot, protocol.file);

/** The committed files that regenerating would change (their paths in the package), for the drift test. */
export const staleFiles = async () => {
  const checked = await Promise.all(
    PROTOCOLS.map(async (protocol) => ((await readFile(targetOf(protocol), 'utf8')) === (await generate(protocol)) ? null : protocol.file)),
  );
  return checked.filter((file) => file !== null);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const protocol of PROTOCOLS) {
    await writeFile(targetOf(protocol), await generate(protocol));
    process.stdout.write(`wrote ${protocol.file}\n`);
  }
}
