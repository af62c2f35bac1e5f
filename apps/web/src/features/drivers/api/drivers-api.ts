import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type {
  Driver,
  DriverAccessSettings,
  DriverRestrictions,
  DriverRestrictionsInput,
  DriverImportResult,
  DriverListParams,
  DriverSession,
  RegisterDriverBody,
  UpdateDriverBody,
} from '@wattdesk/shared/schemas/drivers';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { driversText, type DriversT } from '../drivers-text.ts';

export type DriverFilter = Omit<DriverListParams, 'page' | 'pageSize'>;

/** The drivers screens' keys (lib/query-keys.ts); a change to a driver refetches everything under `all`. */
const driverKeys = queryKeys.drivers;

export const getDrivers = (params: DriverListParams, signal?: AbortSignal) =>
  api.get<Paged<Driver>>('/drivers', { query: params, ...(signal ? { signal } : {}) });

export const driverQueries = {
  list: (params: DriverListParams) =>
    queryOptions({ queryKey: driverKeys.list(params), queryFn: ({ signal }) => getDrivers(params, signal), placeholderData: keepPreviousData }),
  detail: (id: string) => queryOptions({ queryKey: driverKeys.detail(id), queryFn: ({ signal }) => api.get<Driver>(`/drivers/${id}`, { signal }) }),
  sessions: (id: string, params: { page: number; pageSize: number }) =>
    queryOptions({
      queryKey: driverKeys.sessions(id, params),
      queryFn: ({ signal }) => api.get<Paged<DriverSession>>(`/drivers/${id}/sessions`, { query: params, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const useDrivers = (params: DriverListParams) => useQuery({ ...driverQueries.list(params), meta: { errorHandled: true } });
export const useDriver = (id: string) => useQuery(driverQueries.detail(id));
export const useDriverSessions = (id: string, params: { page: number; pageSize: number }) => useQuery(driverQueries.sessions(id, params));

/** `success` words the toast in the page's language. */
const useDriverMutation = <V, R>(mutationFn: (variables: V) => Promise<R>, success: (result: R, t: DriversT) => string, errorHandled = false) => {
  const queryClient = useQueryClient();
  const t = useT(driversText);
  return useMutation({
    mutationFn,
    meta: { errorHandled },
    onSuccess: async (result) => {
      notifySuccess(success(result, t));
      await queryClient.invalidateQueries({ queryKey: driverKeys.all });
    },
  });
};

const nameOf = (driver: Driver) => `${driver.firstName} ${driver.lastName}`;

/** The dialog shows field errors itself. */
export const useRegisterDriver = () =>
  useDriverMutation(
    (body: RegisterDriverBody) => api.post<Driver>('/drivers/register-user', body),
    (driver, t) => t('toast.invited', { email: driver.email }),
    true,
  );

export const useUpdateDriver = () =>
  useDriverMutation(
    ({ id, body }: { id: string; body: UpdateDriverBody }) => api.patch<Driver>(`/drivers/${id}`, body),
    (driver, t) => t('toast.updated', { name: nameOf(driver) }),
    true,
  );

export const useSetDriverStatus = () =>
  useDriverMutation(
    ({ id, status }: { id: string; status: 'ACTIVE' | 'INACTIVE' }) =>
      api.post<Driver>(`/drivers/${id}/${status === 'ACTIVE' ? 'activate' : 'deactivate'}`),
    (driver, t) => t(driver.status === 'ACTIVE' ? 'toast.activeNow' : 'toast.inactiveNow', { name: nameOf(driver) }),
  );

export const useResendDriverInvitation = () =>
  useDriverMutation(
    (id: string) => api.post<Driver>(`/drivers/${id}/resend-invitation`),
    (driver, t) => t('toast.invitedAgain', { email: driver.email }),
  );

export const useDeleteDriver = () =>
  useDriverMutation(
    (driver: Driver) => api.delete<unknown>(`/drivers/${driver.id}`).then(() => driver),
    (driver, t) => t('toast.deleted', { name: nameOf(driver) }),
  );

export const importDrivers = ({ locationId, file }: { locationId: string; file: File }) => {
  const form = new FormData();
  form.append('locationId', locationId);
  form.append('file', file);
  return api.post<DriverImportResult>('/drivers/import', form);
};

/** The dialog lists the rows with errors itself. */
export const useImportDrivers = () => useDriverMutation(importDrivers, ({ created }, t) => t('toast.imported', { count: created }), true);

export const useExportDrivers = () => {
  const t = useT(driversText);
  return useMutation({
    mutationFn: (filter: DriverFilter) => api.download('/drivers/export', { query: filter, fallbackName: 'drivers.csv' }),
    onSuccess: (name) => notifySuccess(t('toast.downloaded', { name })),
  });
};

type RestrictionsAnswer = { msg: string[]; restrictions: DriverRestrictions };

/** The toast is the server's 'driver restrictions updated'; failures show its message ('Unable to update driver restrictions'). */
export const useUpdateRestrictions = (driverId: string) => {
  const queryClient = useQueryClient();
  const t = useT(driversText);
  return useMutation({
    mutationFn: (body: DriverRestrictionsInput) => api.put<RestrictionsAnswer>(`/drivers/${driverId}/restrictions`, body),
    meta: { errorHandled: true },
    onSuccess: async (answer) => {
      notifySuccess(answer.msg[0] ?? t('toast.restrictionsUpdated'));
      await queryClient.invalidateQueries({ queryKey: driverKeys.all });
    },
  });
};

const accessSettingsKey = driverKeys.accessSettings;

export const useAccessSettings = (locationId: string) =>
  useQuery({
    queryKey: accessSettingsKey(locationId),
    queryFn: ({ signal }) => api.get<DriverAccessSettings>('/drivers/access-settings', { query: { locationId }, signal }),
  });

export const useUpdateAccessSettings = () => {
  const queryClient = useQueryClient();
  const t = useT(driversText);
  return useMutation({
    mutationFn: (body: DriverAccessSettings) => api.put<DriverAccessSettings>('/drivers/access-settings', body),
    onSuccess: async (settings) => {
      notifySuccess(t(settings.acceptUnknownTags ? 'toast.acceptUnknown' : 'toast.refuseUnknown'));
      await queryClient.invalidateQueries({ queryKey: accessSettingsKey(settings.locationId) });
    },
  });
};
