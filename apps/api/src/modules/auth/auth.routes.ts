import {
  authenticationMethodBodySchema,
  authenticationMethodResponseSchema,
  confirmEmailChangeBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  mfaLoginBodySchema,
  mfaLoginResponseSchema,
  mfaLoginSetupBodySchema,
  okResponseSchema,
  refreshTokenBodySchema,
  refreshTokenResponseSchema,
  resetPasswordBodySchema,
  successMessages,
  totpSetupSchema,
} from '@wattdesk/shared';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf, clientOf } from '../../lib/request-auth.ts';
import type { AccountService } from './account.service.ts';
import type { AuthService } from './auth.service.ts';
import type { MfaLogin } from './mfa-login.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { RefreshCookie } from '../../lib/refresh-cookie.ts';

export type AuthRoutesOptions = {
  auth: AuthService;
  mfaLogin: MfaLogin;
  passwordReset: PasswordResetService;
  account: AccountService;
  refreshCookie: RefreshCookie;
  rateLimit: { max: number; timeWindow: number };
};

export const authRoutes = async (app: FastifyInstance, { auth, mfaLogin, passwordReset, account, refreshCookie, rateLimit }: AuthRoutesOptions) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicLimited = { access: { public: true }, rateLimit } as const;
  // Sign-in steps wait in the password line, not in the database's admission queue (lib/password-queue.ts).
  const signInStep = { ...publicLimited, ownQueue: true } as const;

  r.post('/users/login', {
    config: signInStep,
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password; accounts with two-step sign-in get a code challenge instead of tokens',
      body: loginBodySchema,
      response: { 200: loginResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const answer = await auth.login(request.body, clientOf(request));
      return refreshCookie.withCookie(request, reply, answer, 'refresh_token' in answer ? answer.refresh_token : undefined);
    },
  });

  r.post('/users/login/mfa', {
    config: signInStep,
    schema: {
      tags: ['auth'],
      summary: 'Second sign-in step: the challenge and a code from the authenticator app (or a recovery code)',
      body: mfaLoginBodySchema,
      response: { 200: mfaLoginResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const session = await mfaLogin.complete(auth, request.body, clientOf(request));
      return refreshCookie.withCookie(request, reply, session, session.refresh_token);
    },
  });

  r.post('/users/login/mfa/setup', {
    config: publicLimited,
    schema: {
      tags: ['auth'],
      summary: 'An account that must use two-step sign-in sets up its authenticator app during sign-in',
      body: mfaLoginSetupBodySchema,
      response: { 200: totpSetupSchema, ...errorResponses },
    },
    handler: (request) => mfaLogin.beginEnrolment(request.body.challenge),
  });

  r.post('/users/refresh-token', {
    config: publicLimited,
    schema: {
      tags: ['auth'],
      summary: 'Rotate the refresh token (from the body, else the web app’s HttpOnly cookie); a device id, if sent, must be the one sent at sign-in',
      body: refreshTokenBodySchema,
      response: { 200: refreshTokenResponseSchema, ...errorResponses },
    },
    handler: (request, reply) => refreshCookie.refresh(request, reply),
  });

  r.post('/logout', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['auth'],
      summary: 'Sign out: revokes this sign-in and its refresh tokens',
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const session = authOf(request);
      await auth.logout({ ...actorOf(request), userId: session.userId }, session.sessionId);
      refreshCookie.clear(request, reply);
      return { responseCode: 200, msg: ['Signed out'] };
    },
  });

  r.post('/users/forgot-password', {
    config: publicLimited,
    schema: {
      tags: ['auth'],
      summary: 'Send a password reset link; answers the same for every e-mail',
      body: forgotPasswordBodySchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      passwordReset.forgotPassword(request.body.email, clientOf(request));
      return { responseCode: 200, msg: [successMessages.resetLinkSent] };
    },
  });

  r.post('/users/reset-password', {
    config: signInStep,
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with a reset or invitation token',
      body: resetPasswordBodySchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await passwordReset.resetPassword(request.body.token, request.body.password, clientOf(request));
      return { responseCode: 200, msg: ['Your password has been reset'] };
    },
  });

  r.post('/users/confirm-email-change', {
    config: publicLimited,
    schema: {
      tags: ['auth'],
      summary: 'Confirm an e-mail change with the link sent to the new address',
      body: confirmEmailChangeBodySchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await account.confirmEmailChange(request.body.token, request.ip);
      return { responseCode: 200, msg: ['Your e-mail address has been changed. Sign in with the new address'] };
    },
  });

  r.post('/authentication-method', {
    config: publicLimited,
    schema: {
      tags: ['auth'],
      summary: 'Which sign-in continues for this e-mail: password or a single sign-on',
      body: authenticationMethodBodySchema,
      response: { 200: authenticationMethodResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ authenticationMethod: await auth.authenticationMethod(request.body.userEmail) }),
  });
};
