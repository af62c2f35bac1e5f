import type { ChargerParts, CommandHandlers } from './context.ts';

/** Firmware management: GetDiagnostics answers with the file name, then uploads; UpdateFirmware installs and reboots. */
export const maintenanceHandlers = ({ runtime, maintenance }: ChargerParts): CommandHandlers => ({
  GetDiagnostics: () => {
    const fileName = maintenance.diagnosticsFileName();
    runtime.afterReply(() => maintenance.uploadDiagnostics());
    return { fileName };
  },

  UpdateFirmware: ({ location, retrieveDate, retries, retryInterval }) => {
    runtime.afterReply(() => maintenance.updateFirmware(location, retrieveDate, retries ?? 0, retryInterval ?? 0));
    return {};
  },
});
