import {
  AppError,
  failureMessages,
  SUBSCRIPTION_PLANS,
  successMessages,
  type LocationSubscription,
  type SubscriptionOverview,
  type SubscriptionPlan,
  type SubscriptionPlanId,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import { GatewayError, type BillingGateway, type ProviderSubscription } from './billing-gateway.ts';
import * as repo from './billing.repository.ts';

export type SubscriptionDeps = {
  db: Database;
  gateway: BillingGateway;
  systemEvents: Pick<SystemEvents, 'record'>;
};

type Outcome = { msg: string; subscription: LocationSubscription };

const planOf = (id: SubscriptionPlanId): SubscriptionPlan => SUBSCRIPTION_PLANS.find((plan) => plan.id === id)!;

export const toLocationSubscription = (row: repo.SubscriptionRow): LocationSubscription => {
  const plan = planOf(row.planId);
  return {
    subscriptionId: row.subscriptionId,
    planId: row.planId,
    planName: plan.name,
    status: row.status,
    quantity: row.quantity,
    unitAmount: row.unitAmount,
    amount: row.unitAmount * row.quantity,
    currency: row.currency,
    interval: plan.interval,
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
export const createSubscriptionService = ({ db, gateway, systemEvents }: SubscriptionDeps) => {
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

  const overview = async (locationId: string): Promise<SubscriptionOverview> => {
    const location = await repo.findLocation(db, locationId);
    if (!location) throw new AppError('LOCATION_NOT_FOUND');
    const [row, customer] = await Promise.all([repo.findSubscription(db, locationId), repo.findCustomer(db, locationId)]);
    return {
      locationId,
      subscription: row ? toLocationSubscription(row) : null,
      plans: [...SUBSCRIPTION_PLANS],
      chargerCount: location.chargerCount,
      hasPaymentMethod: Boolean(customer?.paymentMethodId && customer.sandbox === gateway.isSandbox),
      sandbox: gateway.isSandbox,
    };
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
        plan: planOf(row.planId).name,
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
      return { msg: successMessages.subscriptionActivated, subscription: toLocationSubscription(before) };
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
    const plan = planOf(planId);
    const quantity = Math.max(1, location.chargerCount);
    if (!retrying) {
      const claimed = await repo.claimActivation(db, {
        locationId,
        planId,
        status: 'PENDING',
        quantity,
        unitAmount: plan.unitAmount,
        currency: plan.currency,
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
        { customerId: customer.customerId, paymentMethodId: customer.paymentMethodId, plan, quantity, locationId },
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
      unitAmount: plan.unitAmount,
      currency: plan.currency,
    });
    return { msg: successMessages.subscriptionActivated, subscription: toLocationSubscription(row) };
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
    if (repeated) return { msg: successMessages.subscriptionUpdated, subscription: toLocationSubscription(before) };
    const location = await repo.findLocation(db, locationId);
    const plan = planOf(planId);
    const quantity = Math.max(1, location?.chargerCount ?? before.quantity);
    let answer: ProviderSubscription;
    try {
      answer = await gateway.changeSubscription(
        { subscriptionId: before.subscriptionId!, itemId: before.itemId!, plan, quantity },
        providerKey('change', locationId, key),
      );
    } catch (error) {
      return providerFailure(error, locationId, 'change');
    }
    const row = await record(actor, locationId, 'change', before, {
      ...fromProvider(answer),
      planId,
      unitAmount: plan.unitAmount,
      currency: plan.currency,
      lastKey: key,
    });
    return { msg: successMessages.subscriptionUpdated, subscription: toLocationSubscription(row) };
  };

  const cancel = async (actor: Actor, locationId: string, key: string): Promise<Outcome> => {
    const { row: before, repeated } = await activeFor(locationId, key);
    if (repeated) return { msg: successMessages.subscriptionUpdated, subscription: toLocationSubscription(before) };
    let answer: ProviderSubscription;
    try {
      answer = await gateway.cancelSubscription(before.subscriptionId!, providerKey('cancel', locationId, key));
    } catch (error) {
      return providerFailure(error, locationId, 'cancel');
    }
    const row = await record(actor, locationId, 'cancel', before, { ...fromProvider(answer), status: 'INACTIVE', lastKey: key });
    return { msg: successMessages.subscriptionUpdated, subscription: toLocationSubscription(row) };
  };

  return { overview, activate, change, cancel };
};

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
