import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  AccountSession,
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmWithPasswordAndCodeBody,
  RecoveryCodesResponse,
  TotpSetupResponse,
  UpdateProfileBody,
} from '@wattdesk/shared/schemas/account';
import type { OkResponse } from '@wattdesk/shared/schemas/common';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useT } from '../../../i18n/use-t.ts';
import { accountText, type AccountT } from '../account-text.ts';

export const getAccount = (signal?: AbortSignal) => api.get<Account>('/users/me/account', signal ? { signal } : {});
export const getAccountSessions = (signal?: AbortSignal) => api.get<{ items: AccountSession[] }>('/users/me/sessions', signal ? { signal } : {});

export const accountQueries = {
  account: () => queryOptions({ queryKey: queryKeys.account.me, queryFn: ({ signal }) => getAccount(signal) }),
  sessions: () => queryOptions({ queryKey: queryKeys.account.sessions, queryFn: ({ signal }) => getAccountSessions(signal) }),
};

export const useAccount = () => useQuery(accountQueries.account());
export const useAccountSessions = () => useQuery(accountQueries.sessions());

/** Mutations of the own account: a toast on success, and the account (or sign-in list) read again. */
const useAccountMutation = <V, R>(
  mutationFn: (variables: V) => Promise<R>,
  success: (result: R, t: AccountT) => string | null,
  errorHandled = true,
) => {
  const t = useT(accountText);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorHandled },
    onSuccess: async (result) => {
      const message = success(result, t);
      if (message) notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.all });
    },
  });
};

/** The session user in the store carries the names shown in the top bar: keep them in step. */
export const useUpdateProfile = () => {
  const signIn = useSession((state) => state.signIn);
  return useAccountMutation(
    (body: UpdateProfileBody) => api.patch<Account>('/users/me/profile', body),
    (account, t) => {
      const user = useSession.getState().user;
      if (user) signIn({ ...user, firstName: account.firstName, lastName: account.lastName, phoneNumber: account.phoneNumber });
      return t('toast.profileUpdated');
    },
  );
};

export const useRequestEmailChange = () =>
  useAccountMutation(
    (body: ChangeEmailBody) => api.post<Account>('/users/me/email-change', body),
    (account, t) => t('toast.emailLinkSent', { email: account.pendingEmail ?? t('toast.newAddress') }),
  );

export const useChangePassword = () =>
  useAccountMutation(
    (body: ChangePasswordBody) => api.post<OkResponse>('/users/me/password', body),
    (answer, t) => answer.msg[0] ?? t('toast.passwordChanged'),
  );

export const useBeginTotpSetup = () => useMutation({ mutationFn: () => api.post<TotpSetupResponse>('/users/me/mfa/totp/setup') });

export const useEnableTotp = () =>
  useAccountMutation(
    (code: string) => api.post<RecoveryCodesResponse>('/users/me/mfa/totp/enable', { code }),
    (_answer, t) => t('toast.twoStepOn'),
  );

export const useDisableMfa = () =>
  useAccountMutation(
    (body: ConfirmWithPasswordAndCodeBody) => api.post<OkResponse>('/users/me/mfa/disable', body),
    (_answer, t) => t('toast.twoStepOff'),
  );

export const useRenewRecoveryCodes = () =>
  useAccountMutation(
    (body: ConfirmWithPasswordAndCodeBody) => api.post<RecoveryCodesResponse>('/users/me/mfa/recovery-codes', body),
    (_answer, t) => t('toast.codesRenewed'),
  );

export const useEndSession = () =>
  useAccountMutation(
    (sessionId: string) => api.delete<OkResponse>(`/users/me/sessions/${sessionId}`),
    (_answer, t) => t('toast.signedOutDevice'),
    false,
  );

export const useEndOtherSessions = () =>
  useAccountMutation(
    () => api.post<{ ended: number }>('/users/me/sessions/sign-out-others'),
    ({ ended }, t) => t('toast.signedOutOthers', { count: ended }),
    false,
  );
