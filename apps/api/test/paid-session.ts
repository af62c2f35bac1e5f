import type { FastifyInstance } from 'fastify';
import type { PricedSession } from '../src/modules/payouts/ledger.service.ts';

/**
 * A session priced and paid by its driver's card: its host share becomes available to transfer (decision 082).
 * For tests of transfers and payouts, which need money that was collected, not only earned.
 */
export const recordPaidSession = async (app: FastifyInstance, priced: PricedSession) => {
  await app.payouts.recordSessionRevenue(priced);
  await app.payouts.collected({
    sessionId: priced.sessionId,
    locationId: priced.locationId,
    currency: priced.currency,
    amount: priced.total,
    providerFee: 0,
    providerPaymentId: `pi_test_${priced.sessionId}`,
    at: priced.pricedAt,
  });
};
