import type { AuthenticationMethodResponse, LoginResponse, MfaLoginResponse } from '@wattdesk/shared/schemas/auth';
import type { TotpSetupResponse } from '@wattdesk/shared/schemas/account';
import type { OkResponse } from '@wattdesk/shared/schemas/common';
import { api } from '../../../lib/api-client.ts';

export const getAuthenticationMethod = (userEmail: string) =>
  api.post<AuthenticationMethodResponse>('/authentication-method', { userEmail }, { authenticated: false });

/** The session user, or the code step for accounts with two-step sign-in. */
export const login = (body: { email: string; password: string; deviceId: string }) =>
  api.post<LoginResponse>('/users/login', body, { authenticated: false });

export const verifyLoginCode = (body: { challenge: string; code: string }) =>
  api.post<MfaLoginResponse>('/users/login/mfa', body, { authenticated: false });

export const getLoginTotpSetup = (challenge: string) =>
  api.post<TotpSetupResponse>('/users/login/mfa/setup', { challenge }, { authenticated: false });

export const confirmEmailChange = (token: string) => api.post<OkResponse>('/users/confirm-email-change', { token }, { authenticated: false });

export const logout = () => api.post<OkResponse>('/logout');

export const sendResetLink = (email: string) => api.post<OkResponse>('/users/forgot-password', { email }, { authenticated: false });

export const resetPassword = (body: { token: string; password: string }) =>
  api.post<OkResponse>('/users/reset-password', body, { authenticated: false });
