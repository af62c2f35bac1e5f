import type { Charger201Parts, HandlerGroup201 } from './context.ts';
import { deviceModelHandlers } from './device-model.ts';
import { maintenanceHandlers201 } from './maintenance.ts';
import { remoteControlHandlers201 } from './remote-control.ts';
import { reservationHandlers201 } from './reservations.ts';
import { smartChargingHandlers201 } from './smart-charging.ts';

/** Every group of CSMS-initiated 2.0.1 messages the simulator handles. */
const HANDLER_GROUPS: HandlerGroup201[] = [
  remoteControlHandlers201,
  reservationHandlers201,
  smartChargingHandlers201,
  maintenanceHandlers201,
  deviceModelHandlers,
];

/** Registers the 2.0.1 answers; they apply while the server has selected ocpp2.0.1. `record` sees each call first. */
export const registerHandlers201 = (charger: Charger201Parts, record: (method: string, params: unknown) => void): void => {
  const registered = new Set<string>();
  for (const group of HANDLER_GROUPS) {
    for (const [method, handler] of Object.entries(group(charger))) {
      if (registered.has(method)) throw new Error(`Two simulator 2.0.1 handler groups answer ${method}`);
      registered.add(method);
      // Entries lose which handler goes with which action; ocpp-rpc (strict mode) checked `params` against this one's schema.
      const answer = handler as (params: unknown) => Promise<object> | object;
      charger.link.handle(
        method,
        (params) => {
          record(method, params);
          return answer(params);
        },
        '2.0.1',
      );
    }
  }
};
