import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logDestination } from './log-destination.ts';

const logLineOf = async (stream: NodeJS.WritableStream, output: PassThrough): Promise<string> => {
  const app = Fastify({ logger: { level: 'info', stream } });
  app.log.info({ engine: 'pglite' }, 'Wattdesk is ready on http://localhost:3000');
  await app.close();
  return stripVTControlCharacters(String(output.read() ?? ''));
};

describe('the server log', () => {
  it('reads as a line of text at a terminal: time, level and message, no JSON', async () => {
    const output = new PassThrough();
    const line = await logLineOf(logDestination(undefined, true, output)!, output);
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Wattdesk is ready on http:\/\/localhost:3000\n/);
    expect(line).toContain('engine: "pglite"');
    expect(line.trimStart().startsWith('{')).toBe(false);
  });

  it('stays JSON lines when not at a terminal, unless asked for pretty', () => {
    expect(logDestination(undefined, false)).toBeUndefined();
    expect(logDestination('json', true)).toBeUndefined();
    expect(logDestination('pretty', false, new PassThrough())).toBeDefined();
  });
});
