import { AppError, failureMessages, successMessages, type CardOnFile, type PaymentDetails, type StartCardSetupResponse } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import { GatewayError, type BillingGateway } from './billing-gateway.ts';
import * as repo from './billing.repository.ts';

export type PaymentDetailsDeps = {
  db: Database;
  gateway: BillingGateway;
  publicUrl: string;
  systemEvents: Pick<SystemEvents, 'record'>;
  now: () => Date;
};

const PAYMENT_INFO_PATH = '/dashboard/profile/payment-info';

const toCard = (row: repo.CustomerRow): CardOnFile | null =>
  row.paymentMethodId && row.cardBrand && row.cardLast4 && row.cardExpMonth && row.cardExpYear && row.cardUpdatedAt
    ? {
        brand: row.cardBrand as CardOnFile['brand'],
        last4: row.cardLast4,
        expMonth: row.cardExpMonth,
        expYear: row.cardExpYear,
        updatedAt: row.cardUpdatedAt.toISOString(),
        updatedByEmail: row.cardUpdatedByEmail,
      }
    : null;

/**
 * The host's card on file for subscription billing. The card is typed on the provider's card page
 * (Stripe Checkout in setup mode, or the sandbox's page), never on ours: we start the page, and when the
 * browser comes back we read brand, last four and expiry from the provider and make it the default card.
 */
export const createPaymentDetailsService = ({ db, gateway, publicUrl, systemEvents, now }: PaymentDetailsDeps) => {
  const failure = async (error: unknown, locationId: string): Promise<never> => {
    if (!(error instanceof GatewayError)) throw error;
    await systemEvents.record({
      level: error.kind === 'unreachable' ? 'error' : 'warning',
      source: 'provider',
      event: 'stripe.payment_info_failed',
      message: `Stripe: ${error.reason}`,
      details: { provider: 'stripe', kind: error.kind, locationId, sandbox: gateway.isSandbox },
    });
    throw new AppError(error.kind === 'unreachable' ? 'PAYMENT_INFO_UNAVAILABLE' : 'PAYMENT_INFO_FAILED', {
      messages: [failureMessages.updatePaymentInfo, error.reason],
    });
  };

  const details = async (locationId: string): Promise<PaymentDetails> => {
    if (!(await repo.findLocation(db, locationId))) throw new AppError('LOCATION_NOT_FOUND');
    const row = await repo.findCustomer(db, locationId);
    return { locationId, card: row && row.sandbox === gateway.isSandbox ? toCard(row) : null, sandbox: gateway.isSandbox };
  };

  /** The location's customer at the provider, made on first use (one per location, also under a double click). */
  const customerFor = async (locationId: string, name: string, replace = false): Promise<repo.CustomerRow> => {
    const existing = await repo.findCustomer(db, locationId);
    if (existing && existing.sandbox === gateway.isSandbox && !replace) return existing;
    const customerId = await gateway.createCustomer(locationId, name, `wattdesk-customer-${locationId}-${existing?.customerId ?? 'first'}`);
    if (replace && existing) return repo.replaceCustomer(db, locationId, customerId, gateway.isSandbox);
    return repo.saveCustomer(db, { locationId, customerId, sandbox: gateway.isSandbox });
  };

  const startSetup = async (locationId: string): Promise<StartCardSetupResponse> => {
    const location = await repo.findLocation(db, locationId);
    if (!location) throw new AppError('LOCATION_NOT_FOUND');
    const successUrl = `${publicUrl}${PAYMENT_INFO_PATH}?setup_session={CHECKOUT_SESSION_ID}`;
    const cancelUrl = `${publicUrl}${PAYMENT_INFO_PATH}?setup=cancelled`;
    try {
      const customer = await customerFor(locationId, location.name);
      try {
        return { url: await gateway.startCardSetup(customer.customerId, successUrl, cancelUrl), sandbox: gateway.isSandbox };
      } catch (error) {
        // The provider no longer knows the customer (deleted there, or a restarted sandbox): make a new one.
        if (!(error instanceof GatewayError) || !/no such customer/i.test(error.reason)) throw error;
        const fresh = await customerFor(locationId, location.name, true);
        return { url: await gateway.startCardSetup(fresh.customerId, successUrl, cancelUrl), sandbox: gateway.isSandbox };
      }
    } catch (error) {
      return failure(error, locationId);
    }
  };

  /** Finishing twice with the same page answers the card saved the first time. */
  const completeSetup = async (actor: Actor, locationId: string, sessionId: string): Promise<{ msg: string; card: CardOnFile }> => {
    const customer = await repo.findCustomer(db, locationId);
    if (!customer || customer.sandbox !== gateway.isSandbox) {
      throw new AppError('PAYMENT_INFO_FAILED', { messages: [failureMessages.updatePaymentInfo, 'Start again with Update card'] });
    }
    let card;
    try {
      card = await gateway.finishCardSetup(customer.customerId, sessionId);
    } catch (error) {
      return failure(error, locationId);
    }
    const row = await db.transaction(async (tx) => {
      const saved = await repo.saveCard(tx, locationId, {
        paymentMethodId: card.paymentMethodId,
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
        cardUpdatedAt: now(),
        cardUpdatedByEmail: actor.email,
      });
      if (customer.paymentMethodId !== card.paymentMethodId) {
        const label = (row: { cardBrand: string | null; cardLast4: string | null }) =>
          row.cardLast4 ? `${row.cardBrand} •••• ${row.cardLast4}` : null;
        await recordActivity(tx, actor, {
          action: 'billing.payment_info_update',
          entity: 'location',
          entityId: locationId,
          locationId,
          changes: { card: { before: label(customer), after: label(saved) } },
        });
      }
      return saved;
    });
    return { msg: successMessages.paymentFeeViolationInfoUpdated, card: toCard(row)! };
  };

  return { details, startSetup, completeSetup };
};

export type PaymentDetailsService = ReturnType<typeof createPaymentDetailsService>;
