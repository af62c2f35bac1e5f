import type { OkResponse } from '@wattdesk/shared/schemas/common';
import type { StartStripeConnectResponse, StripeConnectBody } from '@wattdesk/shared/schemas/payments';
import type { ResellerAccount, ResellerPayoutsResponse, ResellerTransfer, ResellerTransferBody } from '@wattdesk/shared/schemas/reseller-payouts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getResellerPayouts = () => api.get<ResellerPayoutsResponse>('/payments/reseller');
export const startResellerConnect = () => api.post<StartStripeConnectResponse>('/payments/reseller/connect/authorize', {});
export const connectResellerStripe = (body: StripeConnectBody) => api.post<ResellerAccount>('/payments/reseller/connect', body);
export const disconnectResellerStripe = () => api.delete<OkResponse>('/payments/reseller/connect');
export const transferToReseller = (body: ResellerTransferBody) =>
  api.post<{ transfer: ResellerTransfer; repeated: boolean; msg: string[] }>('/payments/reseller/transfers', body);

export const resellerPayoutsQuery = () => queryOptions({ queryKey: queryKeys.resellerPayouts, queryFn: getResellerPayouts });

export const useResellerPayouts = (enabled: boolean) => useQuery({ ...resellerPayoutsQuery(), enabled });

/** Sends the browser to the provider's authorization page (or the sandbox's). */
export const useStartResellerConnect = () => useMutation({ mutationFn: startResellerConnect, onSuccess: ({ url }) => window.location.assign(url) });

export const useConnectResellerStripe = () => useMutation({ mutationFn: connectResellerStripe, meta: { errorHandled: true } });

const useInvalidating = <T, R>(mutationFn: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.resellerPayouts }) });
};

export const useDisconnectResellerStripe = () => useInvalidating(disconnectResellerStripe);
export const useTransferToReseller = () => useInvalidating(transferToReseller);
