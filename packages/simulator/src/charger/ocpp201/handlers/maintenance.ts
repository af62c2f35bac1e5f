import type { MessageTriggerEnumType } from '@wattdesk/shared/ocpp/ocpp201';
import type { Charger201Parts, CommandHandlers201 } from './context.ts';

/**
 * Firmware, logs and triggered messages in 2.0.1 (L01, N01, F06), and the commands answered the simplest valid
 * way: ClearCache (the simulator caches no authorizations it could clear) and DataTransfer (no vendor extensions).
 */
export const maintenanceHandlers201 = ({ runtime, state, status, sessions, lifecycle, maintenance }: Charger201Parts): CommandHandlers201 => ({
  UpdateFirmware: ({ requestId, firmware, retries, retryInterval }) => {
    maintenance.firmwareRequestId = requestId;
    runtime.afterReply(() => maintenance.updateFirmware(firmware.location, firmware.retrieveDateTime, retries ?? 0, retryInterval ?? 0));
    return { status: 'Accepted' };
  },
  GetLog: ({ requestId }) => {
    maintenance.logRequestId = requestId;
    const filename = maintenance.diagnosticsFileName();
    runtime.afterReply(() => maintenance.uploadDiagnostics());
    return { status: 'Accepted', filename };
  },
  TriggerMessage: ({ requestedMessage, evse }) => {
    if (evse !== undefined && !state.hasConnector(evse.id, { withCharger: true })) return { status: 'Rejected' };
    const targets = evse !== undefined && evse.id > 0 ? [state.connectorOf(evse.id)] : state.connectors;
    const actions: Partial<Record<MessageTriggerEnumType, () => Promise<unknown>>> = {
      BootNotification: () => lifecycle.boot('Triggered'),
      Heartbeat: () => lifecycle.heartbeat(),
      StatusNotification: () => status.repeat(evse?.id),
      MeterValues: async () => {
        for (const c of targets) await sessions.sendMeterValues(c.id, 'Trigger');
      },
      TransactionEvent: async () => {
        for (const c of targets) {
          if (state.isCharging(c)) await sessions.transactions201.updated(c.transactionId!, c.meter.sample(runtime.now(), 'Trigger'), 'Trigger');
        }
      },
      FirmwareStatusNotification: () => maintenance.firmwareStatus(state.firmware),
      LogStatusNotification: () => maintenance.diagnosticsStatus(state.diagnostics),
    };
    const action = actions[requestedMessage];
    if (!action) return { status: 'NotImplemented' };
    runtime.afterReply(action);
    return { status: 'Accepted' };
  },
  ClearCache: () => ({ status: 'Accepted' }),
  DataTransfer: () => ({ status: 'UnknownVendorId' }),
});
