import type { SystemEventLevel, SystemEventSource } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { systemEvents } from '../db/schema/index.ts';
import type { Mailer } from './mailer.ts';

export type SystemEventInput = {
  level?: SystemEventLevel;
  source: SystemEventSource;
  event: string;
  message: string;
  details?: Record<string, unknown>;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Writes the system log (system-logs menu). Recording must never fail the work it reports on, so
 * a failed insert is only logged. One error is recorded once, where it is best understood.
 */
export class SystemEvents {
  private readonly recorded = new WeakSet<object>();

  constructor(
    private readonly db: Database,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async record(input: SystemEventInput): Promise<void> {
    try {
      await this.db.insert(systemEvents).values({
        level: input.level ?? 'error',
        source: input.source,
        event: input.event,
        message: input.message.slice(0, 2000),
        details: input.details ?? null,
      });
    } catch (error) {
      this.logger.error({ err: error, event: input.event }, 'could not record a system event');
    }
  }

  /** Records a failure unless it was recorded already (e.g. by the mailer, before a background task saw it). */
  async recordError(source: SystemEventSource, event: string, error: unknown, details?: Record<string, unknown>): Promise<void> {
    if (typeof error === 'object' && error !== null) {
      if (this.recorded.has(error)) return;
      this.recorded.add(error);
    }
    await this.record({ source, event, message: messageOf(error), ...(details ? { details } : {}) });
  }
}

/** The mailer, with undeliverable mail written to the system log. The error still reaches the caller. */
export const recordingMailer = (mailer: Mailer, events: SystemEvents): Mailer => ({
  send: async (message) => {
    try {
      await mailer.send(message);
    } catch (error) {
      // The recipient's domain is enough to diagnose; the full address stays out of the log.
      const domain = message.to.split('@')[1] ?? '';
      await events.recordError('mail', 'mail.failed', error, { subject: message.subject, recipientDomain: domain });
      throw error;
    }
  },
  close: () => mailer.close(),
});
