import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationPreferences, NotificationReadFilter, NotificationType } from '@wattdesk/shared/schemas/notifications';
import { api } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/can.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bell asks for the latest (unreadOnly false); the page filters by type and read state. */
export type ListParams = {
  unreadOnly: boolean;
  type?: NotificationType | undefined;
  state?: NotificationReadFilter | undefined;
  page: number;
  pageSize: number;
};

export const getNotifications = ({ type, state, ...params }: ListParams, signal?: AbortSignal) =>
  api.get<NotificationList>('/notifications/notification-list', {
    query: { ...params, unreadOnly: String(params.unreadOnly), ...(type ? { type } : {}), ...(state ? { state } : {}) },
    ...(signal ? { signal } : {}),
  });

export const notificationQueries = {
  list: (params: ListParams) =>
    queryOptions({ queryKey: queryKeys.notifications.list(params), queryFn: ({ signal }) => getNotifications(params, signal) }),
  preferences: () =>
    queryOptions({
      queryKey: queryKeys.notifications.preferences,
      queryFn: ({ signal }) => api.get<NotificationPreferences>('/notifications/preferences', { signal }),
    }),
};

/** The bell's list and the page's; without a live feed (a role without charger access) it looks again every minute. */
export const useNotifications = (params: ListParams, { poll }: { poll: boolean }) => {
  const can = useCan();
  return useQuery({
    ...notificationQueries.list(params),
    enabled: can('Notifications_View'),
    meta: { errorHandled: true },
    placeholderData: (previous) => previous,
    ...(poll ? { refetchInterval: 60_000 } : {}),
  });
};

export const useNotificationPreferences = (enabled: boolean) => useQuery({ ...notificationQueries.preferences(), enabled });

const useNotificationMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }) });
};

export const useMarkNotificationRead = () => useNotificationMutation((id: string) => api.post(`/notifications/${id}/read`));
export const useMarkAllNotificationsRead = () => useNotificationMutation(() => api.post('/notifications/read-all'));
export const useSetNotificationPreferences = () =>
  useNotificationMutation((body: NotificationPreferences) => api.put<NotificationPreferences>('/notifications/preferences', body));
