import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StartCardSetupResponse } from '@wattdesk/shared/schemas/billing';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { DriverPaymentMethod, SessionPayment } from '@wattdesk/shared/schemas/driver-payments';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { driversText, type DriversT } from '../drivers-text.ts';

const keys = queryKeys.driverPayments;
type PageParams = { page: number; pageSize: number };

export const driverPaymentQueries = {
  method: (driverId: string) =>
    queryOptions({
      queryKey: keys.method(driverId),
      queryFn: ({ signal }) => api.get<DriverPaymentMethod>(`/drivers/${driverId}/payment-method`, { signal }),
    }),
  history: (driverId: string, params: PageParams) =>
    queryOptions({
      queryKey: keys.history(driverId, params),
      queryFn: ({ signal }) => api.get<Paged<SessionPayment>>(`/drivers/${driverId}/payments`, { query: params, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const useDriverPaymentMethod = (driverId: string) => useQuery(driverPaymentQueries.method(driverId));
export const useDriverPayments = (driverId: string, params: PageParams) => useQuery(driverPaymentQueries.history(driverId, params));

/** Opens the provider's card page: the browser leaves the dashboard and comes back to the driver. */
export const useStartDriverCard = () =>
  useMutation({
    mutationFn: (driverId: string) => api.post<StartCardSetupResponse>(`/drivers/${driverId}/payment-method/setup`),
    onSuccess: ({ url }) => window.location.assign(url),
  });

const useRefreshing = <V, R>(mutationFn: (variables: V) => Promise<R>, success: (result: R, t: DriversT) => string) => {
  const queryClient = useQueryClient();
  const t = useT(driversText);
  return useMutation({
    mutationFn,
    onSuccess: (result) => notifySuccess(success(result, t)),
    onSettled: async () => {
      // A read in flight from before the change would keep the old card: cancelled, then read again.
      await queryClient.cancelQueries({ queryKey: keys.all });
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
};

type CardResult = { msg: string[]; paymentMethod: DriverPaymentMethod };

export const useCompleteDriverCard = () =>
  useRefreshing(
    ({ driverId, sessionId }: { driverId: string; sessionId: string }) => api.post<CardResult>(`/drivers/${driverId}/payment-method`, { sessionId }),
    (result, t) => result.msg[0] ?? t('toast.cardSaved'),
  );

export const useRemoveDriverCard = () =>
  useRefreshing(
    (driverId: string) => api.delete<CardResult>(`/drivers/${driverId}/payment-method`),
    (result, t) => result.msg[0] ?? t('toast.cardRemoved'),
  );
