import type { OcppVersion } from '@wattdesk/shared';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { createHttpMetrics } from './http-metrics.ts';
import { createJobMetrics } from './job-metrics.ts';
import { createMailMetrics } from './mail-metrics.ts';
import { createOcppMetrics } from './ocpp-metrics.ts';
import { watchState, type StateSources } from './state-metrics.ts';

/**
 * One app's metrics, in a registry of its own (prom-client's global one would collide: tests build many apps in one
 * process). Created before the app's parts, which are told where to report (the OCPP traffic, the mailer, the jobs);
 * `watch` then names the parts whose state is read when scraped.
 */
export const createAppMetrics = () => {
  const registry = new Registry();
  const ocpp = createOcppMetrics(registry);
  const mail = createMailMetrics(registry);
  const backgroundFailures = new Counter<'task'>({
    name: 'wattdesk_background_task_failures_total',
    help: 'Background tasks that failed, by task (a mail, an OCPI command call; also written to the system log)',
    labelNames: ['task'],
    registers: [registry],
  });
  let defaultsStarted = false;
  return {
    http: createHttpMetrics(registry),
    ocppTraffic: ocpp.traffic,
    jobs: createJobMetrics(registry),
    countedMailer: mail.counted,
    /** Task names are written in the code (a few dozen), never built from data. */
    backgroundFailed: (task: string) => backgroundFailures.inc({ task }),
    watch: (sources: StateSources & { ocppConnections: () => ReadonlyMap<OcppVersion, number> }) => {
      watchState(registry, sources);
      ocpp.watchConnections(sources.ocppConnections);
    },
    contentType: registry.contentType,
    /**
     * The Prometheus text. Node's default metrics start with the first scrape: each start leaves an event-loop
     * monitor and a GC observer that are never stopped, which a test run building hundreds of apps need not carry.
     */
    exposition: async (): Promise<string> => {
      if (!defaultsStarted) {
        defaultsStarted = true;
        collectDefaultMetrics({ register: registry });
      }
      return registry.metrics();
    },
  };
};

export type AppMetrics = ReturnType<typeof createAppMetrics>;
