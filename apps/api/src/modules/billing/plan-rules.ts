import { AppError, PLAN_FEATURE_LABELS, type PlanFeature, type PlanIncludes } from '@wattdesk/shared';
import type { Executor } from '../../db/client.ts';
import * as repo from './billing.repository.ts';
import type { PlanCatalogue } from './plan-catalogue.ts';

export type CurrentPlan = { planName: string | null; includes: PlanIncludes };

const plural = (count: number, one: string) => `${count.toLocaleString('en-US')} ${one}${count === 1 ? '' : 's'}`;

/**
 * What a location's plan includes (decision 080), asked by the services that own what it limits: chargers
 * (registering, importing, moving in) and features (firmware campaigns, dynamic power). A location without an
 * active subscription gets the catalogue's `withoutSubscription`.
 */
export const createPlanRules = ({ catalogue }: { catalogue: PlanCatalogue }) => {
  const current = async (executor: Executor, locationId: string): Promise<CurrentPlan> => {
    const row = await repo.findSubscription(executor, locationId);
    const plan = row?.status === 'ACTIVE' ? catalogue.plan(row.planId) : undefined;
    return plan ? { planName: plan.name, includes: plan.includes } : { planName: null, includes: catalogue.withoutSubscription };
  };

  const whose = (planName: string | null) => (planName ? `The ${planName} plan` : 'A location without a subscription');

  /** Call inside the transaction that adds the chargers: the location stays locked until it commits. */
  const assertChargerRoom = async (tx: Executor, locationId: string, adding: number): Promise<void> => {
    if (!(await repo.lockLocation(tx, locationId))) return;
    const { planName, includes } = await current(tx, locationId);
    if (includes.maxChargers === null) return;
    const present = await repo.countChargers(tx, locationId);
    if (present + adding <= includes.maxChargers) return;
    throw new AppError('PLAN_CHARGER_LIMIT', {
      messages: [
        `${whose(planName)} includes up to ${plural(includes.maxChargers, 'charger')}; this location has ${plural(present, 'charger')}`,
        'Change the plan under Subscription to add more chargers',
      ],
    });
  };

  const assertFeature = async (executor: Executor, locationId: string, feature: PlanFeature): Promise<void> => {
    const { planName, includes } = await current(executor, locationId);
    if (includes.features.includes(feature)) return;
    throw new AppError('PLAN_FEATURE_MISSING', {
      messages: [
        `${PLAN_FEATURE_LABELS[feature]}: not included in ${planName ? `the ${planName} plan` : 'a location without a subscription'}`,
        'Change the plan under Subscription to use it',
      ],
    });
  };

  return { current, assertChargerRoom, assertFeature };
};

export type PlanRules = ReturnType<typeof createPlanRules>;
