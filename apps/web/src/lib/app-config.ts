import type { AppConfigResponse } from '@wattdesk/shared/schemas/app-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export const appConfigQuery = queryOptions({
  queryKey: queryKeys.appConfig,
  queryFn: () => api.get<AppConfigResponse>('/app-config', { authenticated: false }),
  staleTime: Infinity,
  meta: { errorHandled: true },
});

/** Runtime settings the server hands the browser (website link, sign-in providers, map tiles). */
export const useAppConfig = () => useQuery(appConfigQuery).data;
