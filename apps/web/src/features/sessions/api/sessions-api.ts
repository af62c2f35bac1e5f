import type { CommandResult, SessionDetail, SessionListResponse } from '@wattdesk/shared/schemas/charging';
import type { sessionExportQuerySchema } from '@wattdesk/shared/schemas/charging';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifyInfo, notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys, type SessionListParams } from '../../../lib/query-keys.ts';
import { sessionsText } from '../sessions-text.ts';

/** The filters of the list and of its CSV export, as the API's schema takes them. */
export type SessionFilter = z.input<typeof sessionExportQuerySchema>;

export const getSessions = (params: SessionListParams, signal?: AbortSignal) =>
  api.get<SessionListResponse>('/sessions', { query: params, ...(signal ? { signal } : {}) });
export const getSession = (id: string, signal?: AbortSignal) => api.get<SessionDetail>(`/sessions/${id}`, { ...(signal ? { signal } : {}) });

/** The live feed refetches these by their location (lib/use-live-charger-feed.ts). */
export const sessionQueries = {
  list: (params: SessionListParams) =>
    queryOptions({
      queryKey: queryKeys.sessions.list(params),
      queryFn: ({ signal }) => getSessions(params, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) => queryOptions({ queryKey: queryKeys.sessions.detail(id), queryFn: ({ signal }) => getSession(id, signal) }),
};

export const useSessions = (params: SessionListParams) => useQuery({ ...sessionQueries.list(params), meta: { errorHandled: true } });
export const useSession = (id: string) => useQuery({ ...sessionQueries.detail(id), meta: { errorHandled: true } });

/** The filtered sessions as a CSV file (a GET with the same filters, with the bearer token). */
export const useExportSessions = () => {
  const t = useT(sessionsText);
  return useMutation({
    mutationFn: (filter: SessionFilter) => api.download('/sessions/export', { query: filter, fallbackName: 'charging-sessions.csv' }),
    onSuccess: (name) => notifySuccess(t('toast.downloaded', { name })),
  });
};

/** RemoteStopTransaction for a running session; the toast is the charger's answer as the server words it. */
export const useStopSession = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargerId, transactionId }: { chargerId: string; transactionId: number }) =>
      api.post<CommandResult>(`/chargers/${chargerId}/remote-stop`, { transactionId }),
    onSuccess: (result) => {
      const message = result.msg[0] ?? result.status;
      if (result.status === 'Accepted') notifySuccess(message);
      else notifyInfo(message);
      // Not awaited, as for the charger's remote actions: the confirmation closes with the charger's answer.
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions.detail(sessionId) });
    },
  });
};
