import type { AuthenticationMethodResponse, SessionUser } from '@wattdesk/shared/schemas/auth';
import type { OkResponse } from '@wattdesk/shared/schemas/common';
import { api } from '../../../lib/api-client.ts';

export const getAuthenticationMethod = (userEmail: string) =>
  api.post<AuthenticationMethodResponse>('/authentication-method', { userEmail }, { authenticated: false });

export const login = (body: { email: string; password: string; deviceId: string }) =>
  api.post<SessionUser>('/users/login', body, { authenticated: false });

export const logout = () => api.post<OkResponse>('/logout');

export const sendResetLink = (email: string) =>
  api.post<OkResponse>('/users/forgot-password', { email }, { authenticated: false });

export const resetPassword = (body: { token: string; password: string }) =>
  api.post<OkResponse>('/users/reset-password', body, { authenticated: false });
