import { OCPP_HEARTBEAT_INTERVAL_SECONDS, type ConnectorStatus } from '@wattdesk/shared';
import type { FirmwareStatusEnumType, Ocpp201Action, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import type { Database } from '../../../db/client.ts';
import { OcppCallError } from '../../../lib/ocpp-j/ocpp-call-error.ts';
import type { createChargerSessions } from '../charger-sessions.ts';
import type { ChargerContext, MessageEffects } from '../ocpp-context.ts';
import type { SessionLifecycle } from '../session-lifecycle.ts';
import type { StatusWriter } from '../status-writer.ts';
import type { TelemetryWriter } from '../telemetry-writer.ts';
import { createConnectorStatuses } from './connector-statuses.ts';
import { createTransactionEvents, idTokenInfo } from './transaction-event.ts';

type Handler<A extends Ocpp201Action> = (charger: ChargerContext, request: Ocpp201Request<A>) => Promise<Ocpp201Response<A>>;
type HandledAction =
  | 'BootNotification'
  | 'Heartbeat'
  | 'StatusNotification'
  | 'Authorize'
  | 'TransactionEvent'
  | 'MeterValues'
  | 'NotifyEvent'
  | 'NotifyReport'
  | 'FirmwareStatusNotification'
  | 'LogStatusNotification'
  | 'SecurityEventNotification'
  | 'ReservationStatusUpdate'
  | 'DataTransfer';

/** 2.0.1's connector states as the 1.6 statuses we store: Occupied (a cable in, no charging state yet) reads as Preparing. */
const STATUS_OF_CONNECTOR: Record<Ocpp201Request<'StatusNotification'>['connectorStatus'], ConnectorStatus> = {
  Available: 'Available',
  Occupied: 'Preparing',
  Reserved: 'Reserved',
  Unavailable: 'Unavailable',
  Faulted: 'Faulted',
};

/**
 * 2.0.1 firmware states as the 1.6 ones firmware campaigns follow (modules/firmware/campaign-tracker.ts): the
 * scheduled, paused and signature steps are still downloading or installing; a failed signature is a failed install.
 */
const FIRMWARE_STATUS_16: Record<FirmwareStatusEnumType, string> = {
  Downloaded: 'Downloaded',
  DownloadFailed: 'DownloadFailed',
  Downloading: 'Downloading',
  DownloadScheduled: 'Downloading',
  DownloadPaused: 'Downloading',
  Idle: 'Idle',
  InstallationFailed: 'InstallationFailed',
  Installing: 'Installing',
  Installed: 'Installed',
  InstallRebooting: 'Installing',
  InstallScheduled: 'Installing',
  InstallVerificationFailed: 'InstallationFailed',
  InvalidSignature: 'InstallationFailed',
  SignatureVerified: 'Installing',
};

/**
 * OCPP 2.0.1 messages from chargers, onto the same model and effects as 1.6 (ocpp-messages.ts): each has passed
 * the 2.0.1 JSON schema. An EVSE is one of our connectors (evseId = connector number; decision 072); a connector
 * inside an EVSE beyond the first shows in the status's info only.
 */
export const createOcpp201Handlers = ({
  db,
  telemetry,
  statuses,
  effects,
  lifecycle,
  sessions,
  now,
}: {
  db: Database;
  telemetry: TelemetryWriter;
  statuses: StatusWriter;
  effects: MessageEffects;
  lifecycle: SessionLifecycle;
  sessions: ReturnType<typeof createChargerSessions>;
  now: () => Date;
}) => {
  const connectorStatuses = createConnectorStatuses(statuses);
  const transactionEvent = createTransactionEvents({ db, telemetry, statuses: connectorStatuses, effects, lifecycle, sessions, now });

  const handlers: { [A in HandledAction]: Handler<A> } = {
    BootNotification: async (charger, params) => {
      const station = params.chargingStation;
      await lifecycle.boot(
        charger,
        {
          id: charger.id,
          vendor: station.vendorName,
          model: station.model,
          firmwareVersion: station.firmwareVersion ?? null,
          serialNumber: station.serialNumber ?? null,
        },
        `Booted (${params.reason}): ${station.vendorName} ${station.model}, firmware ${station.firmwareVersion ?? 'not reported'}`,
        { ...params },
      );
      return { status: 'Accepted', currentTime: now().toISOString(), interval: OCPP_HEARTBEAT_INTERVAL_SECONDS };
    },

    Heartbeat: async (charger) => {
      telemetry.seenAt(charger.id, now());
      return { currentTime: now().toISOString() };
    },

    StatusNotification: async (charger, params) => {
      const { evseId, connectorId } = params;
      const status = STATUS_OF_CONNECTOR[params.connectorStatus];
      const info = connectorId > 1 ? `EVSE ${evseId} connector ${connectorId}` : null;
      const applied = await connectorStatuses.report(charger, {
        chargerId: charger.id,
        connectorId: evseId,
        status,
        errorCode: status === 'Faulted' ? 'OtherError' : 'NoError',
        info,
        reportedAt: new Date(params.timestamp),
      });
      if (applied) {
        if (status === 'Faulted') effects.event(charger, 'fault', `Connector ${evseId} faulted`, { ...params });
        effects.changed(charger, 'status');
      }
      return {};
    },

    Authorize: async (charger, params) => ({ idTokenInfo: idTokenInfo(await lifecycle.authorize(charger, params.idToken.idToken, 'Authorize')) }),

    TransactionEvent: transactionEvent,

    // Without a transaction (2.0.1 sends a transaction's readings in its TransactionEvents): the charger is alive.
    MeterValues: async (charger) => {
      telemetry.seenAt(charger.id, now());
      return {};
    },

    NotifyEvent: async (charger, params) => {
      for (const event of params.eventData)
        effects.event(
          charger,
          'device',
          `${event.component.name}${event.component.evse ? ` (EVSE ${event.component.evse.id})` : ''} ${event.variable.name} = ${event.actualValue}` +
            `${event.cleared ? ' (cleared)' : ''}: ${event.trigger}`,
          { ...event, seqNo: params.seqNo, generatedAt: params.generatedAt },
        );
      return {};
    },

    NotifyReport: async (charger, params) => {
      effects.onReport(charger, params);
      return {};
    },

    FirmwareStatusNotification: async (charger, params) => {
      // The campaign follows the 1.6 name in `status`; the charger's own word stays in the log.
      const status = FIRMWARE_STATUS_16[params.status];
      effects.event(charger, 'firmware', `Firmware update: ${params.status}`, { status, ocppStatus: params.status, requestId: params.requestId });
      return {};
    },

    LogStatusNotification: async (charger, params) => {
      effects.event(charger, 'diagnostics', `Log upload: ${params.status}`, { ...params });
      return {};
    },

    SecurityEventNotification: async (charger, params) => {
      effects.event(charger, 'security', `Security event: ${params.type}${params.techInfo ? ` (${params.techInfo})` : ''}`, { ...params });
      return {};
    },

    ReservationStatusUpdate: async (charger, params) => {
      effects.event(charger, 'reservation', `Reservation ${params.reservationId} ${params.reservationUpdateStatus.toLowerCase()} at the charger`, {
        ...params,
      });
      effects.reservationEnded(charger, params.reservationId, params.reservationUpdateStatus);
      return {};
    },

    DataTransfer: async (charger, params) => {
      effects.event(charger, 'data-transfer', `Data transfer from ${params.vendorId}${params.messageId ? ` (${params.messageId})` : ''}`, {
        ...params,
      });
      // No vendor extensions are implemented; OCPP's answer for that is UnknownVendorId.
      return { status: 'UnknownVendorId' };
    },
  };

  const table: { [A in Ocpp201Action]?: Handler<A> } = handlers;

  /** 2.0.1 §B02/B03: until its boot is accepted, a charger's other messages are refused. */
  const handle = async <A extends Ocpp201Action>(charger: ChargerContext, action: A, request: Ocpp201Request<A>): Promise<Ocpp201Response<A>> => {
    const handler: Handler<A> | undefined = table[action];
    if (!handler) throw new OcppCallError('NotImplemented', `${action} is not supported`);
    if (action !== 'BootNotification' && !charger.booted) throw new OcppCallError('SecurityError', 'Send a BootNotification first');
    return handler(charger, request);
  };

  return { handle, methods: Object.keys(handlers) };
};
