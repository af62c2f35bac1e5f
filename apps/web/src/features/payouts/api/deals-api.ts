import type { Deal, DealBody, RevenueShareBody, RevenueShareResponse } from '@wattdesk/shared/schemas/payouts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getRevenueShare = (locationId: string) => api.get<RevenueShareResponse>('/payments/payouts/revenue-share', { query: { locationId } });
export const putRevenueShare = (body: RevenueShareBody) => api.put<RevenueShareResponse>('/payments/payouts/revenue-share', body);
export const getDeals = (locationId: string) => api.get<{ items: Deal[] }>('/payments/payouts/deals', { query: { locationId } });
export const postDeal = (body: DealBody) => api.post<{ msg: string[]; deal: Deal }>('/payments/payouts/deals', body);

/** 'customerRevenueShare not found' (404) is an answer, not a failure: no retry. */
export const revenueShareQuery = (locationId: string) =>
  queryOptions({ queryKey: queryKeys.payouts.revenueShare(locationId), queryFn: () => getRevenueShare(locationId), retry: false });
export const useRevenueShare = (locationId: string) => useQuery(revenueShareQuery(locationId));

export const dealsQuery = (locationId: string) =>
  queryOptions({ queryKey: queryKeys.payouts.deals(locationId), queryFn: () => getDeals(locationId) });
export const useDeals = (locationId: string) => useQuery(dealsQuery(locationId));

/** A share or a deal changes how waiting revenue is split: balance, share and deals are all read again. */
const useMoneyMutation = <Body, Result>(mutationFn: (body: Body) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorHandled: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all }),
  });
};
export const useSetRevenueShare = () => useMoneyMutation(putRevenueShare);
export const useAddDeal = () => useMoneyMutation(postDeal);
