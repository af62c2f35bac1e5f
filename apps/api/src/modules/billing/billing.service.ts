import { AppError, type LocationPlanIncludes } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import { createBillingGateway, type StripeAccess } from './billing-gateway.ts';
import { findLocation } from './billing.repository.ts';
import { createPaymentDetailsService } from './payment-details.service.ts';
import type { PlanCatalogue } from './plan-catalogue.ts';
import { createPlanRules } from './plan-rules.ts';
import { createSubscriptionService } from './subscription.service.ts';

export type BillingDeps = {
  db: Database;
  gateway: StripeAccess;
  catalogue: PlanCatalogue;
  publicUrl: string;
  systemEvents: Pick<SystemEvents, 'record'>;
  now: () => Date;
};

/**
 * Billing the host for the service: the plan per location and the card it is charged to, and what the plan
 * includes (`plans`), asked by the services that own chargers and features (decision 080).
 */
export const createBillingService = ({ gateway, catalogue, ...deps }: BillingDeps) => {
  const billingGateway = createBillingGateway(gateway);
  const plans = createPlanRules({ catalogue });
  const planIncludes = async (locationId: string): Promise<LocationPlanIncludes> => {
    if (!(await findLocation(deps.db, locationId))) throw new AppError('LOCATION_NOT_FOUND');
    return { locationId, ...(await plans.current(deps.db, locationId)) };
  };
  return {
    planIncludes,
    subscription: createSubscriptionService({ ...deps, gateway: billingGateway, catalogue, planRules: plans }),
    paymentDetails: createPaymentDetailsService({ ...deps, gateway: billingGateway }),
    plans,
  };
};

export type BillingService = ReturnType<typeof createBillingService>;
