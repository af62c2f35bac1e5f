import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminListItem, InviteAdminBody, UpdateAdminBody } from '@wattdesk/shared/schemas/admins';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys, type AdminListParams } from '../../../lib/query-keys.ts';
import { useT } from '../../../i18n/use-t.ts';
import { adminsText, type AdminsT } from '../admins-text.ts';

export const getAdmins = (params: AdminListParams, signal?: AbortSignal) =>
  api.get<Paged<AdminListItem>>('/admins', { query: params, ...(signal ? { signal } : {}) });

export const adminQueries = {
  list: (params: AdminListParams) =>
    queryOptions({
      queryKey: queryKeys.admins.list(params),
      queryFn: ({ signal }) => getAdmins(params, signal),
      // The grid keeps showing the last page while the next one loads.
      placeholderData: keepPreviousData,
    }),
};

export const useAdmins = (params: AdminListParams) => useQuery(adminQueries.list(params));

const useAdminMutation = <V>(
  mutationFn: (variables: V) => Promise<AdminListItem>,
  success: (item: AdminListItem, t: AdminsT) => string,
  errorHandled = false,
) => {
  const t = useT(adminsText);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorHandled },
    onSuccess: async (item) => {
      notifySuccess(success(item, t));
      await queryClient.invalidateQueries({ queryKey: queryKeys.admins.all });
    },
  });
};

const fullName = (item: AdminListItem) => `${item.firstName} ${item.lastName}`;

/** The invite dialog shows field errors itself. */
export const useInviteAdmin = () =>
  useAdminMutation(
    (body: InviteAdminBody) => api.post<AdminListItem>('/admins/invite', body),
    (item, t) => t('toast.invited', { email: item.email }),
    true,
  );

export const useUpdateAdmin = () =>
  useAdminMutation(
    ({ userId, body }: { userId: string; body: UpdateAdminBody }) => api.patch<AdminListItem>(`/admins/${userId}`, body),
    (item, t) => t('toast.updated', { name: fullName(item) }),
    true,
  );

export const useDeactivateAdmin = () =>
  useAdminMutation(
    (userId: string) => api.post<AdminListItem>(`/admins/${userId}/deactivate`),
    (item, t) => t('toast.deactivated', { name: fullName(item) }),
  );

export const useReactivateAdmin = () =>
  useAdminMutation(
    (userId: string) => api.post<AdminListItem>(`/admins/${userId}/reactivate`),
    (item, t) => t('toast.reactivated', { name: fullName(item) }),
  );

export const useResendInvitation = () =>
  useAdminMutation(
    (userId: string) => api.post<AdminListItem>(`/admins/${userId}/resend-invitation`),
    (item, t) => t('toast.resent', { email: item.email }),
  );

/** Ends every sign-in of another administrator (SuperAdmin). */
export const useEndAdminSessions = () => {
  const t = useT(adminsText);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (admin: AdminListItem) => api.post<{ ended: number }>(`/admins/${admin.id}/end-sessions`),
    onSuccess: async ({ ended }, admin) => {
      notifySuccess(t('toast.signedOut', { name: fullName(admin), count: ended }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.admins.all });
    },
  });
};
