import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirmwareImage, FirmwareImageList } from '@wattdesk/shared/schemas/firmware';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

export const getFirmwareImages = (signal?: AbortSignal) =>
  api.get<FirmwareImageList>('/firmware/images', signal ? { signal } : {}).then((answer) => answer.items);

export const firmwareQueries = {
  images: () => queryOptions({ queryKey: queryKeys.firmwareImages, queryFn: ({ signal }) => getFirmwareImages(signal) }),
};

export const useFirmwareImages = () => useQuery(firmwareQueries.images());

export type FirmwareUploadInput = { version: string; models: string; sha256: string; file: File };

export const uploadFirmwareImage = ({ version, models, sha256, file }: FirmwareUploadInput) => {
  const form = new FormData();
  // The fields go first: the server checks them before the image's bytes stream in.
  form.append('version', version);
  form.append('models', models);
  if (sha256.trim()) form.append('sha256', sha256.trim());
  form.append('file', file);
  return api.post<FirmwareImage>('/firmware/images', form);
};

/** The dialog shows a refusal itself (checksum, version taken, size). */
export const useUploadFirmwareImage = () => {
  const queryClient = useQueryClient();
  const t = useT(firmwareText);
  return useMutation({
    mutationFn: uploadFirmwareImage,
    meta: { errorHandled: true },
    onSuccess: async (image) => {
      notifySuccess(t('toast.uploaded', { version: image.version }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.firmwareImages });
    },
  });
};

export const useDeleteFirmwareImage = () => {
  const queryClient = useQueryClient();
  const t = useT(firmwareText);
  return useMutation({
    mutationFn: (image: FirmwareImage) => api.delete<unknown>(`/firmware/images/${image.id}`).then(() => image),
    onSuccess: async (image) => {
      notifySuccess(t('toast.deleted', { version: image.version }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.firmwareImages });
    },
  });
};

export const useDownloadFirmwareImage = () => {
  const t = useT(firmwareText);
  return useMutation({
    mutationFn: (image: FirmwareImage) => api.download(`/firmware/images/${image.id}/file`, { fallbackName: image.fileName }),
    onSuccess: (name) => notifySuccess(t('toast.downloaded', { name })),
  });
};
