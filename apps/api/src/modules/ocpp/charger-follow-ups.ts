import type { NotifyReportRequest } from '@wattdesk/shared/ocpp/ocpp201';
import type { ChargerEventKind } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CommandReply } from '../../lib/cluster-bus.ts';
import type { ChargerContext } from './ocpp-context.ts';

/** What the OCPP server asks of the device-model module (issue 41): it cannot import that module's service. */
export type DeviceModelHooks = {
  report: (chargerId: string, request: NotifyReportRequest) => Promise<void>;
  booted: (chargerCode: string) => Promise<unknown>;
};

type LogEvent = (chargerCode: string, chargerId: string | null, kind: ChargerEventKind, summary: string, detail?: Record<string, unknown>) => void;

/**
 * What the server does after a charger's message, beyond answering it: stop a session at its driver's kWh limit,
 * store a 2.0.1 charger's device model and ask for it after a boot. Apart from createOcppServer so that stays wiring.
 */
export const createChargerFollowUps = ({
  callLocal,
  logEvent,
  event,
  log,
}: {
  callLocal: (chargerCode: string, method: string, params: Record<string, unknown>) => Promise<CommandReply>;
  logEvent: LogEvent;
  event: (charger: ChargerContext, kind: ChargerEventKind, summary: string, detail?: Record<string, unknown>) => void;
  log: FastifyBaseLogger;
}) => {
  let deviceModel: DeviceModelHooks | null = null;

  /** RemoteStopTransaction for a session at its driver's kWh limit (2.0.1: RequestStopTransaction); the answer goes to the log. */
  const stopAtLimit = async (context: ChargerContext, transactionId: number, limitWh: number) => {
    const reply = await callLocal(context.chargerCode, 'RemoteStopTransaction', { transactionId });
    const outcome = reply.ok ? String((reply.result as { status?: string }).status) : reply.message;
    logEvent(
      context.chargerCode,
      context.id,
      'authorization',
      `Session ${transactionId} reached the driver's limit of ${limitWh / 1000} kWh: RemoteStopTransaction ${outcome}`,
    );
  };

  const recordReport = (context: ChargerContext, request: NotifyReportRequest) => {
    event(
      context,
      'device',
      `Device model report ${request.requestId}: ${request.reportData?.length ?? 0} variables${request.tbc ? ', more to follow' : ''}`,
      { requestId: request.requestId, generatedAt: request.generatedAt, tbc: request.tbc ?? false, variables: request.reportData?.length ?? 0 },
    );
    void deviceModel?.report(context.id, request).catch((error: Error) => log.warn({ err: error.message }, 'Device model report not stored'));
  };

  /** After a 2.0.1 boot (its answer sent): ask for the whole device model, which arrives as NotifyReport parts. */
  const askForDeviceModel = (context: ChargerContext) => {
    if (context.ocppVersion !== '2.0.1' || !deviceModel) return;
    void deviceModel.booted(context.chargerCode).catch((error: Error) => log.warn({ err: error.message }, 'Device model not requested'));
  };

  return {
    limitReached: (context: ChargerContext, transactionId: number, limitWh: number) =>
      void stopAtLimit(context, transactionId, limitWh).catch((error: Error) => log.warn({ err: error.message }, 'Session not stopped at its limit')),
    recordReport,
    askForDeviceModel,
    useDeviceModel: (hooks: DeviceModelHooks) => {
      deviceModel = hooks;
    },
  };
};
