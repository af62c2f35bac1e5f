import type { ConnectionLifecycle } from '../lifecycle.ts';
import type { ChargerLink, CommandHandler } from '../link.ts';
import type { Maintenance } from '../maintenance.ts';
import type { ChargerRuntime } from '../runtime.ts';
import type { Sessions } from '../sessions.ts';
import type { ChargerState } from '../state.ts';
import type { StatusReporter } from '../status.ts';

/** The parts of a simulated charger a command handler may use. */
export type ChargerParts = {
  runtime: ChargerRuntime;
  link: ChargerLink;
  state: ChargerState;
  status: StatusReporter;
  sessions: Sessions;
  lifecycle: ConnectionLifecycle;
  maintenance: Maintenance;
};

/** The handlers of one group of CSMS-initiated messages, by OCPP action name. */
export type CommandHandlers = Record<string, CommandHandler>;

/** A handler group: given the charger's parts, its handlers. */
export type HandlerGroup = (charger: ChargerParts) => CommandHandlers;

/**
 * Types a handler by its request. The central system's side validates every call against the OCPP 1.6 schemas
 * before it is sent, and so does ocpp-rpc on this side in strict mode.
 */
export const command =
  <P>(handler: (params: P) => Promise<object> | object): CommandHandler =>
  (params) =>
    handler(params as P);
