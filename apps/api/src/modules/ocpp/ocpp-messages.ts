import { CONNECTOR_STATUSES, OCPP_HEARTBEAT_INTERVAL_SECONDS, type ChargerEventKind, type ConnectorStatus } from '@wattdesk/shared';
import { createRPCError } from 'ocpp-rpc';
import type { Database } from '../../db/client.ts';
import { toSampleRows, type MeterValue } from './meter-values.ts';
import * as repo from './ocpp.repository.ts';
import type { TelemetryWriter } from './telemetry-writer.ts';

/** A connected charger as the message handlers see it. */
export type ChargerContext = {
  id: string;
  chargerCode: string;
  locationId: string;
  /** A BootNotification was accepted, on this connection or an earlier one. */
  booted: boolean;
  /** Transaction ids of this connection's sessions, so meter values skip a lookup. */
  sessions: Map<number, string>;
};

export type MessageEffects = {
  /** The charger's live state changed. */
  changed: (charger: ChargerContext, reason: string) => void;
  /** After an accepted boot: re-apply what the network wants (maintenance) to a charger that restarted. */
  booted: (charger: ChargerContext) => void;
  event: (charger: ChargerContext, kind: ChargerEventKind, summary: string, detail?: Record<string, unknown>) => void;
};

type Params = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const accepted = { status: 'Accepted' } as const;

/**
 * OCPP 1.6J messages from chargers. ocpp-rpc has already validated each against the official JSON
 * schema (strict mode), so these handle only what a schema cannot: order, identity, and repeats.
 */
export const createMessageHandlers = ({ db, telemetry, effects, now }: { db: Database; telemetry: TelemetryWriter; effects: MessageEffects; now: () => Date }) => {
  const requireSession = async (charger: ChargerContext, transactionId: number) => {
    const cachedId = charger.sessions.get(transactionId);
    if (cachedId) return { id: cachedId, status: 'active' as const };
    const session = await repo.findSessionByTransaction(db, charger.id, transactionId);
    if (!session) throw createRPCError('PropertyConstraintViolation', `Unknown transactionId ${transactionId} for this charger`);
    if (session.status === 'active') charger.sessions.set(transactionId, session.id);
    return session;
  };

  const handlers: Record<string, (charger: ChargerContext, params: Params) => Promise<Record<string, unknown>>> = {
    BootNotification: async (charger, params) => {
      await repo.recordBoot(db, charger.id, {
        vendor: text(params.chargePointVendor) ?? '',
        model: text(params.chargePointModel) ?? '',
        firmwareVersion: text(params.firmwareVersion),
        serialNumber: text(params.chargePointSerialNumber) ?? text(params.chargeBoxSerialNumber),
      });
      charger.booted = true;
      effects.event(charger, 'boot', `Booted: ${text(params.chargePointVendor)} ${text(params.chargePointModel)}, firmware ${text(params.firmwareVersion) ?? 'not reported'}`, params);
      effects.changed(charger, 'boot');
      setImmediate(() => effects.booted(charger));
      return { status: 'Accepted', currentTime: now().toISOString(), interval: OCPP_HEARTBEAT_INTERVAL_SECONDS };
    },

    Heartbeat: async (charger) => {
      telemetry.seenAt(charger.id, now());
      return { currentTime: now().toISOString() };
    },

    StatusNotification: async (charger, params) => {
      const status = params.status as ConnectorStatus;
      if (!CONNECTOR_STATUSES.includes(status)) throw createRPCError('PropertyConstraintViolation', `Unknown status ${String(params.status)}`);
      const connectorId = Number(params.connectorId);
      const errorCode = text(params.errorCode) ?? 'NoError';
      const applied = await db.transaction(async (tx) => {
        const stored = await repo.upsertConnectorState(tx, {
          chargerId: charger.id,
          connectorId,
          status,
          errorCode,
          info: text(params.info),
          reportedAt: params.timestamp ? new Date(String(params.timestamp)) : now(),
        });
        if (stored) await repo.refreshChargerStatus(tx, charger.id);
        return stored;
      });
      if (applied) {
        if (status === 'Faulted') effects.event(charger, 'fault', `Connector ${connectorId} faulted: ${errorCode}`, params);
        effects.changed(charger, 'status');
      }
      return {};
    },

    Authorize: async () => ({ idTagInfo: accepted }),

    StartTransaction: async (charger, params) => {
      const connectorId = Number(params.connectorId);
      if (connectorId < 1) throw createRPCError('PropertyConstraintViolation', 'connectorId must be 1 or more for a transaction');
      const { session, created } = await db.transaction(async (tx) => {
        const started = await repo.startSession(tx, {
          chargerId: charger.id,
          locationId: charger.locationId,
          connectorId,
          idTag: String(params.idTag),
          startedAt: new Date(String(params.timestamp)),
          meterStartWh: Number(params.meterStart),
        });
        await repo.refreshChargerStatus(tx, charger.id);
        return started;
      });
      if (session.status === 'active') charger.sessions.set(session.transactionId, session.id);
      if (created) {
        effects.event(charger, 'session', `Session ${session.transactionId} started on connector ${connectorId} for ${String(params.idTag)}`);
        effects.changed(charger, 'session-started');
      }
      return { transactionId: session.transactionId, idTagInfo: accepted };
    },

    StopTransaction: async (charger, params) => {
      const transactionId = Number(params.transactionId);
      const session = await requireSession(charger, transactionId);
      charger.sessions.delete(transactionId);
      // A repeated stop (the charger did not get our answer) changes nothing.
      if (session.status === 'completed') return { idTagInfo: accepted };
      const transactionData = Array.isArray(params.transactionData) ? (params.transactionData as MeterValue[]) : [];
      await telemetry.flush();
      await db.transaction(async (tx) => {
        await repo.writeSamples(tx, toSampleRows(session.id, transactionData));
        await repo.stopSession(tx, session.id, {
          stoppedAt: new Date(String(params.timestamp)),
          meterStopWh: Number(params.meterStop),
          stopReason: text(params.reason) ?? 'Local',
        });
        await repo.refreshChargerStatus(tx, charger.id);
      });
      effects.event(charger, 'session', `Session ${transactionId} stopped: ${text(params.reason) ?? 'Local'}`);
      effects.changed(charger, 'session-stopped');
      return { idTagInfo: accepted };
    },

    MeterValues: async (charger, params) => {
      telemetry.seenAt(charger.id, now());
      if (params.transactionId === undefined) return {};
      const session = await requireSession(charger, Number(params.transactionId));
      telemetry.meterValues(charger, session.id, toSampleRows(session.id, params.meterValue as MeterValue[]));
      return {};
    },

    DataTransfer: async (charger, params) => {
      effects.event(charger, 'data-transfer', `Data transfer from ${String(params.vendorId)}${params.messageId ? ` (${String(params.messageId)})` : ''}`, params);
      // No vendor extensions are implemented; OCPP's answer for that is UnknownVendorId.
      return { status: 'UnknownVendorId' };
    },

    DiagnosticsStatusNotification: async (charger, params) => {
      effects.event(charger, 'diagnostics', `Diagnostics upload: ${String(params.status)}`, params);
      return {};
    },

    FirmwareStatusNotification: async (charger, params) => {
      effects.event(charger, 'firmware', `Firmware update: ${String(params.status)}`, params);
      return {};
    },
  };

  /** OCPP 1.6 §4.2: before a BootNotification is accepted, a Central System may refuse everything else. */
  const handle = async (charger: ChargerContext, method: string, params: Params) => {
    const handler = handlers[method];
    if (!handler) throw createRPCError('NotImplemented', `${method} is not supported`);
    if (method !== 'BootNotification' && !charger.booted) throw createRPCError('SecurityError', 'Send a BootNotification first');
    return handler(charger, params);
  };

  return { handle, methods: Object.keys(handlers) };
};
