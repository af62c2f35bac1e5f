import { AppError } from '@wattdesk/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './fastify-types.ts';

/** The signed-in user of a route that declared a permission (the access hook has set it). */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
};

/** Who is calling, as far as the network can tell: recorded with sign-ins and refusals. */
export type ClientInfo = { ip: string; userAgent: string | null };

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
