import type { Ocpp201Action, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import type { ChargerParts } from '../../handlers/context.ts';
import type { DeviceModel } from '../device-model.ts';

/** What a 2.0.1 command handler may use: the charger's parts and its device model. */
export type Charger201Parts = ChargerParts & { deviceModel: DeviceModel };

/** A handler of one 2.0.1 action: its request and its answer as the 2.0.1 schemas type them. */
export type ActionHandler201<A extends Ocpp201Action> = (params: Ocpp201Request<A>) => Promise<Ocpp201Response<A>> | Ocpp201Response<A>;

/** The handlers of one group of CSMS-initiated 2.0.1 messages, by action name. */
export type CommandHandlers201 = { [A in Ocpp201Action]?: ActionHandler201<A> };

export type HandlerGroup201 = (charger: Charger201Parts) => CommandHandlers201;
