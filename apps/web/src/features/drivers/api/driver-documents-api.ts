import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentKind, DriverDocument, DriverDocumentList, DriverDocumentUploaded } from '@wattdesk/shared/schemas/documents';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { driversText } from '../drivers-text.ts';

const keys = queryKeys.drivers;
const base = (driverId: string) => `/drivers/${driverId}/documents`;

export const getDriverDocuments = (driverId: string, signal?: AbortSignal) =>
  api.get<DriverDocumentList>(base(driverId), signal ? { signal } : {}).then((answer) => answer.items);

export const driverDocumentQueries = {
  list: (driverId: string) => queryOptions({ queryKey: keys.documents(driverId), queryFn: ({ signal }) => getDriverDocuments(driverId, signal) }),
  thumbnail: (driverId: string, documentId: string) =>
    queryOptions({
      queryKey: keys.documentThumbnail(driverId, documentId),
      queryFn: ({ signal }) => api.getBlob(`${base(driverId)}/${documentId}/file`, { query: { variant: 'thumbnail' }, signal }),
      staleTime: Infinity,
    }),
};

export const useDriverDocuments = (driverId: string) => useQuery(driverDocumentQueries.list(driverId));
export const useDocumentThumbnail = (driverId: string, documentId: string) => useQuery(driverDocumentQueries.thumbnail(driverId, documentId));

export const uploadDriverDocument = ({ driverId, kind, file }: { driverId: string; kind: DocumentKind; file: File }) => {
  const form = new FormData();
  // The kind goes first: the server reads it before the file's bytes stream in.
  form.append('kind', kind);
  form.append('file', file);
  return api.post<DriverDocumentUploaded>(base(driverId), form);
};

/** The toast is the server's 'document uploaded'; the section shows a refusal itself (size, type). */
export const useUploadDriverDocument = () => {
  const queryClient = useQueryClient();
  const t = useT(driversText);
  return useMutation({
    mutationFn: uploadDriverDocument,
    meta: { errorHandled: true },
    onSuccess: async (answer, { driverId }) => {
      notifySuccess(answer.msg[0] ?? t('toast.documentUploaded'));
      await queryClient.invalidateQueries({ queryKey: keys.documents(driverId) });
    },
  });
};

export const useDeleteDriverDocument = () => {
  const queryClient = useQueryClient();
  const t = useT(driversText);
  return useMutation({
    mutationFn: (document: DriverDocument) => api.delete<unknown>(`${base(document.driverId)}/${document.id}`).then(() => document),
    onSuccess: async (document) => {
      notifySuccess(t('toast.deleted', { name: document.name }));
      await queryClient.invalidateQueries({ queryKey: keys.documents(document.driverId) });
    },
  });
};

export const useDownloadDriverDocument = () => {
  const t = useT(driversText);
  return useMutation({
    mutationFn: (document: DriverDocument) => api.download(`${base(document.driverId)}/${document.id}/file`, { fallbackName: document.name }),
    onSuccess: (name) => notifySuccess(t('toast.downloaded', { name })),
  });
};
