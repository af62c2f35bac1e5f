import type { LocationPlanIncludes } from '@wattdesk/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

export const getPlanIncludes = (locationId: string) => api.get<LocationPlanIncludes>('/payments/plan-includes', { query: { locationId } });

export const planIncludesQuery = (locationId: string) =>
  queryOptions({ queryKey: queryKeys.billing.planIncludes(locationId), queryFn: () => getPlanIncludes(locationId) });

/** What the location's plan includes: screens disable what it lacks and say why (decision 080). */
export const usePlanIncludes = (locationId: string | undefined) => useQuery({ ...planIncludesQuery(locationId ?? ''), enabled: Boolean(locationId) });
