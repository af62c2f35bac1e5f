import type { TriggerMessageRequest } from '@wattdesk/shared/ocpp/ocpp16';
import type { ChargerParts, CommandHandlers } from './context.ts';

type Trigger = TriggerMessageRequest['requestedMessage'];

/** TriggerMessage: accepted, then the requested message is sent for the charger or the connector named. */
export const remoteTriggerHandlers = ({ runtime, state, status, sessions, lifecycle, maintenance }: ChargerParts): CommandHandlers => ({
  TriggerMessage: ({ requestedMessage, connectorId }) => {
    if (connectorId !== undefined && !state.hasConnector(connectorId, { withCharger: true })) return { status: 'Rejected' };
    const targets = connectorId !== undefined && connectorId > 0 ? [connectorId] : state.connectors.map((c) => c.id);
    const actions: Record<Trigger, () => Promise<unknown>> = {
      BootNotification: () => lifecycle.boot(),
      Heartbeat: () => lifecycle.heartbeat(),
      DiagnosticsStatusNotification: () => maintenance.diagnosticsStatus(state.diagnostics),
      FirmwareStatusNotification: () => maintenance.firmwareStatus(state.firmware),
      StatusNotification: () => status.repeat(connectorId),
      MeterValues: async () => {
        for (const id of targets) await sessions.sendMeterValues(id, 'Trigger');
      },
    };
    const action = actions[requestedMessage];
    if (!action) return { status: 'NotImplemented' };
    runtime.afterReply(action);
    return { status: 'Accepted' };
  },
});
