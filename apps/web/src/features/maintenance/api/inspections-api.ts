import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInspectionTemplateBody,
  InspectionRecord,
  InspectionTemplate,
  InspectionTemplateBody,
  RecordBody,
  TemplateStatusFilter,
} from '@wattdesk/shared/schemas/inspections';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useT } from '../../../i18n/use-t.ts';
import { maintenanceText } from '../maintenance-text.ts';

const keys = queryKeys.inspections;

export const getTemplates = (locationId: string, status: TemplateStatusFilter, signal?: AbortSignal) =>
  api
    .get<{ items: InspectionTemplate[] }>('/inspection-templates', { query: { locationId, status }, ...(signal ? { signal } : {}) })
    .then((answer) => answer.items);
export const getRecords = (locationId: string, signal?: AbortSignal) =>
  api.get<{ items: InspectionRecord[] }>('/records', { query: { locationId }, ...(signal ? { signal } : {}) }).then((answer) => answer.items);
export const getRecordPhoto = (locationId: string, photoId: string, signal?: AbortSignal) =>
  api.getBlob(`/records/photos/${encodeURIComponent(photoId)}`, { query: { locationId }, ...(signal ? { signal } : {}) });

export const inspectionQueries = {
  templates: (locationId: string, status: TemplateStatusFilter) =>
    queryOptions({ queryKey: keys.templateList(locationId, status), queryFn: ({ signal }) => getTemplates(locationId, status, signal) }),
  records: (locationId: string) => queryOptions({ queryKey: keys.records(locationId), queryFn: ({ signal }) => getRecords(locationId, signal) }),
  photo: (locationId: string, photoId: string) =>
    queryOptions({
      queryKey: keys.photo(locationId, photoId),
      queryFn: ({ signal }) => getRecordPhoto(locationId, photoId, signal),
      staleTime: Infinity,
    }),
};

export const useInspectionTemplates = (locationId: string, status: TemplateStatusFilter = 'active') =>
  useQuery(inspectionQueries.templates(locationId, status));
export const useInspectionRecords = (locationId: string) => useQuery(inspectionQueries.records(locationId));
export const useRecordPhoto = (locationId: string, photoId: string) => useQuery(inspectionQueries.photo(locationId, photoId));

type Saved<T> = { msg: string[] } & T;

export type SaveTemplateInput = { id: string | null; locationId: string; body: InspectionTemplateBody };

export const saveTemplate = ({ id, locationId, body }: SaveTemplateInput) =>
  id
    ? api.put<Saved<{ template: InspectionTemplate }>>(`/inspection-templates/${id}`, body)
    : api.post<Saved<{ template: InspectionTemplate }>>('/inspection-templates', { ...body, locationId } satisfies CreateInspectionTemplateBody);

/** The editor shows a refusal itself. */
export const useSaveTemplate = () => {
  const queryClient = useQueryClient();
  const t = useT(maintenanceText);
  return useMutation({
    mutationFn: saveTemplate,
    meta: { errorHandled: true },
    onSuccess: async ({ template }) => {
      notifySuccess(t('toast.templateSaved', { name: template.name }));
      await queryClient.invalidateQueries({ queryKey: keys.templates(template.locationId) });
    },
  });
};

/**
 * Archive or restore: the toast says what the server said. Records name their template's state, so they
 * are read again too. A refusal is toasted by the query client.
 */
export const useSetTemplateArchived = () => {
  const queryClient = useQueryClient();
  const t = useT(maintenanceText);
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api.post<Saved<{ template: InspectionTemplate }>>(`/inspection-templates/${id}/${archived ? 'archive' : 'restore'}`),
    onSuccess: async ({ msg, template }) => {
      notifySuccess(msg[0] ?? t('toast.templateSaved', { name: template.name }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.templates(template.locationId) }),
        queryClient.invalidateQueries({ queryKey: keys.records(template.locationId) }),
      ]);
    },
  });
};

export const uploadRecordPhoto = ({ locationId, file }: { locationId: string; file: File }) => {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ photoId: string }>('/records/photos', form, { query: { locationId } }).then((answer) => answer.photoId);
};

export const useUploadRecordPhoto = () => useMutation({ mutationFn: uploadRecordPhoto, meta: { errorHandled: true } });

/** A record may put a charger in maintenance: the maintenance overview is read again with the records. */
export const useCompleteInspection = () => {
  const queryClient = useQueryClient();
  const t = useT(maintenanceText);
  return useMutation({
    mutationFn: (body: RecordBody) => api.post<Saved<{ record: InspectionRecord }>>('/records', body),
    meta: { errorHandled: true },
    onSuccess: async ({ record }) => {
      notifySuccess(record.maintenanceOpened ? t('toast.inspectionSavedMaintenance') : t('toast.inspectionSaved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.records(record.locationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.maintenance.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.chargers.all }),
      ]);
    },
  });
};
