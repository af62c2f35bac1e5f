import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { SystemLogItem, systemLogFilterSchema } from '@wattdesk/shared/schemas/system-logs';
import type { z } from 'zod';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys, type SystemLogParams } from '../../../lib/query-keys.ts';
import { systemLogsText } from '../system-logs-text.ts';

/** The filters of the list and of its CSV export, as the API's schema takes them. */
export type SystemLogFilter = z.input<typeof systemLogFilterSchema>;

export const getSystemLog = (params: SystemLogParams, signal?: AbortSignal) =>
  api.get<Paged<SystemLogItem>>('/system-logs', { query: params, ...(signal ? { signal } : {}) });

export const systemLogQueries = {
  list: (params: SystemLogParams) =>
    queryOptions({
      queryKey: queryKeys.systemLog.list(params),
      queryFn: ({ signal }) => getSystemLog(params, signal),
      placeholderData: keepPreviousData,
    }),
};

export const useSystemLog = (params: SystemLogParams) => useQuery(systemLogQueries.list(params));

export const useExportSystemLog = () => {
  const t = useT(systemLogsText);
  return useMutation({
    mutationFn: (filter: SystemLogFilter) => api.download('/system-logs/export', { query: filter, fallbackName: 'system-log.csv' }),
    onSuccess: (name) => notifySuccess(t('toast.downloaded', { name })),
  });
};
