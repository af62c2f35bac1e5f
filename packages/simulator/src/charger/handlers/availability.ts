import type { AvailabilityType } from '@wattdesk/shared/ocpp/ocpp16';
import type { Connector } from '../state.ts';
import type { ChargerParts, CommandHandlers } from './context.ts';

type ChangeAvailabilityStatus = 'Accepted' | 'Rejected' | 'Scheduled';

/**
 * ChangeAvailability: applied at once on idle connectors; on a connector with a session running, going
 * Inoperative is Scheduled and applied when the session ends. Connector 0 is the whole charger.
 */
export const changeAvailability = (
  { runtime, state, status }: ChargerParts,
  connectorId: number,
  type: AvailabilityType,
): { status: ChangeAvailabilityStatus } => {
  if (!state.hasConnector(connectorId, { withCharger: true })) return { status: 'Rejected' };
  const targets = connectorId === 0 ? state.connectors : [state.connectorOf(connectorId)];
  const changed: Connector[] = [];
  let scheduled = false;
  for (const c of targets) {
    if (type === 'Inoperative' && c.busy) {
      c.scheduledAvailability = type;
      scheduled = true;
    } else {
      c.scheduledAvailability = undefined;
      if (c.availability !== type || c.status === 'Unavailable' || c.status === 'Available') changed.push(c);
      c.availability = type;
    }
  }
  const mainChanged = connectorId === 0;
  if (mainChanged) {
    if (scheduled) state.main.scheduledAvailability = type;
    else {
      state.main.availability = type;
      state.main.scheduledAvailability = undefined;
    }
  }
  runtime.afterReply(async () => {
    if (mainChanged && !scheduled) await status.set(0, state.idleMainStatus());
    for (const c of changed) if (!c.busy && c.status !== 'Faulted') await status.set(c.id, state.idleStatus(c));
  });
  return { status: scheduled ? 'Scheduled' : 'Accepted' };
};

export const availabilityHandlers = (charger: ChargerParts): CommandHandlers => ({
  ChangeAvailability: ({ connectorId, type }) => changeAvailability(charger, connectorId, type),
});
