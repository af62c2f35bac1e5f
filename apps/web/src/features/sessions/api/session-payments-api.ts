import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { LocationPaymentRule, SessionPayment, UnpaidSessionRule } from '@wattdesk/shared/schemas/driver-payments';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { sessionsText } from '../sessions-text.ts';

const keys = queryKeys.driverPayments;
type PageParams = { page: number; pageSize: number };

export const sessionPaymentQueries = {
  session: (sessionId: string) =>
    queryOptions({
      queryKey: keys.session(sessionId),
      queryFn: ({ signal }) => api.get<{ payment: SessionPayment | null }>(`/session-payments/${sessionId}`, { signal }),
    }),
  unpaid: (locationId: string, params: PageParams) =>
    queryOptions({
      queryKey: keys.unpaid(locationId, params),
      queryFn: ({ signal }) => api.get<Paged<SessionPayment>>('/session-payments', { query: { locationId, ...params }, signal }),
      placeholderData: keepPreviousData,
    }),
  rule: (locationId: string) =>
    queryOptions({
      queryKey: keys.rule(locationId),
      queryFn: ({ signal }) => api.get<LocationPaymentRule>('/locations/payment-rule', { query: { locationId }, signal }),
    }),
};

export const useSessionPayment = (sessionId: string) => useQuery(sessionPaymentQueries.session(sessionId));
export const useUnpaidSessions = (locationId: string, params: PageParams) => useQuery(sessionPaymentQueries.unpaid(locationId, params));
export const usePaymentRule = (locationId: string) => useQuery(sessionPaymentQueries.rule(locationId));

export const useSetPaymentRule = () => {
  const queryClient = useQueryClient();
  const t = useT(sessionsText);
  return useMutation({
    mutationFn: (body: { locationId: string; unpaidSessionRule: UnpaidSessionRule }) => api.put<LocationPaymentRule>('/locations/payment-rule', body),
    onSuccess: (rule) => notifySuccess(t(rule.unpaidSessionRule === 'refuse' ? 'toast.refuse' : 'toast.receivable')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
};
