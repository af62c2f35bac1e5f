import {
  authenticationMethodBodySchema,
  authenticationMethodResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  okResponseSchema,
  refreshTokenBodySchema,
  refreshTokenResponseSchema,
  resetPasswordBodySchema,
  sessionUserSchema,
  successMessages,
} from '@wattdesk/shared';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import type { AuthService, ClientInfo } from './auth.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

export type AuthRoutesOptions = {
  auth: AuthService;
  passwordReset: PasswordResetService;
  rateLimit: { max: number; timeWindow: number };
};

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});


export const authRoutes = async (app: FastifyInstance, { auth, passwordReset, rateLimit }: AuthRoutesOptions) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicLimited = { access: { public: true }, rateLimit } as const;

  r.post('/users/login', {
    config: publicLimited,
    schema: { tags: ['auth'], summary: 'Sign in with e-mail and password', body: loginBodySchema, response: { 200: sessionUserSchema, ...errorResponses } },
    handler: (request) => auth.login(request.body, clientOf(request)),
  });

  r.post('/users/refresh-token', {
    config: publicLimited,
    schema: { tags: ['auth'], summary: 'Rotate the refresh token', body: refreshTokenBodySchema, response: { 200: refreshTokenResponseSchema, ...errorResponses } },
    handler: (request) => auth.refresh(request.body.token, clientOf(request)),
  });

  r.post('/logout', {
    config: { access: { signedIn: true } },
    schema: { tags: ['auth'], summary: 'Sign out: revokes this sign-in and its refresh tokens', response: { 200: okResponseSchema, ...errorResponses } },
    handler: async (request) => {
      const session = authOf(request);
      await auth.logout({ ...actorOf(request), userId: session.userId }, session.sessionId);
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
    config: publicLimited,
    schema: { tags: ['auth'], summary: 'Set a new password with a reset or invitation token', body: resetPasswordBodySchema, response: { 200: okResponseSchema, ...errorResponses } },
    handler: async (request) => {
      await passwordReset.resetPassword(request.body.token, request.body.password, clientOf(request));
      return { responseCode: 200, msg: ['Your password has been reset'] };
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
