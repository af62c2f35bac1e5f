import { Counter, Gauge, type Registry } from 'prom-client';
import type { PassOutcome } from '../periodic-pass.ts';

/** The background jobs watched: their periodic passes, and the payout schedule and offline watch on timers in app.ts. */
export const JOBS = ['reservations', 'firmware_campaigns', 'ocpi_outbox', 'ocpi_command_sweep', 'payouts', 'offline_watch'] as const;
export type JobName = (typeof JOBS)[number];

/** A job's last success (alert on its age) and its passes by outcome (alert on failures). */
export const createJobMetrics = (registry: Registry) => {
  const lastSuccess = new Gauge<'job'>({
    name: 'wattdesk_job_last_success_timestamp_seconds',
    help: 'When the job last finished a pass without error (Unix seconds); absent until its first success',
    labelNames: ['job'],
    registers: [registry],
  });
  const runs = new Counter<'job' | 'outcome'>({
    name: 'wattdesk_job_runs_total',
    help: 'Passes of background jobs, by outcome (success, failure)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  // Every job's series exist from the start, so a rate over a job that never ran reads 0, not nothing.
  for (const job of JOBS) for (const outcome of ['success', 'failure'] as const) runs.inc({ job, outcome }, 0);

  const record = (job: JobName, outcome: PassOutcome) => {
    runs.inc({ job, outcome });
    if (outcome === 'success') lastSuccess.set({ job }, Date.now() / 1000);
  };
  return {
    /** For a periodic pass's observe(). */
    recorder: (job: JobName) => (outcome: PassOutcome) => record(job, outcome),
    /** Runs one pass of a job on a timer of its own, recording how it ended; a failure is rethrown. */
    track: async (job: JobName, pass: () => Promise<void>) => {
      try {
        await pass();
      } catch (error) {
        record(job, 'failure');
        throw error;
      }
      record(job, 'success');
    },
  };
};

export type JobMetrics = ReturnType<typeof createJobMetrics>;
