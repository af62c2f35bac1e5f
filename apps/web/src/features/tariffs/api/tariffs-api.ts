import { failureMessages } from '@wattdesk/shared/messages';
import type {
  TariffOverview,
  TariffVersion,
  UpdateDefaultSessionFeeBody,
  UpdateIdleFeesBody,
  UpdateOtherFeesBody,
  UpdateRatesBody,
  UpdateViolationRulesBody,
} from '@wattdesk/shared/schemas/tariffs';
import type { OkResponse } from '@wattdesk/shared/schemas/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { ratesText } from '../rates-text.ts';

export const tariffQueries = {
  overview: (locationId: string) =>
    queryOptions({
      queryKey: queryKeys.tariffs.overview(locationId),
      queryFn: ({ signal }) => api.get<TariffOverview>('/tariffs', { query: { locationId }, signal }),
    }),
};

export const useTariffOverview = (locationId: string) => useQuery({ ...tariffQueries.overview(locationId), meta: { errorHandled: true } });

type Saved = { responseCode: number; msg: string[]; version?: TariffVersion | null };

/**
 * A save of prices: the spec's success message on success; on a refusal the spec's failure message with the
 * server's reason. Every screen showing the location's prices or state is refreshed.
 */
const useSave = <B>(send: (body: B) => Promise<Saved | OkResponse>, failure: string) => {
  const queryClient = useQueryClient();
  const t = useT(ratesText);
  const sentence = useSentence();
  return useMutation({
    mutationFn: send,
    meta: { errorHandled: true },
    onSuccess: async (result) => {
      notifySuccess(result.msg[0] ?? t('toast.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tariffs.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.locations.all }),
      ]);
    },
    onError: (error) => notifyError(`${sentence(failure)}: ${error.message}`),
  });
};

export const useSaveRates = () => useSave((body: UpdateRatesBody) => api.put<Saved>('/tariffs/rates', body), failureMessages.updateFeeInfo);
export const useSaveIdleFees = () => useSave((body: UpdateIdleFeesBody) => api.put<Saved>('/tariffs/idle-fees', body), failureMessages.updateFeeInfo);
export const useSaveOtherFees = () =>
  useSave((body: UpdateOtherFeesBody) => api.put<Saved>('/tariffs/other-fees', body), failureMessages.updateFeeInfo);
export const useSaveDefaultSessionFee = () =>
  useSave((body: UpdateDefaultSessionFeeBody) => api.put<OkResponse>('/tariffs/default-session-fee', body), failureMessages.updateFeeInfo);
export const useSaveViolationRules = () =>
  useSave((body: UpdateViolationRulesBody) => api.put<Saved>('/tariffs/violation-rules', body), failureMessages.updateViolationInfo);
