import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargerPhotoInfo, ChargerTestHistory } from '@wattdesk/shared/schemas/manufacturing';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

const keys = queryKeys.manufacturing;

export const getTestHistory = (chargerId: string, signal?: AbortSignal) =>
  api.get<ChargerTestHistory>(`/chargers/${chargerId}/testing-data`, signal ? { signal } : {});
export const getPhotoInfo = (chargerId: string, signal?: AbortSignal) =>
  api.get<ChargerPhotoInfo>(`/chargers/${chargerId}/photo`, signal ? { signal } : {});
export const getPhotoFile = (chargerId: string, signal?: AbortSignal) => api.getBlob(`/chargers/${chargerId}/photo/file`, signal ? { signal } : {});

export const manufacturingQueries = {
  testHistory: (chargerId: string) =>
    queryOptions({ queryKey: keys.testHistory(chargerId), queryFn: ({ signal }) => getTestHistory(chargerId, signal) }),
  photo: (chargerId: string) => queryOptions({ queryKey: keys.photo(chargerId), queryFn: ({ signal }) => getPhotoInfo(chargerId, signal) }),
  /** Keyed by the upload time, so a replaced photo is fetched again. */
  photoFile: (chargerId: string, uploadedAt: string) =>
    queryOptions({ queryKey: keys.photoFile(chargerId, uploadedAt), queryFn: ({ signal }) => getPhotoFile(chargerId, signal), staleTime: Infinity }),
};

export const useTestHistory = (chargerId: string, enabled = true) => useQuery({ ...manufacturingQueries.testHistory(chargerId), enabled });
export const useChargerPhoto = (chargerId: string) => useQuery(manufacturingQueries.photo(chargerId));
export const useChargerPhotoFile = (chargerId: string, uploadedAt: string | undefined) =>
  useQuery({ ...manufacturingQueries.photoFile(chargerId, uploadedAt ?? ''), enabled: Boolean(uploadedAt) });

export const uploadChargerPhoto = ({ chargerId, file }: { chargerId: string; file: File }) => {
  const form = new FormData();
  form.append('file', file);
  return api.put<unknown>(`/chargers/${chargerId}/photo`, form);
};

/** The panel shows a refusal beside the file (size, type). */
export const useUploadChargerPhoto = () => {
  const queryClient = useQueryClient();
  const t = useT(firmwareText);
  return useMutation({
    mutationFn: uploadChargerPhoto,
    meta: { errorHandled: true },
    onSuccess: async (_answer, { chargerId }) => {
      notifySuccess(t('toast.photoSaved'));
      await queryClient.invalidateQueries({ queryKey: keys.photo(chargerId) });
    },
  });
};

export type TestDataImportResult = { imported: number; chargers: number };

export const importTestData = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.post<TestDataImportResult>('/testing-data', form);
};

/** All rows or none: the dialog lists the refused rows itself. */
export const useImportTestData = () => {
  const queryClient = useQueryClient();
  const t = useT(firmwareText);
  return useMutation({
    mutationFn: importTestData,
    meta: { errorHandled: true },
    onSuccess: async ({ imported, chargers }) => {
      notifySuccess(t('toast.testsImported', { imported, chargers }));
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
};

/** The manufacturer's quick report of a location (the same GET /web/reports/quick the dashboard offers). */
export const useDownloadQuickReport = () => {
  const t = useT(firmwareText);
  return useMutation({
    mutationFn: (locationId: string) => api.download('/reports/quick', { query: { locationId, format: 'csv' }, fallbackName: 'quick-report.csv' }),
    onSuccess: (name) => notifySuccess(t('toast.downloaded', { name })),
  });
};
