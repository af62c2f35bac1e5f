/**
 * Rows per query. A report streams page after page (keyset, never offset), so memory stays flat. Larger pages
 * spread each query's fixed cost (planning, round trip) over more rows; measured after a full collection, at
 * 3,000 and 5,000 rows the two pages held at once (the one written, the one read ahead) outlived V8's young
 * generation and a million-row download grew the server by about 200 MB, at 2,000 by about 25 MB (decision 057).
 */
export const REPORT_PAGE = 2000;

/**
 * Sessions per query of a report whose lines the database writes (session-lines.repository.ts). Its pages hold
 * text, not objects, so larger pages cost the heap little: at 5,000 rather than 2,000 a million-row download ran
 * at 79,000–90,000 rows/s instead of 66,000–73,000 on PostgreSQL (PGlite: 82,000 against 71,000 for the queries
 * alone), with the server growing by about the same 26–48 MB (decision 057).
 */
export const REPORT_LINES_PAGE = 5000;

/** One keyset page: at most `limit` rows after `after` (the previous page's last row), in the report's order. */
export type PageQuery<T> = (after: T | undefined, limit: number) => Promise<T[]>;

/**
 * Pages read one after another, each from where the last one ended (`nextAfter` answers undefined after the
 * last page). The next page is asked for as soon as the current one has arrived, so the database reads it while
 * the current one is formatted and sent: the download takes about the longer of the two instead of their sum,
 * and at most two pages are held at once.
 */
export async function* readAhead<P, K>(read: (after: K | undefined) => Promise<P>, nextAfter: (page: P) => K | undefined): AsyncGenerator<P> {
  let next = read(undefined);
  for (;;) {
    const page = await next;
    const after = nextAfter(page);
    if (after !== undefined) {
      next = read(after);
      // A download cancelled while this page was read never awaits it; its failure must not go unhandled.
      next.catch(() => undefined);
    }
    yield page;
    if (after === undefined) return;
  }
}

/** Every page of a keyset query of rows: a page shorter than `limit` is the last. */
export async function* allPages<T>(page: PageQuery<T>, limit = REPORT_PAGE): AsyncGenerator<T[]> {
  for await (const rows of readAhead<T[], T>(
    (after) => page(after, limit),
    (rows) => (rows.length < limit ? undefined : rows[rows.length - 1]),
  ))
    if (rows.length) yield rows;
}
