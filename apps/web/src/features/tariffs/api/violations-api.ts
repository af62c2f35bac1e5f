import { failureMessages } from '@wattdesk/shared/messages';
import type { Violation, ViolationListQuery, ViolationStatusBody } from '@wattdesk/shared/schemas/tariffs';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { violationListQuerySchema } from '@wattdesk/shared/schemas/tariffs';
import { api } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { violationsText } from '../violations-text.ts';

/** The list's query as the schema reads it; paging numbers as the grid gives them. */
export type ViolationListParams = Omit<z.input<typeof violationListQuerySchema>, 'page' | 'pageSize'> & { page: number; pageSize: number };
export type ViolationFilter = Omit<ViolationListParams, 'page' | 'pageSize' | 'sort'>;

export const violationQueries = {
  list: (params: ViolationListParams) =>
    queryOptions({
      queryKey: queryKeys.tariffs.violationList(params),
      queryFn: ({ signal }) => api.get<Paged<Violation>>('/violations', { query: params, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const useViolations = (params: ViolationListParams) => useQuery({ ...violationQueries.list(params), meta: { errorHandled: true } });

export const useExportViolations = () => {
  const t = useT(violationsText);
  return useMutation({
    mutationFn: (filter: ViolationFilter & Pick<ViolationListQuery, 'sort'>) =>
      api.download('/violations/export', { query: filter, fallbackName: 'violations.csv' }),
    onSuccess: (name) => notifySuccess(t('toast.downloaded', { name })),
  });
};

/** Waive (with a reason) or mark paid; the list and the sessions' prices are refreshed. */
export const useResolveViolation = () => {
  const queryClient = useQueryClient();
  const t = useT(violationsText);
  const sentence = useSentence();
  return useMutation({
    mutationFn: ({ id, ...body }: ViolationStatusBody & { id: string }) =>
      api.post<{ msg: string[]; violation: Violation }>(`/violations/${id}/status`, body),
    meta: { errorHandled: true },
    onSuccess: async (result) => {
      notifySuccess(result.msg[0] ?? t('toast.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tariffs.violations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }),
      ]);
    },
    onError: (error) => notifyError(`${sentence(failureMessages.updateViolationInfo)}: ${error.message}`),
  });
};
