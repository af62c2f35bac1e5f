import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ActivityLogItem } from '@wattdesk/shared/schemas/activity-logs';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';

export type ActivityFilter = {
  from?: string | undefined;
  to?: string | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  locationId?: string | undefined;
};
export type ActivityListParams = ActivityFilter & { page: number; pageSize: number; sort: string };

export const activityQueries = {
  list: (params: ActivityListParams) =>
    queryOptions({
      queryKey: ['activity-logs', 'list', params],
      queryFn: ({ signal }) => api.get<Paged<ActivityLogItem>>('/activity-logs', { query: params, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const useActivityLog = (params: ActivityListParams) => useQuery(activityQueries.list(params));

/** The filtered rows as a CSV file (a GET with the same query parameters). */
export const useExportActivityLog = () =>
  useMutation({
    mutationFn: (filter: ActivityFilter) => api.download('/activity-logs/export', { query: filter, fallbackName: 'activity-log.csv' }),
    onSuccess: (name) => notifySuccess(`Downloaded ${name}`),
  });
