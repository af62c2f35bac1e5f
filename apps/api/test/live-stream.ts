import type { LiveEvent } from '@wattdesk/shared';

/** Reads the live feed as the browser does: fetch with the bearer token, server-sent events parsed. */
export const openLiveFeed = async (baseUrl: string, token: string, locationId?: string) => {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/web/live${locationId ? `?locationId=${locationId}` : ''}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: { event: string; data: LiveEvent | Record<string, never>; receivedAt: number }[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as LiveEvent, receivedAt: Date.now() });
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted
    }
  })();

  /** The first event named `name` matching the predicate. */
  const first = async (name: string, predicate: (entry: (typeof events)[number]) => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find((entry) => entry.event === name && predicate(entry));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching ${name} event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.data))}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  };
  /** The first charger event matching the predicate. */
  const next = (predicate: (event: LiveEvent) => boolean, timeoutMs = 2000) =>
    first('charger', (entry) => predicate(entry.data as LiveEvent), timeoutMs);
  /** The server's `ready`: it is sent once the feed listens, so every change after it reaches this feed. */
  const ready = async (timeoutMs = 5000) => {
    await first('ready', () => true, timeoutMs);
  };
  return { response, events, next, ready, close: () => controller.abort() };
};
