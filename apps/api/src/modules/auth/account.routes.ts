import {
  accountSchema,
  accountSessionParamsSchema,
  accountSessionsSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  confirmWithPasswordAndCodeBodySchema,
  enableTotpBodySchema,
  languageBodySchema,
  okResponseSchema,
  recoveryCodesSchema,
  totpSetupSchema,
  updateProfileBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { AccountMfa } from './account-mfa.service.ts';
import type { AccountService } from './account.service.ts';

const tags = ['account'];
const view = { access: { permission: 'Account_Settings_View' } } as const;
const update = { access: { permission: 'Account_Settings_Update' } } as const;
const ok = (message: string) => ({ responseCode: 200, msg: [message] });

/** The signed-in user's own account (menu account-setting). Every call acts on the caller only. */
export const accountRoutes = async (app: FastifyInstance, { account, accountMfa }: { account: AccountService; accountMfa: AccountMfa }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/users/me/account', {
    config: view,
    schema: { tags, summary: 'Your profile, e-mail change in progress and two-step sign-in', response: { 200: accountSchema, ...errorResponses } },
    handler: (request) => account.getAccount(authOf(request)),
  });

  r.patch('/users/me/profile', {
    config: update,
    schema: {
      tags,
      summary: 'Change your first and last name and phone number',
      body: updateProfileBodySchema,
      response: { 200: accountSchema, ...errorResponses },
    },
    handler: (request) => account.updateProfile(authOf(request), actorOf(request), request.body),
  });

  // Signed in is enough: a read-only role reads the product in a language too (issue 44).
  r.put('/users/me/language', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: 'Choose the language you read the product and its e-mails in',
      body: languageBodySchema,
      response: { 200: languageBodySchema, ...errorResponses },
    },
    handler: (request) => account.setLanguage(authOf(request), actorOf(request), request.body.language),
  });

  r.post('/users/me/email-change', {
    config: update,
    schema: {
      tags,
      summary: 'Ask to change your e-mail: a confirmation link goes to the new address, a notice to the current one',
      body: changeEmailBodySchema,
      response: { 200: accountSchema, ...errorResponses },
    },
    handler: (request) => account.requestEmailChange(authOf(request), actorOf(request), request.body),
  });

  r.post('/users/me/password', {
    config: update,
    schema: {
      tags,
      summary: 'Change your password; your other sign-ins end',
      body: changePasswordBodySchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await account.changePassword(authOf(request), actorOf(request), request.body);
      return ok('Your password has been changed. Your other devices were signed out');
    },
  });

  r.post('/users/me/mfa/totp/setup', {
    config: update,
    schema: {
      tags,
      summary: 'Start setting up an authenticator app: a new secret and its QR code',
      response: { 200: totpSetupSchema, ...errorResponses },
    },
    handler: (request) => accountMfa.beginSetup(authOf(request)),
  });

  r.post('/users/me/mfa/totp/enable', {
    config: update,
    schema: {
      tags,
      summary: 'Confirm the set-up with a code from the app; answers ten recovery codes, shown once',
      body: enableTotpBodySchema,
      response: { 200: recoveryCodesSchema, ...errorResponses },
    },
    handler: (request) => accountMfa.enable(authOf(request), actorOf(request), request.body.code),
  });

  r.post('/users/me/mfa/recovery-codes', {
    config: update,
    schema: {
      tags,
      summary: 'Ten new recovery codes (the old ones stop working); needs your password and a code',
      body: confirmWithPasswordAndCodeBodySchema,
      response: { 200: recoveryCodesSchema, ...errorResponses },
    },
    handler: (request) => accountMfa.regenerateRecoveryCodes(authOf(request), actorOf(request), request.body),
  });

  r.post('/users/me/mfa/disable', {
    config: update,
    schema: {
      tags,
      summary: 'Turn two-step sign-in off; needs your password and a code',
      body: confirmWithPasswordAndCodeBodySchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await accountMfa.disable(authOf(request), actorOf(request), request.body);
      return ok('Two-step sign-in is off');
    },
  });

  r.get('/users/me/sessions', {
    config: view,
    schema: {
      tags,
      summary: 'Your open sign-ins: device, address, signed in, last used; this device marked',
      response: { 200: accountSessionsSchema, ...errorResponses },
    },
    handler: (request) => account.listSessions(authOf(request)),
  });

  r.delete('/users/me/sessions/:sessionId', {
    config: update,
    schema: {
      tags,
      summary: 'Sign out one of your sign-ins',
      params: accountSessionParamsSchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await account.endSession(authOf(request), actorOf(request), request.params.sessionId);
      return ok('Signed out of that device');
    },
  });

  r.post('/users/me/sessions/sign-out-others', {
    config: update,
    schema: { tags, summary: 'Sign out everywhere except this device', response: { 200: z.object({ ended: z.number().int() }), ...errorResponses } },
    handler: (request) => account.endOtherSessions(authOf(request), actorOf(request)),
  });
};
