import type { OkResponse } from '@wattdesk/shared/schemas/common';
import type { PaymentAccount, PaymentAccountStatus, StartStripeConnectResponse, StripeConnectBody } from '@wattdesk/shared/schemas/payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getPaymentAccount = (locationId: string) => api.get<PaymentAccountStatus>('/payments/connect', { query: { locationId } });
export const startStripeConnect = (locationId: string) => api.post<StartStripeConnectResponse>('/payments/connect/authorize', { locationId });
export const connectStripe = (body: StripeConnectBody) => api.post<PaymentAccount>('/payments/connect', body);
export const disconnectStripe = (locationId: string) => api.delete<OkResponse>('/payments/connect', { query: { locationId } });

export const paymentAccountQuery = (locationId: string) =>
  queryOptions({ queryKey: queryKeys.paymentAccount(locationId), queryFn: () => getPaymentAccount(locationId) });

export const usePaymentAccount = (locationId: string | undefined) =>
  useQuery({ ...paymentAccountQuery(locationId ?? ''), enabled: Boolean(locationId) });

/** Sends the browser to the provider's authorization page (or the sandbox's). */
export const useStartStripeConnect = () =>
  useMutation({
    mutationFn: startStripeConnect,
    onSuccess: ({ url }) => window.location.assign(url),
  });

export const useConnectStripe = () => useMutation({ mutationFn: connectStripe, meta: { errorHandled: true } });

export const useDisconnectStripe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectStripe,
    onSuccess: (_result, locationId) => queryClient.invalidateQueries({ queryKey: queryKeys.paymentAccount(locationId) }),
  });
};
