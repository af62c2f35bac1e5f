import { formatCount } from '@wattdesk/shared/format';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { Driver, DriverListParams } from '@wattdesk/shared/schemas/drivers';
import type { Booking, CreateBookingBody, CreateBookingResponse, ScheduleResponse, UpdateBookingBody } from '@wattdesk/shared/schemas/schedule';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { scheduleText, type ScheduleT } from '../schedule-text.ts';

export type WeekParams = { locationId: string; from: string; days: number };

export const getSchedule = (params: WeekParams, signal?: AbortSignal) =>
  api.get<ScheduleResponse>('/charger-schedule', { query: params, ...(signal ? { signal } : {}) });

export const scheduleQueries = {
  week: (params: WeekParams) =>
    queryOptions({
      queryKey: queryKeys.schedule.week(params),
      queryFn: ({ signal }) => getSchedule(params, signal),
      placeholderData: keepPreviousData,
    }),
};

export const useSchedule = (params: WeekParams) => useQuery({ ...scheduleQueries.week(params), meta: { errorHandled: true } });

/** Drivers a booking can be for: the location's active drivers by name (a pending or inactive one cannot charge). */
const driverOptionsParams = (locationId: string): DriverListParams => ({ locationId, status: 'ACTIVE', page: 1, pageSize: 200, sort: 'name' });
export const useDriverOptions = (locationId: string) =>
  useQuery({
    queryKey: queryKeys.drivers.list(driverOptionsParams(locationId)),
    queryFn: ({ signal }) => api.get<Paged<Driver>>('/drivers', { query: driverOptionsParams(locationId), signal }),
  });

const useScheduleMutation = <V, R>(mutationFn: (variables: V) => Promise<R>, success: (result: R, t: ScheduleT) => string, errorHandled = false) => {
  const queryClient = useQueryClient();
  const t = useT(scheduleText);
  return useMutation({
    mutationFn,
    meta: { errorHandled },
    onSuccess: async (result) => {
      notifySuccess(success(result, t));
      await queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all });
    },
  });
};

/** The dialog shows the refusal itself: the spec's sentence, then what collided. */
export const useCreateBooking = () =>
  useScheduleMutation(
    (body: CreateBookingBody) => api.post<CreateBookingResponse>('/charger-schedule', body),
    (result, t) => (result.items.length === 1 ? t('toast.booked') : t('toast.bookingsMade', { count: formatCount(result.items.length) })),
    true,
  );

export const useCancelBooking = () =>
  useScheduleMutation(
    ({ id, scope }: { id: string; scope: 'one' | 'series' }) => api.delete<{ msg: string[] }>(`/charger-schedule/${id}`, { query: { scope } }),
    (result, t) => result.msg[0] ?? t('toast.cancelled'),
  );

/** Move one booking or give it to another driver; the dialog shows a refusal (an overlap) itself. */
export const useUpdateBooking = () =>
  useScheduleMutation(
    ({ id, body }: { id: string; body: UpdateBookingBody }) => api.patch<Booking>(`/charger-schedule/${id}`, body),
    (_result, t) => t('toast.updated'),
    true,
  );
