import type {
  CardOnFile,
  License,
  LicenseOverview,
  LocationSubscription,
  PaymentDetails,
  StartCardSetupResponse,
  SubscriptionOverview,
  SubscriptionPlanId,
} from '@wattdesk/shared/schemas/billing';
import type { OkResponse } from '@wattdesk/shared/schemas/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

type SubscriptionResult = OkResponse & { subscription: LocationSubscription };
type PlanChange = { locationId: string; planId: SubscriptionPlanId; idempotencyKey: string };

export const getSubscription = (locationId: string) => api.get<SubscriptionOverview>('/payments/subscription', { query: { locationId } });
export const activateSubscription = (body: PlanChange) => api.post<SubscriptionResult>('/payments/subscription', body);
export const changeSubscription = (body: PlanChange) => api.put<SubscriptionResult>('/payments/subscription', body);
export const cancelSubscription = (query: { locationId: string; idempotencyKey: string }) =>
  api.delete<SubscriptionResult>('/payments/subscription', { query });

export const getPaymentDetails = (locationId: string) => api.get<PaymentDetails>('/payments/payment-details', { query: { locationId } });
export const startCardSetup = (locationId: string) => api.post<StartCardSetupResponse>('/payments/payment-details/setup', { locationId });
export const completeCardSetup = (body: { locationId: string; sessionId: string }) =>
  api.post<OkResponse & { card: CardOnFile }>('/payments/payment-details', body);

export const getLicenses = (locationId: string) => api.get<LicenseOverview>('/payments/licenses', { query: { locationId } });
export const addLicense = (body: { locationId: string; seats: number; idempotencyKey: string }) => api.post<License>('/payments/licenses', body);
export const renewLicense = ({ licenseId, ...body }: { licenseId: string; locationId: string; idempotencyKey: string }) =>
  api.post<License>(`/payments/licenses/${licenseId}/renew`, body);
export const setAutoRenew = ({ licenseId, ...body }: { licenseId: string; locationId: string; autoRenew: boolean }) =>
  api.patch<License>(`/payments/licenses/${licenseId}`, body);
export const assignLicense = ({ chargerId, ...body }: { chargerId: string; locationId: string; licenseId: string | null }) =>
  api.put<OkResponse>(`/payments/licenses/chargers/${chargerId}`, body);

export const subscriptionQuery = (locationId: string) =>
  queryOptions({ queryKey: queryKeys.billing.subscription(locationId), queryFn: () => getSubscription(locationId) });
export const paymentDetailsQuery = (locationId: string) =>
  queryOptions({ queryKey: queryKeys.billing.paymentDetails(locationId), queryFn: () => getPaymentDetails(locationId) });
export const licensesQuery = (locationId: string) =>
  queryOptions({ queryKey: queryKeys.billing.licenses(locationId), queryFn: () => getLicenses(locationId) });

export const useSubscription = (locationId: string) => useQuery(subscriptionQuery(locationId));
export const usePaymentDetails = (locationId: string) => useQuery(paymentDetailsQuery(locationId));
export const useLicenses = (locationId: string) => useQuery(licensesQuery(locationId));

/** A plan change also changes the location state's `subscription`: both are read again. */
const useSubscriptionMutation = <T>(mutationFn: (input: T) => Promise<SubscriptionResult>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.billing.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.locations.states });
    },
  });
};

export const useActivateSubscription = () => useSubscriptionMutation(activateSubscription);
export const useChangeSubscription = () => useSubscriptionMutation(changeSubscription);
export const useCancelSubscription = () => useSubscriptionMutation(cancelSubscription);

/** Sends the browser to the provider's card page (or the sandbox's). */
export const useStartCardSetup = () => useMutation({ mutationFn: startCardSetup, onSuccess: ({ url }) => window.location.assign(url) });

/**
 * Back from the card page the details are first read while this call runs. A query that has no data yet is not
 * refetched by an invalidation while its first read is in flight: it would keep that read's answer, from before
 * the card was saved ("No card on file"). The read is cancelled first, so the invalidation reads again.
 */
export const useCompleteCardSetup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeCardSetup,
    onSettled: async () => {
      await queryClient.cancelQueries({ queryKey: queryKeys.billing.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.billing.all });
    },
  });
};

/** Licence changes also change the control center's unlicensed flags. */
const useLicenseMutation = <T, R>(mutationFn: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.billing.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.chargers.all });
    },
  });
};

export const useAddLicense = () => useLicenseMutation(addLicense);
export const useRenewLicense = () => useLicenseMutation(renewLicense);
export const useSetAutoRenew = () => useLicenseMutation(setAutoRenew);
export const useAssignLicense = () => useLicenseMutation(assignLicense);
