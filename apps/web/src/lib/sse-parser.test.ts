import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.ts';

const feedAll = (chunks: string[]) => {
  const parser = new SseParser();
  return { events: chunks.flatMap((chunk) => parser.feed(chunk)), parser };
};

describe('SseParser', () => {
  it('reads the live feed as the server writes it: ready, a charger event, keepalive comments', () => {
    const { events, parser } = feedAll([
      'retry: 3000\nevent: ready\ndata: {}\n\n',
      ': keepalive\n\n',
      'event: charger\ndata: {"id":"a","chargerId":"WD-1","locationId":"l","reason":"status","at":"2026-01-01T00:00:00Z"}\n\n',
    ]);
    expect(events).toEqual([
      { event: 'ready', data: '{}', id: undefined },
      { event: 'charger', data: '{"id":"a","chargerId":"WD-1","locationId":"l","reason":"status","at":"2026-01-01T00:00:00Z"}', id: undefined },
    ]);
    expect(parser.retryMs).toBe(3000);
  });

  it('puts events back together from chunks split anywhere, even one character at a time', () => {
    const text = 'event: charger\ndata: {"n":1}\n\nevent: charger\ndata: {"n":2}\n\n';
    const { events } = feedAll([...text]);
    expect(events.map((event) => event.data)).toEqual(['{"n":1}', '{"n":2}']);
  });

  it('accepts CRLF and lone CR line ends, including a CRLF split between chunks', () => {
    const { events } = feedAll(['event: a\r', '\ndata: 1\r\n\r', '\nevent: b\rdata: 2\r\r']);
    expect(events.map((event) => [event.event, event.data])).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  it('joins multi-line data with newlines, defaults the type to message, and skips events without data', () => {
    const { events } = feedAll(['data: first\ndata:second\n\nevent: empty\n\n', 'id: 7\ndata\n\n']);
    expect(events).toEqual([
      { event: 'message', data: 'first\nsecond', id: undefined },
      { event: 'message', data: '', id: '7' },
    ]);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.feed('event: charger\ndata: {"n":1}\n')).toEqual([]);
    expect(parser.feed('\n')).toHaveLength(1);
  });

  it('drops a leading byte-order mark and ignores unknown fields and a bad retry', () => {
    const { events, parser } = feedAll(['\uFEFFdata: x\nfoo: bar\nretry: soon\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'x', id: undefined }]);
    expect(parser.retryMs).toBeUndefined();
  });
});

describe('SseParser with empty chunks', () => {
  it('an empty chunk between CR and LF does not split the line end', () => {
    const parser = new SseParser();
    const events = ['data: 1\r', '', '\n\r', '', '\n'].flatMap((chunk) => parser.feed(chunk));
    expect(events).toEqual([{ event: 'message', data: '1', id: undefined }]);
  });
});
