import { OCPP_PATH, type OcppVersion } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { ClusterBus } from '../../lib/cluster-bus.ts';
import { OcppCallError } from '../../lib/ocpp-j/ocpp-call-error.ts';
import { OcppJsonServer } from '../../lib/ocpp-j/ocpp-json-rpc.ts';
import type { OcppTraffic } from '../../lib/ocpp-j/ocpp-connection.ts';
import { createChargerCalls } from './charger-calls.ts';
import { createChargerFollowUps } from './charger-follow-ups.ts';
import { chargerTransactionIdOf } from './ocpp201/outbound.repository.ts';
import { createConnectionLifecycle, type ChargerConnections, type ChargerLink } from './charger-connections.ts';
import { createChargerEvents, type ChargerListener } from './charger-events.ts';
import { createChargerLog } from './charger-log.ts';
import { createConnectionWriter } from './connection-writer.ts';
import { createHandshake, OCPP_PROTOCOLS } from './ocpp-handshake.ts';
import { DEFAULT_OCPP_LIMITS, type OcppLimits } from './ocpp-guard.ts';
import type { IdTagAuthority, OcppPricing, SessionObserver } from './ocpp-context.ts';
import { createMessageHandlers } from './ocpp-messages.ts';
import * as repo from './ocpp.repository.ts';
import { createStatusWriter } from './status-writer.ts';
import { TelemetryWriter } from './telemetry-writer.ts';
import { createWantedAvailability } from './wanted-availability.ts';

/**
 * The close code a drain sends (RFC 6455 §7.4.1 via the IANA registry: 1012 Service Restart): the server is
 * restarting, the client should connect again — behind the balancer, to another node. ocpp-rpc's client (the
 * simulator's) reconnects after any close it did not ask for; OCPP chargers reconnect after a lost connection.
 */
export const DRAIN_CLOSE_CODE = 1012;
/** How long a drain waits for the calls being answered, then for the close handshakes. */
const DRAIN_GRACE_MS = 5000;

/** A connection is pinged this long after it opened and after each pong; one with its ping unanswered by the next is closed. */
const PING_INTERVAL_MS = 60_000;

export type OcppServerOptions = {
  /** A connector or the charger reported Faulted (for notifications). */
  onFault?: (chargerId: string, summary: string) => void;
  db: Database;
  bus: ClusterBus;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The tariffs module's session pricing: a version at the start, the final price at the stop. */
  pricing: OcppPricing;
  /** Who may charge: answers Authorize and StartTransaction (the drivers module). */
  idTags: IdTagAuthority;
  /** How long a charger has to answer a command. */
  callTimeoutMs?: number;
  telemetryFlushMs?: number;
  /** Rows waiting that trigger a write before the interval is up. */
  telemetryBatchRows?: number;
  /** Told of stops (in their transaction) and of meter values stored: the OCPI sessions of roaming drivers. */
  sessionObserver?: SessionObserver;
  /** Frame size, message rate and handshake limits (decision 011); unset ones take the defaults. */
  limits?: Partial<OcppLimits>;
  /** Metrics of the endpoint's messages; none when metrics are off. */
  traffic?: OcppTraffic;
};

export type { ChargerListener };

/**
 * The OCPP endpoint on the API's own HTTP server: `/ocpp/{chargerId}`, subprotocol ocpp2.0.1 or ocpp1.6 (the
 * highest offered), HTTP Basic per charger (security profile 1). Messages are checked against that version's JSON schemas
 * (ocpp-json-rpc.ts) before our handlers see them. Its parts: the handshake (ocpp-handshake.ts), each connection's
 * life (charger-connections.ts), the messages (ocpp-messages.ts), calls to chargers (charger-calls.ts) and who
 * hears what chargers do (charger-events.ts); this wires them together.
 */
export const createOcppServer = (options: OcppServerOptions) => {
  const { db, bus, log, now, traffic } = options;
  const callTimeoutMs = options.callTimeoutMs ?? 15_000;
  const limits: OcppLimits = { ...DEFAULT_OCPP_LIMITS, ...options.limits };
  // OCPP 1.6 lets a charger have one call outstanding; one that pipelines past its budget gets this, unhandled.
  const overBudgetError = new OcppCallError(
    'GenericError',
    `Too many messages: at most ${limits.messagesPerSecond} a second; wait for each answer before the next call`,
  );
  const connections: ChargerConnections = new Map();
  const { logEvent, idle: chargerLogIdle } = createChargerLog(db, log);
  const events = createChargerEvents({ bus, now, logEvent, onFault: options.onFault });
  const telemetry = new TelemetryWriter(
    db,
    log,
    (chargers, sessionIds) => {
      chargers.forEach((charger) => events.publish(charger, 'meter-values'));
      if (sessionIds.length) options.sessionObserver?.metered(sessionIds);
    },
    options.telemetryFlushMs,
    options.telemetryBatchRows,
  );
  const statuses = createStatusWriter(db);
  const connectionMarks = createConnectionWriter(db, bus.nodeId);
  const calls = createChargerCalls({
    connections,
    bus,
    callTimeoutMs,
    chargerTransactionIdOf: (chargerId, transactionId) => chargerTransactionIdOf(db, chargerId, transactionId),
  });
  const applyWantedAvailability = createWantedAvailability({ db, callLocal: calls.callLocal, logEvent });

  const followUps = createChargerFollowUps({ callLocal: calls.callLocal, logEvent, event: events.event, log });

  const messages = createMessageHandlers({
    db,
    telemetry,
    statuses,
    now,
    pricing: options.pricing,
    log,
    idTags: options.idTags,
    observer: options.sessionObserver,
    effects: {
      limitReached: followUps.limitReached,
      changed: events.publish,
      booted: (context) => {
        void applyWantedAvailability(context).catch((error: Error) => log.warn({ err: error.message }, 'Maintenance not re-applied'));
        followUps.askForDeviceModel(context);
      },
      event: events.event,
      onReport: followUps.recordReport,
      reservationEnded: events.reservationEnded,
    },
  });

  const handshakes = createHandshake({
    db,
    log,
    limits,
    recordRefusal: (chargerCode, chargerId, reason, remoteAddress) =>
      logEvent(chargerCode, chargerId, 'refused', `Connection refused: ${reason}`, { remoteAddress }),
  });

  const lifecycle = createConnectionLifecycle({
    connections,
    limits,
    telemetry,
    connectionMarks,
    logEvent,
    publish: events.publish,
    reapply: applyWantedAvailability,
    now,
    log,
  });

  const ocpp = new OcppJsonServer<ChargerLink>({
    protocols: OCPP_PROTOCOLS,
    actions: new Set(messages.methods),
    actions201: new Set(messages.methods201),
    // ws's default is 100 MiB: one such frame held the event loop for every other charger.
    maxFrameBytes: limits.maxFrameBytes,
    callTimeoutMs,
    pingIntervalMs: PING_INTERVAL_MS,
    // A charger sending garbage is cut off rather than allowed to keep the connection busy.
    maxBadFrames: 10,
    authenticate: (handshake, accept, refuse) => handshakes.authenticate(handshake, (session, protocol) => accept({ session }, protocol), refuse),
    connected: lifecycle.opened,
    received: (connection) => connection.session.throttle?.received(),
    answer: async (connection, action, payload) => {
      const { context, throttle } = connection.session;
      if (!context) throw new OcppCallError('SecurityError', 'This connection is not a charger of this network');
      if (throttle?.overBudget()) {
        traffic?.rejected('over_budget');
        throw overBudgetError;
      }
      return messages.handle(context, action, payload);
    },
    answer201: async (connection, action, payload) => {
      const { context, throttle } = connection.session;
      if (!context) throw new OcppCallError('SecurityError', 'This connection is not a charger of this network');
      if (throttle?.overBudget()) {
        traffic?.rejected('over_budget');
        throw overBudgetError;
      }
      return messages.handle201(context, action, payload);
    },
    failed: (connection, action, error) => log.error({ err: error, chargerCode: connection.identity, action }, 'OCPP call not answered'),
    traffic,
  });

  /** A drain closes the endpoint, then the app's close asks again: once is all it takes. */
  let closing: Promise<void> | undefined;

  const isOcppUpgrade = (request: IncomingMessage) => (request.url ?? '').startsWith(`${OCPP_PATH}/`);

  return {
    /** For the HTTP server's 'upgrade' event. */
    handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
      if (!isOcppUpgrade(request)) return false;
      ocpp.handleUpgrade(request, socket, head);
      return true;
    },
    /** A command to a charger wherever it is connected: here, or through Redis on the node holding it. */
    call: calls.call,
    logEvent,
    publish: events.publish,
    onChargerEvent: events.onChargerEvent,
    onFirmwareStatus: events.onFirmwareStatus,
    onReservationEnded: events.onReservationEnded,
    /** The device-model module's store for NotifyReport, and its GetBaseReport after a 2.0.1 boot. */
    useDeviceModel: followUps.useDeviceModel,
    connectedCount: () => connections.size,
    /** Connected chargers per OCPP version (metrics: read when scraped, not kept on the connect path). */
    connectedByVersion: () => {
      const counts = new Map<OcppVersion, number>();
      for (const { context } of connections.values()) counts.set(context.ocppVersion, (counts.get(context.ocppVersion) ?? 0) + 1);
      return counts;
    },
    /** Handshakes refused before authentication (unknown ids, no subprotocol, throttled), and a sample of ids. */
    refusals: () => handshakes.refusals(),
    /** Chargers whose password is remembered, and handshakes answered from memory / with argon2 (decision 012). */
    credentials: () => handshakes.credentials(),
    flushTelemetry: () => telemetry.flush(),
    /** A draining node: new charger connections are refused with 503 while the rest of the drain goes on. */
    refuseNewConnections: () => ocpp.refuseNewConnections(),
    /** What a drain past its budget names as still open. */
    openWork: () => ({ connections: ocpp.size, answering: ocpp.answering, telemetryRows: telemetry.pending }),
    /**
     * Closes every charger's connection once its calls under way are answered (1012: connect again), then writes
     * everything buffered — telemetry, status, boot and connection marks, the charger log — before the database goes.
     */
    close: () =>
      (closing ??= (async () => {
        handshakes.close();
        lifecycle.stopThrottles();
        await ocpp.close(DRAIN_CLOSE_CODE, 'Service restart: connect again', DRAIN_GRACE_MS);
        await lifecycle.idle();
        await telemetry.close();
        await statuses.idle();
        await connectionMarks.idle();
        await chargerLogIdle();
        await repo.clearConnections(db, bus.nodeId);
      })()),
  };
};

export type OcppServer = ReturnType<typeof createOcppServer>;

/**
 * Stores the availability the network wants for these chargers and re-derives their status, inside the
 * caller's transaction; the OCPP server applies it to each charger now or when it reconnects.
 */
export const setWantedAvailability = async (tx: Transaction, ids: readonly string[], availability: 'operative' | 'inoperative') => {
  await repo.setAvailability(tx, ids, availability);
  await repo.refreshChargerStatusesOf(tx, ids);
};

/** A single node starting holds no charger connection, whatever an earlier run left in the table. */
export const forgetStaleConnections = (db: Executor) => repo.clearConnections(db);
