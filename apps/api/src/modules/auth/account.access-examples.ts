import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { AccessExample } from '../../../test/access-examples.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo-users.ts';

/** Own-account calls: each acts on the caller, so changes are made on data that only the caller sees. */
export const accessExamples: AccessExample[] = [
  { route: 'GET /web/users/me/account', request: () => ({}) },
  { route: 'PATCH /web/users/me/profile', request: () => ({ payload: { firstName: 'Matrix', lastName: 'Person', phoneNumber: '+1 415 555 0100' } }) },
  { route: 'PUT /web/users/me/language', request: () => ({ payload: { language: 'en' } }) },
  {
    route: 'POST /web/users/me/email-change',
    request: () => ({ payload: { newEmail: `moved-${randomUUID()}@example.com`, password: DEMO_PASSWORD } }),
  },
  {
    // A wrong current password shows the call got past access without changing the password the matrix signs in with.
    route: 'POST /web/users/me/password',
    request: () => ({ payload: { currentPassword: 'Not#TheCurrent1', newPassword: 'Valid#Pass2026x' } }),
    permitted: { status: 400, code: 'CURRENT_PASSWORD_WRONG' },
  },
  { route: 'POST /web/users/me/mfa/totp/setup', request: () => ({}) },
  {
    route: 'POST /web/users/me/mfa/totp/enable',
    request: () => ({ payload: { code: '000000' } }),
    permitted: { status: 400, code: 'MFA_CODE_INVALID' },
  },
  {
    route: 'POST /web/users/me/mfa/recovery-codes',
    request: () => ({ payload: { password: DEMO_PASSWORD, code: '000000' } }),
    permitted: { status: 409, code: 'MFA_NOT_ENABLED' },
  },
  {
    route: 'POST /web/users/me/mfa/disable',
    request: () => ({ payload: { password: DEMO_PASSWORD, code: '000000' } }),
    permitted: { status: 409, code: 'MFA_NOT_ENABLED' },
  },
  { route: 'GET /web/users/me/sessions', request: () => ({}) },
  {
    route: 'DELETE /web/users/me/sessions/:sessionId',
    request: async (ctx) => ({ params: { sessionId: String(decodeJwt((await ctx.freshSession()).access_token).sid) } }),
  },
  { route: 'POST /web/users/me/sessions/sign-out-others', freshSession: true, endsOtherSessions: true, request: () => ({}) },
];
