import type { DashboardOverview, RangeReportKind, ReportFormat, ResellerRevenue } from '@wattdesk/shared/schemas/dashboard';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys, type DashboardRangeParams } from '../../../lib/query-keys.ts';
import { dashboardText } from '../dashboard-text.ts';

export const dashboardQueries = {
  overview: (params: DashboardRangeParams) =>
    queryOptions({
      queryKey: queryKeys.dashboard.overview(params),
      queryFn: ({ signal }) => api.get<DashboardOverview>('/dashboard/overview', { query: params, signal }),
      placeholderData: keepPreviousData,
    }),
  resellerRevenue: (params: DashboardRangeParams) =>
    queryOptions({
      queryKey: queryKeys.dashboard.resellerRevenue(params),
      queryFn: ({ signal }) => api.get<ResellerRevenue>('/dashboard/reseller-revenue', { query: params, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const useOverview = (params: DashboardRangeParams) => useQuery(dashboardQueries.overview(params));
export const useResellerRevenue = (params: DashboardRangeParams, enabled: boolean) =>
  useQuery({ ...dashboardQueries.resellerRevenue(params), enabled });

export type ReportRequest =
  | { kind: RangeReportKind; format: ReportFormat; range: DashboardRangeParams }
  | { kind: 'locations'; format: ReportFormat; locationId?: string | undefined }
  | { kind: 'quick'; format: ReportFormat; locationId: string };

const pathAndQuery = (request: ReportRequest) => {
  if (request.kind === 'locations') return { path: '/reports/locations', query: { locationId: request.locationId, format: request.format } };
  if (request.kind === 'quick') return { path: '/reports/quick', query: { locationId: request.locationId, format: request.format } };
  return { path: `/reports/${request.kind}`, query: { ...request.range, format: request.format } };
};

/** A report download with its progress (bytes received so far), for large reports that stream for a while. */
export const useDownloadReport = () => {
  const [received, setReceived] = useState(0);
  const t = useT(dashboardText);
  const mutation = useMutation({
    mutationFn: (request: ReportRequest) => {
      setReceived(0);
      const { path, query } = pathAndQuery(request);
      return api.download(path, { query, fallbackName: `${request.kind}.${request.format}`, onProgress: setReceived });
    },
    onSuccess: (name) => notifySuccess(t('reports.downloaded', { name })),
  });
  return { ...mutation, received };
};
