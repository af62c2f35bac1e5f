import type { Permission, UserType } from '@wattdesk/shared';

/** Where a route finds the location it acts on: a validated request field holding one id or a list. */
export type LocationTarget = `${'query' | 'body' | 'params'}.${string}`;

export type RouteAccess =
  | { public: true }
  /** Any signed-in user, whatever their type: logout, the user's own profile. */
  | { signedIn: true }
  | {
      permission: Permission;
      /**
       * A second permission the user must hold as well: for acts only the holders of both may do, when the catalogue
       * (bounded at 100) has no single permission for them — the reseller's own money (issue 43 part 3).
       */
      alsoRequires?: Permission;
      /** Omitted: the route is not about one location, or its service checks ids inside the body. */
      location?: LocationTarget;
    };

export type AuthContext = {
  userId: string;
  sessionId: string;
  email: string;
  userType: UserType;
  /** 'all' for the types that reach every location (SuperAdmin, ReadonlySuperAdmin). */
  locationIds: ReadonlySet<string> | 'all';
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The route waits in its own line (password hashing) instead of the database's admission queue,
     * so a flood of sign-ins cannot take the places signed-in reads need.
     */
    ownQueue?: true;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
