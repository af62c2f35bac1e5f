import type { AccountStatus, UserType } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import type { LoginResult } from './test-app.ts';

/**
 * The access matrix (src/access-matrix.test.ts) calls every API route as every user type that can sign
 * in. Each module says how to call its routes in `<area>.access-examples.ts` beside its routes, exporting
 * `accessExamples`; a route without an example fails the matrix. Requests are built per call from the
 * seeded data, so an example that changes something acts on data made for it.
 */

export type ExampleUser = {
  type: UserType;
  userId: string;
  /** 'all' for the types that reach every location. */
  locationIds: readonly string[] | 'all';
};

export type NewUser = {
  userType: UserType;
  status?: AccountStatus;
  /** Without a password the account is an invitee that never set one. */
  withPassword?: boolean;
  locationIds?: readonly string[];
};

export type ExampleContext = {
  app: FastifyInstance;
  db: Database;
  user: ExampleUser;
  /** A location the user reaches: their first, or any location for those who reach all. */
  insideLocation: string;
  /** A location outside the user's list; undefined for those who reach every location. */
  outsideLocation: string | undefined;
  /** The seeded demo locations by key (`sf-embarcadero`, …). */
  locations: Readonly<Record<string, string>>;
  /** A new sign-in of the calling user (e.g. to have a refresh token to rotate). */
  freshSession: () => Promise<LoginResult>;
  /** Makes an account to act on; answers its id. */
  createUser: (user: NewUser) => Promise<string>;
};

export type ExampleRequest = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body, or a raw body (e.g. multipart) together with its headers. */
  payload?: Record<string, unknown> | string | Buffer;
  headers?: Record<string, string>;
};

export type AccessExample = {
  /** The route exactly as registered: `PATCH /web/admins/:userId`. HEAD routes reuse their GET example. */
  route: `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;
  /** A call the user may make when their type holds the route's permission: it must not answer 401 or 403. */
  request: (ctx: ExampleContext) => ExampleRequest | Promise<ExampleRequest>;
  /**
   * Required for routes scoped to a location (declared `location`, or ids the service checks): the same
   * call aimed at `outsideLocation`, which must answer 403 for users who do not reach it.
   */
  outside?: (ctx: ExampleContext & { outsideLocation: string }) => ExampleRequest | Promise<ExampleRequest>;
  /** Call with a sign-in of its own, e.g. logout, which ends the session it is made with. */
  freshSession?: boolean;
  /** The call ends the user's other sign-ins: the matrix signs in again before the next route. */
  endsOtherSessions?: boolean;
  /**
   * The answer a permitted call gets when success needs something the matrix cannot provide, e.g. a
   * connected charger for a remote action: the offline charger's 409 shows the call got past access.
   * The success itself is tested where the charger is connected (the OCPP tests).
   */
  permitted?: { status: number; code: string };
  /** Streams (the live feed) are read until the matrix closes the connection. */
  stream?: boolean;
};
