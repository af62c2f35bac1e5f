import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { OcpiEndpoint } from '../../db/schema/index.ts';
import { credentialsRoutes } from './credentials/credentials.routes.ts';
import type { RegistrationServer } from './credentials/registration-server.ts';
import type { RoamingSessions } from './sessions/roaming-sessions.service.ts';
import { roamingSessionsRoutes } from './sessions/sessions.routes.ts';
import { commandsRoutes } from './commands/commands.routes.ts';
import type { OcpiCommandsService } from './commands/commands.service.ts';
import { locationsRoutes } from './locations/locations.routes.ts';
import type { OcpiLocations } from './locations/locations.service.ts';
import { ocpiScope } from './transport/ocpi-scope.ts';
import { versionsRoutes } from './versions.routes.ts';
import { tokensRoutes } from './tokens.routes.ts';
import type { OcpiTokensService } from './tokens.service.ts';

export type OcpiRouteDeps = {
  db: Database;
  publicUrl: string;
  registration: RegistrationServer;
  tokens: OcpiTokensService;
  roamingSessions: RoamingSessions;
  commands: OcpiCommandsService;
  locations: OcpiLocations;
};

/** A module we serve: the endpoints version details lists for it, and its routes under /ocpi/2.2.1/<identifier>. */
type OcpiModule = { endpoints: Omit<OcpiEndpoint, 'url'>[]; routes: (scope: FastifyInstance, deps: OcpiRouteDeps) => Promise<void> };

/** Each module adds itself here; version details lists exactly these. */
const MODULES: OcpiModule[] = [
  {
    // Symmetric: we answer registrations (RECEIVER) and register with partners (SENDER).
    endpoints: [
      { identifier: 'credentials', role: 'SENDER' },
      { identifier: 'credentials', role: 'RECEIVER' },
    ],
    routes: (scope, deps) => credentialsRoutes(scope, { registration: deps.registration }),
  },
  { endpoints: [{ identifier: 'tokens', role: 'RECEIVER' }], routes: (scope, deps) => tokensRoutes(scope, { tokens: deps.tokens }) },
  {
    endpoints: [
      { identifier: 'sessions', role: 'SENDER' },
      { identifier: 'cdrs', role: 'SENDER' },
      { identifier: 'tariffs', role: 'SENDER' },
    ],
    routes: (scope, deps) => roamingSessionsRoutes(scope, { sessions: deps.roamingSessions, publicUrl: deps.publicUrl }),
  },
  { endpoints: [{ identifier: 'commands', role: 'RECEIVER' }], routes: (scope, deps) => commandsRoutes(scope, { commands: deps.commands }) },
  {
    endpoints: [{ identifier: 'locations', role: 'SENDER' }],
    routes: (scope, deps) => locationsRoutes(scope, { locations: deps.locations, publicUrl: deps.publicUrl }),
  },
];

/** OCPI 2.2.1 as a CPO (issue 42), under /ocpi on the dashboard's HTTP server. */
export const ocpiRoutes = async (app: FastifyInstance, deps: OcpiRouteDeps) =>
  ocpiScope(app, {
    db: deps.db,
    register: async (scope) => {
      await scope.register(versionsRoutes, { publicUrl: deps.publicUrl, endpoints: MODULES.flatMap((module) => module.endpoints) });
      for (const module of MODULES) await scope.register((moduleScope) => module.routes(moduleScope, deps), { prefix: '/2.2.1' });
    },
  });
