import type { Agreement, AgreementListQuery, CreateAgreementBody, ResendAgreementBody } from '@wattdesk/shared/schemas/agreements';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type AgreementListParams = Pick<AgreementListQuery, 'locationId' | 'page' | 'pageSize' | 'sort'> & { status?: AgreementListQuery['status'] };

export const getAgreements = (params: AgreementListParams) => api.get<Paged<Agreement>>('/agreements', { query: params });
export const createAgreement = (body: CreateAgreementBody) => api.post<Agreement>('/agreements', body);
export const resendAgreement = ({ id, ...body }: ResendAgreementBody & { id: string }) => api.post<Agreement>(`/agreements/${id}/resend`, body);
export const getSignedPdf = (id: string) => api.getBlob(`/agreements/${id}/signed-pdf`);

export const agreementsQuery = (params: AgreementListParams) =>
  // Signers change the status from outside, so a revisited filter asks again rather than trusting the cache.
  queryOptions({ queryKey: ['agreements', params], queryFn: () => getAgreements(params), placeholderData: keepPreviousData, staleTime: 0 });

export const useAgreements = (params: AgreementListParams | undefined) =>
  useQuery({ ...agreementsQuery(params ?? { locationId: '', page: 1, pageSize: 10, sort: '-createdAt' }), enabled: Boolean(params) });

const useInvalidateAgreements = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['agreements'] });
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
