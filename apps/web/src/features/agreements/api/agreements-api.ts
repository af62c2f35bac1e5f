import type { Agreement, CreateAgreementBody, ResendAgreementBody } from '@wattdesk/shared/schemas/agreements';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys, type AgreementListParams } from '../../../lib/query-keys.ts';

export const getAgreements = (params: AgreementListParams, signal?: AbortSignal) =>
  api.get<Paged<Agreement>>('/agreements', { query: params, ...(signal ? { signal } : {}) });
export const createAgreement = (body: CreateAgreementBody) => api.post<Agreement>('/agreements', body);
export const resendAgreement = ({ id, ...body }: ResendAgreementBody & { id: string }) => api.post<Agreement>(`/agreements/${id}/resend`, body);
export const getSignedPdf = (id: string) => api.getBlob(`/agreements/${id}/signed-pdf`);

export const agreementsQuery = (params: AgreementListParams) =>
  // Signers change the status from outside, so a revisited filter asks again rather than trusting the cache.
  queryOptions({
    queryKey: queryKeys.agreements.list(params),
    queryFn: ({ signal }) => getAgreements(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Nothing is asked until a location is chosen. */
export const useAgreements = (params: AgreementListParams | undefined) =>
  useQuery({ ...agreementsQuery(params ?? { locationId: '' }), enabled: Boolean(params) });

const useInvalidateAgreements = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.agreements.all });
};

/** Errors are shown by the form itself (field messages, or one alert). */
export const useCreateAgreement = () => {
  const invalidate = useInvalidateAgreements();
  return useMutation({ mutationFn: createAgreement, meta: { errorHandled: true }, onSettled: invalidate });
};

export const useResendAgreement = () => {
  const invalidate = useInvalidateAgreements();
  return useMutation({ mutationFn: resendAgreement, onSettled: invalidate });
};

/** Saves the signed copy through the browser's download. */
export const useDownloadSignedPdf = () =>
  useMutation({
    mutationFn: async ({ id, filename }: { id: string; filename: string }) => {
      const url = URL.createObjectURL(await getSignedPdf(id));
      const link = Object.assign(document.createElement('a'), { href: url, download: filename });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
