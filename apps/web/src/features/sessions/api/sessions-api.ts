import type { CommandResult, SessionDetail, SessionListResponse } from '@wattdesk/shared/schemas/charging';
import type { ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifyInfo, notifySuccess } from '../../../lib/notify.tsx';

export type SessionFilter = {
  locationId: string;
  from?: string | undefined;
  to?: string | undefined;
  chargerId?: string | undefined;
  driver?: string | undefined;
  status?: 'active' | 'completed' | undefined;
};
export type SessionListParams = SessionFilter & { page: number; pageSize: number; sort: string };

/** Keys the live feed refetches by (lib/use-live-charger-feed.ts): ['sessions', …] with params.locationId. */
export const sessionQueries = {
  list: (params: SessionListParams) =>
    queryOptions({
      queryKey: ['sessions', 'list', params],
      queryFn: ({ signal }) => api.get<SessionListResponse>('/sessions', { query: params, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['sessions', 'detail', id],
      queryFn: ({ signal }) => api.get<SessionDetail>(`/sessions/${id}`, { signal }),
    }),
  /** The location's chargers, for the charger filter (the same key as other screens' charger lists). */
  chargers: (locationId: string) =>
    queryOptions({
      queryKey: ['chargers', { locationId, page: 1, pageSize: 200, sort: 'name' }],
      queryFn: ({ signal }) => api.get<ChargerListResponse>('/chargers', { query: { locationId, page: 1, pageSize: 200, sort: 'name' }, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const useSessions = (params: SessionListParams) => useQuery({ ...sessionQueries.list(params), meta: { errorHandled: true } });
export const useSession = (id: string) => useQuery({ ...sessionQueries.detail(id), meta: { errorHandled: true } });
export const useChargerOptions = (locationId: string) => useQuery(sessionQueries.chargers(locationId));

/** The filtered sessions as a CSV file (a GET with the same filters, with the bearer token). */
export const useExportSessions = () =>
  useMutation({
    mutationFn: (filter: SessionFilter) => api.download('/sessions/export', { query: filter, fallbackName: 'charging-sessions.csv' }),
    onSuccess: (name) => notifySuccess(`Downloaded ${name}`),
  });

/** RemoteStopTransaction for a running session; the toast is the charger's answer as the server words it. */
export const useStopSession = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargerId, transactionId }: { chargerId: string; transactionId: number }) =>
      api.post<CommandResult>(`/chargers/${chargerId}/remote-stop`, { transactionId }),
    onSuccess: async (result) => {
      const message = result.msg[0] ?? result.status;
      if (result.status === 'Accepted') notifySuccess(message);
      else notifyInfo(message);
      await queryClient.invalidateQueries({ queryKey: ['sessions', 'detail', sessionId] });
    },
  });
};
