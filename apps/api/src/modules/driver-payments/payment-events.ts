import { AppError } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { providerEvents } from '../../db/schema/index.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import type { SessionCharges } from './session-charges.ts';

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/**
 * Stripe's payment_intent.* events (decision 083): a success or decline whose answer never reached us (a lost
 * connection) is applied when the event comes. The event's object is read back through the SDK for its fee; the
 * payment's own state (pending at the attempt charged) makes applying it happen once, and provider_events answers
 * a second delivery as a duplicate.
 */
export const createPaymentEvents = ({
  db,
  verifyEvent,
  charges,
  systemEvents,
}: {
  db: Database;
  verifyEvent: (payload: string, signature: string | undefined) => Promise<Stripe.Event>;
  charges: Pick<SessionCharges, 'applyProviderOutcome'>;
  systemEvents: Pick<SystemEvents, 'record'>;
}) => {
  const receive = async (payload: string, signature: string | undefined) => {
    const event = await verifyEvent(payload, signature).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : 'The event could not be read';
      void systemEvents.record({ level: 'warning', source: 'provider', event: 'stripe.webhook_refused', message: `Stripe webhook: ${reason}` });
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', { messages: ['The event signature could not be verified', reason] });
    });
    const [seen] = await db.select({ id: providerEvents.eventId }).from(providerEvents).where(eq(providerEvents.eventId, event.id)).limit(1);
    if (seen) return { received: true, duplicate: true, applied: false };
    const object = event.data.object as { id?: string; metadata?: Record<string, string> | null };
    const sessionId = object.metadata?.wattdesk_session;
    const applied =
      HANDLED.has(event.type) && object.id && sessionId && /^[0-9a-f-]{36}$/i.test(sessionId)
        ? await charges.applyProviderOutcome(sessionId, object.id)
        : false;
    // Remembered after its effect: a delivery that failed half-way is applied by the next one (the effect is guarded).
    await db.insert(providerEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
    return { received: true, duplicate: false, applied };
  };
  return { receive };
};

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
