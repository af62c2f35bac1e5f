import type { Database } from '../../db/client.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import { createBillingGateway, type StripeAccess } from './billing-gateway.ts';
import { createPaymentDetailsService } from './payment-details.service.ts';
import { createSubscriptionService } from './subscription.service.ts';

export type BillingDeps = {
  db: Database;
  gateway: StripeAccess;
  publicUrl: string;
  systemEvents: Pick<SystemEvents, 'record'>;
  now: () => Date;
};

/** Billing the host for the service: the plan per location and the card it is charged to. */
export const createBillingService = ({ gateway, ...deps }: BillingDeps) => {
  const billingGateway = createBillingGateway(gateway);
  return {
    subscription: createSubscriptionService({ ...deps, gateway: billingGateway }),
    paymentDetails: createPaymentDetailsService({ ...deps, gateway: billingGateway }),
  };
};

export type BillingService = ReturnType<typeof createBillingService>;
