import { AppError, can } from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext, LocationTarget, RouteAccess } from '../lib/fastify-types.ts';
import { assertLocationAccess } from '../lib/location-access.ts';

export type RegisteredRoute = { method: string; url: string; access: RouteAccess | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** Routes that plugins we do not own register: the API documentation. */
const THIRD_PARTY_PUBLIC_PREFIXES = ['/docs'];

const readTarget = (request: FastifyRequest, target: LocationTarget): unknown => {
  const [source, field] = target.split('.') as ['query' | 'body' | 'params', string];
  const container = request[source] as Record<string, unknown> | undefined;
  return container?.[field];
};

const locationIdsIn = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
};

/** Why a signed-in user may not call a route, or undefined when they may. */
const refusalFor = (access: Exclude<RouteAccess, { public: true }>, auth: AuthContext): AppError | undefined =>
  'signedIn' in access || (can(auth.userType, access.permission) && (!access.alsoRequires || can(auth.userType, access.alsoRequires)))
    ? undefined
    : new AppError('FORBIDDEN');

/**
 * Every route declares `config.access`: public, or the permission it needs and where its location is.
 * The permission is checked before the body is read; the location after validation, on the parsed value.
 */
export const accessControlPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path ?? '';
    if (!route.config?.access && THIRD_PARTY_PUBLIC_PREFIXES.some((prefix) => url.startsWith(prefix))) {
      route.config = { ...route.config, access: { public: true } };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.registeredRoutes.push({ method, url, access: route.config?.access });
  });

  // Fail closed: a route that slipped through without a declaration is refused, never open.

  // Callback style: every request passes here, and the session is nearly always cached, so most requests
  // are decided without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access) return done(request.is404 ? undefined : new AppError('FORBIDDEN'));
    if ('public' in access) return done();
    let auth: AuthContext | Promise<AuthContext>;
    try {
      auth = app.authenticate(request);
    } catch (error) {
      return done(error as Error);
    }
    if (auth instanceof Promise)
      auth.then(
        (loaded) => done(refusalFor(access, loaded)),
        (error: Error) => done(error),
      );
    else done(refusalFor(access, auth));
  });

  app.addHook('preHandler', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access || !('permission' in access) || !access.location || !request.auth) return done();
    try {
      assertLocationAccess(request.auth, locationIdsIn(readTarget(request, access.location)));
      done();
    } catch (error) {
      done(error as Error);
    }
  });
});
