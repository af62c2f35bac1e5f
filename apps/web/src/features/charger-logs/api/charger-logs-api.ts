import type { ChargerLogFilter, ChargerLogResponse } from '@wattdesk/shared/schemas/charger-log';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys, type ChargerLogParams } from '../../../lib/query-keys.ts';
import { chargerLogsText } from '../charger-logs-text.ts';

/**
 * The live feed refetches on a charger's status, connection and session messages; commands, firmware and
 * diagnostics reports send none, so this slow poll brings those in (and covers a feed that is down).
 */
const FALLBACK_REFRESH_MS = 30_000;

export const getChargerLog = (params: ChargerLogParams, signal?: AbortSignal) =>
  api.get<ChargerLogResponse>('/charger-events', { query: params, ...(signal ? { signal } : {}) });

/** The live feed refetches the log of the location a charger event comes from (lib/use-live-charger-feed.ts). */
export const chargerLogQueries = {
  list: (params: ChargerLogParams) =>
    queryOptions({
      queryKey: queryKeys.chargerLog.list(params),
      queryFn: ({ signal }) => getChargerLog(params, signal),
      placeholderData: keepPreviousData,
      refetchInterval: FALLBACK_REFRESH_MS,
    }),
};

export const useChargerLog = (params: ChargerLogParams) => useQuery({ ...chargerLogQueries.list(params), meta: { errorHandled: true } });

/** The filtered log as a CSV file (a GET with the same filters, with the bearer token). */
export const useExportChargerLog = () => {
  const t = useT(chargerLogsText);
  return useMutation({
    mutationFn: (filter: ChargerLogFilter) => api.download('/charger-events/export', { query: filter, fallbackName: 'charger-log.csv' }),
    onSuccess: (name) => notifySuccess(t('toast.downloaded', { name })),
  });
};
