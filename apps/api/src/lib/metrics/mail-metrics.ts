import { Counter, Gauge, type Registry } from 'prom-client';
import type { Mailer } from '../mailer.ts';

/**
 * Mail has no queue of its own: each message is sent by a background task (lib/background.ts), so the mails being
 * sent now are the line, and SMTP failures are what to alert on.
 */
export const createMailMetrics = (registry: Registry) => {
  const sending = new Gauge({ name: 'wattdesk_mail_sending', help: 'Mails being sent now (the e-mail line)', registers: [registry] });
  const sent = new Counter<'outcome'>({
    name: 'wattdesk_mail_sent_total',
    help: 'Mails handed to SMTP (or the outbox folder), by outcome (sent, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['sent', 'failed']) sent.inc({ outcome }, 0);
  return {
    /** The same mailer, counted. */
    counted: (mailer: Mailer): Mailer => ({
      send: async (message) => {
        sending.inc();
        try {
          await mailer.send(message);
          sent.inc({ outcome: 'sent' });
        } catch (error) {
          sent.inc({ outcome: 'failed' });
          throw error;
        } finally {
          sending.dec();
        }
      },
      close: () => mailer.close(),
    }),
  };
};
