/** One server-sent event, as the HTML standard's event-stream format defines it. */
export type ServerSentEvent = { event: string; data: string; id: string | undefined };

/**
 * An incremental text/event-stream parser (the WHATWG algorithm, without EventSource): feed it text as the
 * network delivers it, in chunks of any size, and it answers the events those chunks complete.
 * Comments (`: keepalive`) are skipped; `retry:` is kept for the caller's reconnect delay.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private eventType = '';
  private lastEventId: string | undefined;
  private sawBom = false;
  /** The last chunk ended in CR: an LF starting the next one belongs to that line end (CRLF split in two). */
  private skipLf = false;
  /** The reconnection time the server last asked for, in ms. */
  retryMs: number | undefined;

  feed(chunk: string): ServerSentEvent[] {
    if (chunk === '') return [];
    let text = chunk;
    if (this.skipLf && text.startsWith('\n')) text = text.slice(1);
    this.skipLf = false;
    text = this.buffer + text;
    if (!this.sawBom && text.length > 0) {
      this.sawBom = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const events: ServerSentEvent[] = [];
    let start = 0;
    for (;;) {
      const lineEnd = findLineEnd(text, start);
      if (!lineEnd) break;
      if (lineEnd.next === text.length && text[lineEnd.index] === '\r') this.skipLf = true;
      const event = this.line(text.slice(start, lineEnd.index));
      if (event) events.push(event);
      start = lineEnd.next;
    }
    this.buffer = text.slice(start);
    return events;
  }

  private line(line: string): ServerSentEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return undefined;
  }

  private dispatch(): ServerSentEvent | undefined {
    const hasData = this.data.length > 0;
    const event: ServerSentEvent = { event: this.eventType || 'message', data: this.data.join('\n'), id: this.lastEventId };
    this.data = [];
    this.eventType = '';
    return hasData ? event : undefined;
  }
}

/** The end of the next complete line: CRLF, LF or CR. */
const findLineEnd = (text: string, from: number): { index: number; next: number } | undefined => {
  for (let i = from; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\n') return { index: i, next: i + 1 };
    if (char === '\r') return { index: i, next: text[i + 1] === '\n' ? i + 2 : i + 1 };
  }
  return undefined;
};
