import type { AccessExample } from '../../../test/access-examples.ts';
import { DEMO_PASSWORD, demoEmail } from '../../db/seed/demo-users.ts';

export const accessExamples: AccessExample[] = [
  { route: 'POST /web/users/login', request: () => ({ payload: { email: demoEmail('ReadonlyAdmin'), password: DEMO_PASSWORD } }) },
  {
    route: 'POST /web/users/refresh-token',
    request: async (ctx) => ({ payload: { token: (await ctx.freshSession()).refresh_token, deviceId: 'vitest' } }),
  },
  { route: 'POST /web/logout', freshSession: true, request: () => ({}) },
  { route: 'POST /web/users/forgot-password', request: () => ({ payload: { email: 'nobody@example.com' } }) },
  { route: 'POST /web/users/reset-password', request: () => ({ payload: { token: 'no-such-token', password: 'Valid#Pass2026' } }) },
  { route: 'POST /web/users/login/mfa', request: () => ({ payload: { challenge: 'expired-or-made-up', code: '123456' } }) },
  { route: 'POST /web/users/login/mfa/setup', request: () => ({ payload: { challenge: 'expired-or-made-up' } }) },
  { route: 'POST /web/users/confirm-email-change', request: () => ({ payload: { token: 'no-such-token' } }) },
  { route: 'POST /web/authentication-method', request: () => ({ payload: { userEmail: demoEmail('Admin') } }) },
];
