import type { Page, Request } from '@playwright/test';

/** The live feed: a response that streams for minutes, so it never lets the network go idle. */
const isLiveFeed = (request: Request) => new URL(request.url()).pathname === '/web/live';

/**
 * Follows the page's requests from now on. `idle()` is like `waitForLoadState('networkidle')` (no request
 * for 500 ms) without counting the live feed's long-lived event stream, which screens showing chargers
 * keep open (and which would keep 'networkidle' from ever arriving).
 */
export const trackNetwork = (page: Page) => {
  const open = new Set<Request>();
  let lastChange = Date.now();
  /** Wakes `idle()` on every change, so it waits on the requests themselves rather than polling. */
  let wake = () => {};
  const changed = () => {
    lastChange = Date.now();
    wake();
  };
  page.on('request', (request) => {
    if (isLiveFeed(request)) return;
    open.add(request);
    changed();
  });
  const ended = (request: Request) => {
    if (open.delete(request)) changed();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    idle: async ({ quietMs = 500, timeoutMs = 15_000 } = {}) => {
      await page.waitForLoadState('load');
      const deadline = Date.now() + timeoutMs;
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`the network did not go quiet within ${timeoutMs} ms: ${[...open].map((r) => r.url()).join(', ')}`);
        // Until the next request starts or ends, or until the quiet spell (the definition of idle) is over.
        const left = Math.min(deadline, lastChange + quietMs) - Date.now();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, open.size > 0 ? deadline - Date.now() : left));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = () => {};
      }
    },
  };
};
