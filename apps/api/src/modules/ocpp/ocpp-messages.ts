import { OCPP_HEARTBEAT_INTERVAL_SECONDS, type ConnectorStatus } from '@wattdesk/shared';
import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
import type { Database } from '../../db/client.ts';
import { createChargerSessions } from './charger-sessions.ts';
import { createSessionLifecycle } from './session-lifecycle.ts';
import { createOcpp201Handlers } from './ocpp201/ocpp201-messages.ts';
import { OcppCallError, type OcppErrorCode } from '../../lib/ocpp-j/ocpp-call-error.ts';
import { toSampleRows } from './meter-values.ts';
import type * as repo from './ocpp.repository.ts';
import type { StatusWriter } from './status-writer.ts';
import type { TelemetryWriter } from './telemetry-writer.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChargerContext, IdTagAuthority, IdTagStatus, MessageEffects, OcppPricing, SessionObserver } from './ocpp-context.ts';

/** One action's handler: its payload passed the action's schema, so it has the generated type. */
type Handler<A extends Ocpp16Action> = (charger: ChargerContext, request: Ocpp16Request<A>) => Promise<Ocpp16Response<A>>;
type HandledAction =
  | 'BootNotification'
  | 'Heartbeat'
  | 'StatusNotification'
  | 'Authorize'
  | 'StartTransaction'
  | 'StopTransaction'
  | 'MeterValues'
  | 'DataTransfer'
  | 'DiagnosticsStatusNotification'
  | 'FirmwareStatusNotification';

const rpcError = (code: OcppErrorCode, message: string) => new OcppCallError(code, message);
const accepted = { status: 'Accepted' } as const;

/**
 * OCPP 1.6J messages from chargers (and, through ocpp201/, the 2.0.1 ones). Each has already passed the official JSON schema (ocpp-json-rpc.ts),
 * so these handle only what a schema cannot: order, identity, and repeats.
 */
export const createMessageHandlers = ({
  db,
  telemetry,
  statuses,
  effects,
  idTags,
  now,
  pricing,
  log,
  observer,
}: {
  db: Database;
  telemetry: TelemetryWriter;
  /** StatusNotifications, written by group commit (status-writer.ts). */
  statuses: StatusWriter;
  effects: MessageEffects;
  idTags: IdTagAuthority;
  now: () => Date;
  pricing: OcppPricing;
  log: FastifyBaseLogger;
  observer?: SessionObserver | undefined;
}) => {
  const lifecycle = createSessionLifecycle({ db, telemetry, effects, idTags, pricing, log, observer });
  const { authorize } = lifecycle;
  const sessions = createChargerSessions({ db, idTags, effects });
  const { findSession, watchLimit } = sessions;
  // 2.0.1 chargers' messages: the same lifecycle and sessions, so both versions share one model.
  const ocpp201 = createOcpp201Handlers({ db, telemetry, statuses, effects, lifecycle, sessions, now });

  /** OCPP IdTagInfo: the status, and the account's parentIdTag so a charger admits the account at its reservation. */
  const idTagInfo = ({ status, parentIdTag }: { status: IdTagStatus; parentIdTag: string | null }) => ({
    status,
    ...(parentIdTag ? { parentIdTag } : {}),
  });

  const handlers: { [A in HandledAction]: Handler<A> } = {
    BootNotification: async (charger, params) => {
      const report: repo.BootReport = {
        id: charger.id,
        vendor: params.chargePointVendor,
        model: params.chargePointModel,
        firmwareVersion: params.firmwareVersion ?? null,
        serialNumber: params.chargePointSerialNumber ?? params.chargeBoxSerialNumber ?? null,
      };
      await lifecycle.boot(
        charger,
        report,
        `Booted: ${params.chargePointVendor} ${params.chargePointModel}, firmware ${params.firmwareVersion ?? 'not reported'}`,
        { ...params },
      );
      return { status: 'Accepted', currentTime: now().toISOString(), interval: OCPP_HEARTBEAT_INTERVAL_SECONDS };
    },

    Heartbeat: async (charger) => {
      telemetry.seenAt(charger.id, now());
      return { currentTime: now().toISOString() };
    },

    StatusNotification: async (charger, params) => {
      // The schema's statuses are the connector statuses we store: this assignment compiles only while they agree.
      const status: ConnectorStatus = params.status;
      const { connectorId, errorCode } = params;
      const reportedAt = params.timestamp ? new Date(params.timestamp) : now();
      const applied = await statuses.report({ chargerId: charger.id, connectorId, status, errorCode, info: params.info ?? null, reportedAt });
      if (applied) {
        if (status === 'Faulted') effects.event(charger, 'fault', `Connector ${connectorId} faulted: ${errorCode}`, { ...params });
        effects.changed(charger, 'status');
      }
      return {};
    },

    Authorize: async (charger, params) => ({ idTagInfo: idTagInfo(await authorize(charger, params.idTag, 'Authorize')) }),

    StartTransaction: async (charger, params) => {
      const { connectorId, idTag, meterStart } = params;
      if (connectorId < 1) throw rpcError('PropertyConstraintViolation', 'connectorId must be 1 or more for a transaction');
      const startedAt = new Date(params.timestamp);
      // OCPP answers every StartTransaction with a transaction id; a refused tag's session is stopped by the charger.
      const answer = await authorize(charger, idTag, 'Session start');
      const session = await lifecycle.start(charger, { connectorId, idTag, startedAt, meterStartWh: meterStart }, answer);
      return { transactionId: session.transactionId, idTagInfo: idTagInfo(answer) };
    },

    StopTransaction: async (charger, params) => {
      const { transactionId, meterStop } = params;
      const reason = params.reason ?? 'Local';
      const session = await findSession(charger, transactionId);
      if (!session) {
        charger.sessions.delete(transactionId);
        charger.limits.delete(transactionId);
        // Refused, the charger would send it again forever; accepted, the operator sees it in the charger log.
        effects.event(
          charger,
          'session',
          `Stop of unknown transaction ${transactionId} accepted: meter ${meterStop} Wh, ${reason}; no session matched`,
          { ...params },
        );
        return {};
      }
      // A repeated stop (the charger did not get our answer) changes nothing.
      await lifecycle.stop(charger, session, transactionId, {
        stoppedAt: new Date(params.timestamp),
        meterStopWh: meterStop,
        reason,
        samples: toSampleRows(session.id, params.transactionData ?? []),
      });
      return { idTagInfo: accepted };
    },

    MeterValues: async (charger, params) => {
      telemetry.seenAt(charger.id, now());
      const { transactionId } = params;
      if (transactionId === undefined) return {};
      const session = await findSession(charger, transactionId);
      if (!session) {
        // Recorded once per transaction and connection: a charger sends these every few seconds.
        if (!charger.unknownTransactions.has(transactionId)) {
          charger.unknownTransactions.add(transactionId);
          effects.event(charger, 'session', `Meter values for unknown transaction ${transactionId} accepted, not stored: no session matched`, {
            ...params,
          });
        }
        return {};
      }
      const rows = toSampleRows(session.id, params.meterValue);
      telemetry.meterValues(charger, session.id, rows);
      watchLimit(charger, transactionId, rows);
      return {};
    },

    DataTransfer: async (charger, params) => {
      effects.event(charger, 'data-transfer', `Data transfer from ${params.vendorId}${params.messageId ? ` (${params.messageId})` : ''}`, {
        ...params,
      });
      // No vendor extensions are implemented; OCPP's answer for that is UnknownVendorId.
      return { status: 'UnknownVendorId' };
    },

    DiagnosticsStatusNotification: async (charger, params) => {
      effects.event(charger, 'diagnostics', `Diagnostics upload: ${params.status}`, { ...params });
      return {};
    },

    FirmwareStatusNotification: async (charger, params) => {
      effects.event(charger, 'firmware', `Firmware update: ${params.status}`, { ...params });
      return {};
    },
  };

  const table: { [A in Ocpp16Action]?: Handler<A> } = handlers;

  /** OCPP 1.6 §4.2: before a BootNotification is accepted, a Central System may refuse everything else. */
  const handle = async <A extends Ocpp16Action>(charger: ChargerContext, action: A, request: Ocpp16Request<A>): Promise<Ocpp16Response<A>> => {
    const handler: Handler<A> | undefined = table[action];
    if (!handler) throw rpcError('NotImplemented', `${action} is not supported`);
    if (action !== 'BootNotification' && !charger.booted) throw rpcError('SecurityError', 'Send a BootNotification first');
    return handler(charger, request);
  };

  return { handle, methods: Object.keys(handlers), handle201: ocpp201.handle, methods201: ocpp201.methods };
};
