import { availabilityHandlers } from './availability.ts';
import { configurationHandlers } from './configuration.ts';
import type { ChargerParts, HandlerGroup } from './context.ts';
import { maintenanceHandlers } from './maintenance.ts';
import { minimalAnswerHandlers } from './minimal-answers.ts';
import { remoteControlHandlers } from './remote-control.ts';
import { remoteTriggerHandlers } from './remote-trigger.ts';
import { reservationHandlers } from './reservations.ts';
import { smartChargingHandlers } from './smart-charging.ts';

/** Every group of CSMS-initiated messages the simulator handles; a new group is one module and one line here. */
const HANDLER_GROUPS: HandlerGroup[] = [
  remoteControlHandlers,
  availabilityHandlers,
  maintenanceHandlers,
  remoteTriggerHandlers,
  reservationHandlers,
  configurationHandlers,
  smartChargingHandlers,
  minimalAnswerHandlers,
];

/** Registers every 1.6 handler and starts answering calls; `record` sees each call first, calls nobody handles get NotImplemented. */
export const registerHandlers = (charger: ChargerParts, record: (method: string, params: unknown) => void): void => {
  const registered = new Set<string>();
  for (const group of HANDLER_GROUPS) {
    for (const [method, handler] of Object.entries(group(charger))) {
      if (registered.has(method)) throw new Error(`Two simulator handler groups answer ${method}`);
      registered.add(method);
      // Entries lose which handler goes with which action; ocpp-rpc (strict mode) checked `params` against this one's schema.
      const answer = handler as (params: unknown) => Promise<object> | object;
      charger.link.handle(method, (params) => {
        record(method, params);
        return answer(params);
      });
    }
  }
  charger.link.answerCalls(record);
};
