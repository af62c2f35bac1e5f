import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { PoolStats } from '../../db/client.ts';
import type { LoadShedder } from '../load-shedder.ts';

/** What the gauges below read when scraped: the app's parts, created after the metrics. */
export type StateSources = {
  admission: LoadShedder;
  /** Absent for a database handle that does not say (none of ours). */
  pool: (() => PoolStats) | undefined;
  liveSubscribers: () => number;
  backgroundTasks: () => number;
  /** Undelivered OCPI pushes per module and the oldest one's age: a query, so run only when scraped. */
  ocpiPending: () => Promise<{ module: string; pending: number; oldestAgeSeconds: number }[]>;
  log: FastifyBaseLogger;
};

/** Waits in line are bounded by DB_QUEUE_TIMEOUT_MS (seconds at most); CoDel's target is tens of milliseconds. */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The admission line in front of the database: read when scraped, except the waits, told as requests leave the line. */
const watchAdmission = (registry: Registry, shedder: LoadShedder) => {
  const registers = [registry];
  new Gauge({
    name: 'wattdesk_admission_in_flight',
    help: 'API requests admitted to the database now',
    registers,
    collect() {
      this.set(shedder.inFlight);
    },
  });
  new Gauge({
    name: 'wattdesk_admission_queued',
    help: 'API requests waiting in the admission line now',
    registers,
    collect() {
      this.set(shedder.queued);
    },
  });
  new Gauge({
    name: 'wattdesk_admission_saturated',
    help: '1 while the line is saturated (waits above the target for a whole interval) and newcomers are refused',
    registers,
    collect() {
      this.set(shedder.isSaturated ? 1 : 0);
    },
  });
  let counted = 0;
  new Counter({
    name: 'wattdesk_admission_refused_total',
    help: 'API requests refused with 503 by the admission line (saturated, line full, or waited too long)',
    registers,
    collect() {
      // The line counts its refusals itself (a refusal must stay cheap under overload); the counter catches up here.
      const total = shedder.refused;
      this.inc(total - counted);
      counted = total;
    },
  });
  const wait = new Histogram({
    name: 'wattdesk_admission_wait_seconds',
    help: 'How long requests that waited in the admission line waited (those admitted at once are not counted)',
    buckets: WAIT_BUCKETS,
    registers,
  });
  shedder.onWait = (waitMs) => wait.observe(waitMs / 1000);
};

const watchPool = (registry: Registry, pool: () => PoolStats) => {
  const registers = [registry];
  if (pool().engine === 'pglite') {
    new Gauge({
      name: 'wattdesk_db_pglite_pending_queries',
      help: 'Queries sent to the embedded database (PGlite: one connection) and not yet answered, the running one included',
      registers,
      collect() {
        const stats = pool();
        if (stats.engine === 'pglite') this.set(stats.pending);
      },
    });
    return;
  }
  const postgres = (read: (stats: Extract<PoolStats, { engine: 'postgres' }>) => number) =>
    function (this: Gauge) {
      const stats = pool();
      if (stats.engine === 'postgres') this.set(read(stats));
    };
  new Gauge({ name: 'wattdesk_db_pool_connections', help: 'PostgreSQL connections open in the pool', registers, collect: postgres((s) => s.total) });
  new Gauge({ name: 'wattdesk_db_pool_idle_connections', help: 'PostgreSQL connections open and idle', registers, collect: postgres((s) => s.idle) });
  new Gauge({
    name: 'wattdesk_db_pool_waiting_clients',
    help: 'Queries waiting for a PostgreSQL connection (pool exhausted)',
    registers,
    collect: postgres((s) => s.waiting),
  });
  new Gauge({ name: 'wattdesk_db_pool_max_connections', help: 'The pool size (DB_POOL_SIZE)', registers, collect: postgres((s) => s.max) });
};

const watchOcpiOutbox = (registry: Registry, sources: StateSources) => {
  const registers = [registry];
  let pending: Awaited<ReturnType<StateSources['ocpiPending']>> = [];
  let read: Promise<void> | undefined;
  // Both gauges come from one query; the second to be collected in a scrape reuses the first's read.
  const refresh = () =>
    (read ??= sources
      .ocpiPending()
      .then((rows) => {
        pending = rows;
      })
      .catch((error: unknown) => {
        pending = [];
        sources.log.warn({ err: error }, 'OCPI outbox depth not read for metrics');
      })
      .finally(() => setImmediate(() => (read = undefined))));
  new Gauge<'module'>({
    name: 'wattdesk_ocpi_outbox_pending',
    help: 'OCPI pushes not yet delivered to partners, by OCPI module',
    labelNames: ['module'],
    registers,
    async collect() {
      await refresh();
      this.reset();
      for (const row of pending) this.set({ module: row.module }, row.pending);
    },
  });
  new Gauge<'module'>({
    name: 'wattdesk_ocpi_outbox_oldest_age_seconds',
    help: 'Age of the oldest undelivered OCPI push, by OCPI module',
    labelNames: ['module'],
    registers,
    async collect() {
      await refresh();
      this.reset();
      for (const row of pending) this.set({ module: row.module }, row.oldestAgeSeconds);
    },
  });
};

/** The gauges read from the app's state when scraped: nothing on the hot path. */
export const watchState = (registry: Registry, sources: StateSources) => {
  const registers = [registry];
  watchAdmission(registry, sources.admission);
  if (sources.pool) watchPool(registry, sources.pool);
  new Gauge({
    name: 'wattdesk_live_subscribers',
    help: 'Live feeds (server-sent events) open on this node',
    registers,
    collect() {
      this.set(sources.liveSubscribers());
    },
  });
  new Gauge({
    name: 'wattdesk_background_tasks',
    help: 'Background tasks running now (mails, OCPI command calls)',
    registers,
    collect() {
      this.set(sources.backgroundTasks());
    },
  });
  watchOcpiOutbox(registry, sources);
};
