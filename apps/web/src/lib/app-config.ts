import type { AppConfigResponse } from '@wattdesk/shared/schemas/app-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Public, yet sent like every other call: with the bearer token once signed in, and a 401 answered by a
 * refresh and one repeat (spec section 8), so a proxy in front of the API may require it (issue 39).
 */
export const getAppConfig = () => api.get<AppConfigResponse>('/app-config');

export const appConfigQuery = queryOptions({
  queryKey: queryKeys.appConfig,
  queryFn: getAppConfig,
  staleTime: Infinity,
  meta: { errorHandled: true },
});

/** Runtime settings the server hands the browser (website link, sign-in providers, map tiles). */
export const useAppConfig = () => useQuery(appConfigQuery).data;
