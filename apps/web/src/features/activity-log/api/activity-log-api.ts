import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ActivityLogItem, activityLogFilterSchema } from '@wattdesk/shared/schemas/activity-logs';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys, type ActivityLogParams } from '../../../lib/query-keys.ts';
import { useT } from '../../../i18n/use-t.ts';
import { activityLogText } from '../activity-log-text.ts';

/** The filters of the list and of its CSV export, as the API's schema takes them. */
export type ActivityFilter = z.input<typeof activityLogFilterSchema>;

export const getActivityLog = (params: ActivityLogParams, signal?: AbortSignal) =>
  api.get<Paged<ActivityLogItem>>('/activity-logs', { query: params, ...(signal ? { signal } : {}) });

export const activityQueries = {
  list: (params: ActivityLogParams) =>
    queryOptions({
      queryKey: queryKeys.activityLog.list(params),
      queryFn: ({ signal }) => getActivityLog(params, signal),
      placeholderData: keepPreviousData,
    }),
};

export const useActivityLog = (params: ActivityLogParams) => useQuery(activityQueries.list(params));

/** The filtered rows as a CSV file (a GET with the same query parameters). */
export const useExportActivityLog = () => {
  const t = useT(activityLogText);
  return useMutation({
    mutationFn: (filter: ActivityFilter) => api.download('/activity-logs/export', { query: filter, fallbackName: 'activity-log.csv' }),
    onSuccess: (name) => notifySuccess(t('toast.downloaded', { name })),
  });
};
