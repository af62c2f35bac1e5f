import {
  AppError,
  failureMessages,
  successMessages,
  type LocationSubscription,
  type SubscriptionOverview,
  type SubscriptionPlan,
  type SubscriptionPlanId,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import { GatewayError, type BillingGateway, type ProviderPrice, type ProviderSubscription } from './billing-gateway.ts';
import * as repo from './billing.repository.ts';
import type { CataloguePlan, PlanCatalogue } from './plan-catalogue.ts';
import type { PlanRules } from './plan-rules.ts';

export type SubscriptionDeps = {
  db: Database;
  gateway: BillingGateway;
  systemEvents: Pick<SystemEvents, 'record'>;
  catalogue: PlanCatalogue;
  planRules: PlanRules;
};

type Outcome = { msg: string; subscription: LocationSubscription };

/** A plan taken off the catalogue still names itself on the rows that bought it. */
export const toLocationSubscription = (row: repo.SubscriptionRow, catalogue: PlanCatalogue): LocationSubscription => {
  const plan = catalogue.plan(row.planId);
  return {
    subscriptionId: row.subscriptionId,
    planId: row.planId,
    planName: plan?.name ?? row.planId,
    status: row.status,
    quantity: row.quantity,
    unitAmount: row.unitAmount,
    amount: row.unitAmount * row.quantity,
    currency: row.currency,
    interval: plan?.interval ?? 'month',
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** The provider's key for one user action on one location: the same action retried is the same key. */
const providerKey = (action: string, locationId: string, key: string) => `wattdesk-subscription-${action}-${locationId}-${key}`;

/**
 * The host's plan per location at the payment provider: activate, change plan (re-counting the chargers
 * billed), cancel. Each call carries the browser's idempotency key to the provider, and a repeated key
 * answers the first outcome, so a retry never bills twice. The location state's `subscription` and the
 * activity log are written in the transaction that records the provider's answer.
 */
export const createSubscriptionService = ({ db, gateway, systemEvents, catalogue, planRules }: SubscriptionDeps) => {
  const toSubscription = (row: repo.SubscriptionRow) => toLocationSubscription(row, catalogue);
  const providerFailure = async (error: unknown, locationId: string, action: 'activate' | 'change' | 'cancel'): Promise<never> => {
    if (!(error instanceof GatewayError)) throw error;
    await systemEvents.record({
      level: error.kind === 'unreachable' ? 'error' : 'warning',
      source: 'provider',
      event: `stripe.subscription_${action}_failed`,
      message: `Stripe: ${error.reason}`,
      details: { provider: 'stripe', kind: error.kind, locationId, sandbox: gateway.isSandbox },
    });
    const message = action === 'activate' ? failureMessages.subscriptionActivation : failureMessages.updateSubscription;
    if (error.kind === 'unreachable') throw new AppError('SUBSCRIPTION_PROVIDER_UNAVAILABLE', { messages: [message, error.reason] });
    throw new AppError(action === 'activate' ? 'SUBSCRIPTION_ACTIVATION_FAILED' : 'SUBSCRIPTION_UPDATE_FAILED', {
      messages: [message, error.reason],
    });
  };

  /** Each plan with its Stripe price in the location's currency; Stripe not answering leaves the prices unknown. */
  const plansFor = async (currency: string): Promise<SubscriptionPlan[]> => {
    const keys = catalogue.plans.map((plan) => catalogue.lookupKeyFor(plan, currency));
    const prices = await gateway.pricesByLookupKey(keys).catch((error: unknown) => {
      if (error instanceof GatewayError) return new Map<string, ProviderPrice>();
      throw error;
    });
    return catalogue.plans.map((plan, index) => {
      const price = prices.get(keys[index]!);
      return {
        id: plan.key,
        name: plan.name,
        description: plan.description,
        includes: plan.includes,
        price: price ? { lookupKey: price.lookupKey, unitAmount: price.unitAmount, currency: price.currency, interval: price.interval } : null,
      };
    });
  };

  const overview = async (locationId: string): Promise<SubscriptionOverview> => {
    const location = await repo.findLocation(db, locationId);
    if (!location) throw new AppError('LOCATION_NOT_FOUND');
    const [row, customer, plans, current] = await Promise.all([
      repo.findSubscription(db, locationId),
      repo.findCustomer(db, locationId),
      plansFor(location.currency),
      planRules.current(db, locationId),
    ]);
    return {
      locationId,
      subscription: row ? toSubscription(row) : null,
      plans,
      includes: current.includes,
      chargerCount: location.chargerCount,
      hasPaymentMethod: Boolean(customer?.paymentMethodId && customer.sandbox === gateway.isSandbox),
      sandbox: gateway.isSandbox,
    };
  };

  /**
   * The plan and its Stripe price for a location, or a refusal naming why: a plan not in the catalogue, one that
   * includes fewer chargers than the location has, or one Stripe has no price for.
   */
  const priced = async (
    planId: SubscriptionPlanId,
    location: { id: string; currency: string; chargerCount: number },
    failure: 'SUBSCRIPTION_ACTIVATION_FAILED' | 'SUBSCRIPTION_UPDATE_FAILED',
  ): Promise<{ plan: CataloguePlan; price: ProviderPrice }> => {
    const plan = catalogue.plan(planId);
    if (!plan) throw new AppError('PLAN_UNKNOWN');
    const max = plan.includes.maxChargers;
    if (max !== null && location.chargerCount > max) {
      throw new AppError('PLAN_TOO_SMALL', {
        messages: [`The ${plan.name} plan includes up to ${max} chargers; this location has ${location.chargerCount}`, 'Choose a larger plan'],
      });
    }
    const lookupKey = catalogue.lookupKeyFor(plan, location.currency);
    let price: ProviderPrice | undefined;
    try {
      price = (await gateway.pricesByLookupKey([lookupKey])).get(lookupKey);
    } catch (error) {
      return providerFailure(error, location.id, failure === 'SUBSCRIPTION_ACTIVATION_FAILED' ? 'activate' : 'change');
    }
    const message = failure === 'SUBSCRIPTION_ACTIVATION_FAILED' ? failureMessages.subscriptionActivation : failureMessages.updateSubscription;
    if (!price) throw new AppError(failure, { messages: [message, `Stripe has no price with the lookup key ${lookupKey}`] });
    return { plan, price };
  };

  /** Stores the provider's answer, the location state and the activity row together. */
  const record = async (
    actor: Actor,
    locationId: string,
    action: string,
    before: repo.SubscriptionRow | undefined,
    values: Partial<repo.SubscriptionValues>,
  ) =>
    db.transaction(async (tx) => {
      const row = await repo.updateSubscription(tx, locationId, values);
      await repo.setLocationState(tx, locationId, {
        plan: catalogue.plan(row.planId)?.name ?? row.planId,
        status: row.status,
        renewsOn: row.status === 'ACTIVE' ? (row.currentPeriodEnd?.toISOString().slice(0, 10) ?? null) : null,
      });
      const fields = ['planId', 'status', 'quantity', 'unitAmount', 'subscriptionId'] as const;
      await recordActivity(tx, actor, {
        action: `billing.subscription_${action}`,
        entity: 'subscription',
        entityId: row.subscriptionId,
        locationId,
        changes: Object.fromEntries(fields.map((field) => [field, { before: before?.[field] ?? null, after: row[field] }])),
      });
      return row;
    });

  const fromProvider = (answer: ProviderSubscription) => ({
    subscriptionId: answer.subscriptionId,
    itemId: answer.itemId,
    quantity: answer.quantity,
    currentPeriodEnd: answer.currentPeriodEnd,
    status: answer.status === 'canceled' ? ('INACTIVE' as const) : ('ACTIVE' as const),
  });

  const activate = async (actor: Actor, locationId: string, planId: SubscriptionPlanId, key: string): Promise<Outcome> => {
    const location = await repo.findLocation(db, locationId);
    if (!location) throw new AppError('LOCATION_NOT_FOUND');
    const before = await repo.findSubscription(db, locationId);
    if (before?.lastKey === key && before.status === 'ACTIVE')
      return { msg: successMessages.subscriptionActivated, subscription: toSubscription(before) };
    if (before?.status === 'ACTIVE') throw new AppError('SUBSCRIPTION_ALREADY_ACTIVE');
    // The same key still PENDING: an earlier attempt lost its answer; asking again with the key is safe.
    const retrying = before?.status === 'PENDING' && before.lastKey === key;
    if (before?.status === 'PENDING' && !retrying) throw new AppError('SUBSCRIPTION_BUSY');
    const customer = await repo.findCustomer(db, locationId);
    if (!customer?.paymentMethodId || customer.sandbox !== gateway.isSandbox) {
      throw new AppError('SUBSCRIPTION_ACTIVATION_FAILED', {
        messages: [failureMessages.subscriptionActivation, 'Add a card under Payment Info first: the subscription is billed to it'],
      });
    }
    const { price } = await priced(planId, location, 'SUBSCRIPTION_ACTIVATION_FAILED');
    const quantity = Math.max(1, location.chargerCount);
    if (!retrying) {
      const claimed = await repo.claimActivation(db, {
        locationId,
        planId,
        status: 'PENDING',
        quantity,
        unitAmount: price.unitAmount,
        currency: price.currency,
        sandbox: gateway.isSandbox,
        lastKey: key,
        subscriptionId: null,
        itemId: null,
        currentPeriodEnd: null,
      });
      if (!claimed) throw new AppError('SUBSCRIPTION_BUSY');
    }
    let answer: ProviderSubscription;
    try {
      answer = await gateway.createSubscription(
        { customerId: customer.customerId, paymentMethodId: customer.paymentMethodId, planId, priceId: price.priceId, quantity, locationId },
        providerKey('activate', locationId, key),
      );
    } catch (error) {
      // A refusal frees the location; an outage keeps the claim, so a retry with this key finds what Stripe did.
      if (!(error instanceof GatewayError) || error.kind === 'rejected')
        await repo.releaseActivation(db, before?.status === 'PENDING' ? undefined : before, locationId, key);
      return providerFailure(error, locationId, 'activate');
    }
    const row = await record(actor, locationId, 'activate', before, {
      ...fromProvider(answer),
      planId,
      unitAmount: price.unitAmount,
      currency: price.currency,
    });
    return { msg: successMessages.subscriptionActivated, subscription: toSubscription(row) };
  };

  /** Loads the active subscription for a change; a repeated key answers the row as it is. */
  const activeFor = async (locationId: string, key: string) => {
    const row = await repo.findSubscription(db, locationId);
    if (row?.lastKey === key && row.status !== 'PENDING') return { row, repeated: true };
    if (!row || row.status === 'INACTIVE' || !row.subscriptionId || !row.itemId) throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
    if (row.status === 'PENDING') throw new AppError('SUBSCRIPTION_BUSY');
    return { row, repeated: false };
  };

  const change = async (actor: Actor, locationId: string, planId: SubscriptionPlanId, key: string): Promise<Outcome> => {
    const { row: before, repeated } = await activeFor(locationId, key);
    if (repeated) return { msg: successMessages.subscriptionUpdated, subscription: toSubscription(before) };
    const location = await repo.findLocation(db, locationId);
    const chargerCount = location?.chargerCount ?? before.quantity;
    const { price } = await priced(
      planId,
      { id: locationId, currency: location?.currency ?? before.currency, chargerCount },
      'SUBSCRIPTION_UPDATE_FAILED',
    );
    const quantity = Math.max(1, chargerCount);
    let answer: ProviderSubscription;
    try {
      answer = await gateway.changeSubscription(
        { subscriptionId: before.subscriptionId!, itemId: before.itemId!, planId, priceId: price.priceId, quantity },
        providerKey('change', locationId, key),
      );
    } catch (error) {
      return providerFailure(error, locationId, 'change');
    }
    const row = await record(actor, locationId, 'change', before, {
      ...fromProvider(answer),
      planId,
      unitAmount: price.unitAmount,
      currency: price.currency,
      lastKey: key,
    });
    return { msg: successMessages.subscriptionUpdated, subscription: toSubscription(row) };
  };

  const cancel = async (actor: Actor, locationId: string, key: string): Promise<Outcome> => {
    const { row: before, repeated } = await activeFor(locationId, key);
    if (repeated) return { msg: successMessages.subscriptionUpdated, subscription: toSubscription(before) };
    let answer: ProviderSubscription;
    try {
      answer = await gateway.cancelSubscription(before.subscriptionId!, providerKey('cancel', locationId, key));
    } catch (error) {
      return providerFailure(error, locationId, 'cancel');
    }
    const row = await record(actor, locationId, 'cancel', before, { ...fromProvider(answer), status: 'INACTIVE', lastKey: key });
    return { msg: successMessages.subscriptionUpdated, subscription: toSubscription(row) };
  };

  return { overview, activate, change, cancel };
};

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
