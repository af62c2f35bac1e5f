import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
import type { ConnectionLifecycle } from '../lifecycle.ts';
import type { ChargerLink } from '../link.ts';
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

/** A handler of one action: its request and its answer as the action's schemas type them. */
export type ActionHandler<A extends Ocpp16Action> = (params: Ocpp16Request<A>) => Promise<Ocpp16Response<A>> | Ocpp16Response<A>;

/** The handlers of one group of CSMS-initiated messages, by OCPP action name. */
export type CommandHandlers = { [A in Ocpp16Action]?: ActionHandler<A> };

/** A handler group: given the charger's parts, its handlers. */
export type HandlerGroup = (charger: ChargerParts) => CommandHandlers;
