import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { SystemEventLevel, SystemEventSource, SystemLogItem } from '@wattdesk/shared/schemas/system-logs';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';

export type SystemLogFilter = {
  from?: string | undefined;
  to?: string | undefined;
  level?: SystemEventLevel | undefined;
  source?: SystemEventSource | undefined;
  search?: string | undefined;
};

export const useSystemLog = (params: SystemLogFilter & { page: number; pageSize: number }) =>
  useQuery({
    queryKey: ['system-logs', 'list', params],
    queryFn: ({ signal }) => api.get<Paged<SystemLogItem>>('/system-logs', { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export const useExportSystemLog = () =>
  useMutation({
    mutationFn: (filter: SystemLogFilter) => api.download('/system-logs/export', { query: filter, fallbackName: 'system-log.csv' }),
    onSuccess: (name) => notifySuccess(`Downloaded ${name}`),
  });
