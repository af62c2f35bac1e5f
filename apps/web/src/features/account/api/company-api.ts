import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { networkMessages } from '@wattdesk/shared/messages';
import type { CompanyResponse, CompanySaved, SaveCompanyBody } from '@wattdesk/shared/schemas/company';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSentence } from '../../../i18n/sentences.ts';

export const getCompany = (locationId: string, signal?: AbortSignal) =>
  api.get<CompanyResponse>('/company', { query: { locationId }, ...(signal ? { signal } : {}) });
export const saveCompany = (body: SaveCompanyBody) => api.put<CompanySaved>('/company', body);

export const companyQueries = {
  detail: (locationId: string) =>
    queryOptions({ queryKey: queryKeys.company.detail(locationId), queryFn: ({ signal }) => getCompany(locationId, signal) }),
};

/** The section shows a load failure itself (with a retry), so the global toast stays out of it. */
export const useCompany = (locationId: string) => useQuery({ ...companyQueries.detail(locationId), meta: { errorHandled: true } });

/** Saves the company: a toast with the server's words on success; a failure is shown on the form. */
export const useSaveCompany = () => {
  const queryClient = useQueryClient();
  const sentence = useSentence();
  return useMutation({
    mutationFn: saveCompany,
    meta: { errorHandled: true },
    onSuccess: async (saved) => {
      notifySuccess(saved.msg[0] ?? sentence(networkMessages.companyUpdated));
      queryClient.setQueryData(queryKeys.company.detail(saved.company.locationId), { company: saved.company });
      await queryClient.invalidateQueries({ queryKey: queryKeys.company.detail(saved.company.locationId) });
    },
  });
};
