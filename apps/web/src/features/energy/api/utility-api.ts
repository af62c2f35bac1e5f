import type { OkResponse } from '@wattdesk/shared/schemas/common';
import type {
  BillsResponse,
  CreateUtilityConfigBody,
  EnergyDataResponse,
  SaveBillsBody,
  UtilityConfig,
  UtilityConfigBody,
} from '@wattdesk/shared/schemas/utility';
import { failureMessages, successMessages } from '@wattdesk/shared/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { energyText, type EnergyKey } from '../energy-text.ts';

type Saved = { responseCode: number; msg: string[]; config: UtilityConfig };

export const getUtilityConfigs = (locationId: string, signal?: AbortSignal) =>
  api.get<{ items: UtilityConfig[] }>('/utility-config', { query: { locationId }, signal });
export const getBills = (utilityConfigId: string, year: number, signal?: AbortSignal) =>
  api.get<BillsResponse>('/bills', { query: { utilityConfigId, year }, signal });
export const getEnergyData = (utilityConfigId: string, from: string, to: string, signal?: AbortSignal) =>
  api.get<EnergyDataResponse>('/energy-data', { query: { utilityConfigId, from, to }, signal });

export const utilityQueries = {
  configs: (locationId: string) =>
    queryOptions({ queryKey: queryKeys.utility.configs(locationId), queryFn: ({ signal }) => getUtilityConfigs(locationId, signal) }),
  bills: (id: string, year: number) =>
    queryOptions({ queryKey: queryKeys.utility.bills(id, year), queryFn: ({ signal }) => getBills(id, year, signal) }),
  energy: (id: string, from: string, to: string) =>
    queryOptions({ queryKey: queryKeys.utility.energy(id, from, to), queryFn: ({ signal }) => getEnergyData(id, from, to, signal) }),
};

export const useUtilityConfigs = (locationId: string) => useQuery({ ...utilityQueries.configs(locationId), meta: { errorHandled: true } });
export const useBills = (id: string, year: number) => useQuery({ ...utilityQueries.bills(id, year), meta: { errorHandled: true } });
export const useEnergyData = (id: string, from: string, to: string) =>
  useQuery({ ...utilityQueries.energy(id, from, to), meta: { errorHandled: true } });

/**
 * A utility change: the server's message (the spec's words) on success, the spec's failure with the reason otherwise.
 * The failure is a shared sentence (`failureMessages`) or, for what the specification does not word, a key of the area.
 */
const useUtilitySave = <V, R extends { msg: string[] }>(send: (value: V) => Promise<R>, failure: { sentence: string } | { key: EnergyKey }) => {
  const queryClient = useQueryClient();
  const t = useT(energyText);
  const sentence = useSentence();
  return useMutation({
    mutationFn: send,
    meta: { errorHandled: true },
    onSuccess: async (result) => {
      notifySuccess(result.msg[0] ?? sentence(successMessages.utilityConfigUpdated));
      await queryClient.invalidateQueries({ queryKey: queryKeys.utility.all });
    },
    onError: (error) =>
      notifyError(t('toast.failure', { failure: 'key' in failure ? t(failure.key) : sentence(failure.sentence), reason: error.message })),
  });
};

export const useAddUtilityConfig = () =>
  useUtilitySave((body: CreateUtilityConfigBody) => api.post<Saved>('/utility-config', body), {
    sentence: failureMessages.addUtilityConfig,
  });
export const useUpdateUtilityConfig = () =>
  useUtilitySave(({ id, ...body }: UtilityConfigBody & { id: string }) => api.put<Saved>(`/utility-config/${id}`, body), {
    sentence: failureMessages.addUtilityConfig,
  });
export const useRemoveUtilityConfig = () =>
  useUtilitySave((id: string) => api.delete<OkResponse>(`/utility-config/${id}`), { sentence: failureMessages.removeUtilityConfig });
export const useSaveBills = () => useUtilitySave((body: SaveBillsBody) => api.put<OkResponse>('/bills', body), { key: 'toast.billsFailed' });

const formOf = (fields: Record<string, string>, file: File) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
};
export const useUploadBill = () =>
  useUtilitySave(
    ({ utilityConfigId, year, month, file }: { utilityConfigId: string; year: number; month: string; file: File }) =>
      api.post<OkResponse>(`/bills/${utilityConfigId}/${year}/${month}/file`, formOf({}, file)),
    { sentence: failureMessages.uploadDocument },
  );
export const useImportEnergy = () =>
  useUtilitySave(
    ({ utilityConfigId, file }: { utilityConfigId: string; file: File }) => api.post<OkResponse>('/energy-data', formOf({ utilityConfigId }, file)),
    { key: 'toast.importFailed' },
  );
export const downloadBill = (utilityConfigId: string, year: number, month: string) =>
  api.download(`/bills/${utilityConfigId}/${year}/${month}/file`, { fallbackName: `bill-${year}-${month}.pdf` });
