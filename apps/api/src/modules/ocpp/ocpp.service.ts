import { OCPP_PATH, OCPP_SUBPROTOCOL } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { ClusterBus, CommandReply } from '../../lib/cluster-bus.ts';
import { createKeyedQueue } from '../../lib/keyed-queue.ts';
import { createChargerLog } from './charger-log.ts';
import { createConnectionWriter } from './connection-writer.ts';
import { OcppCallError, OcppTimeoutError } from '../../lib/ocpp-j/ocpp-call-error.ts';
import { createHandshake, type HandshakeSession } from './ocpp-handshake.ts';
import { createMessageThrottle, DEFAULT_OCPP_LIMITS, type OcppLimits } from './ocpp-guard.ts';
import type { OcppConnection } from '../../lib/ocpp-j/ocpp-connection.ts';
import { OcppJsonServer } from '../../lib/ocpp-j/ocpp-json-rpc.ts';
import { createMessageHandlers, type ChargerContext, type IdTagAuthority, type OcppPricing } from './ocpp-messages.ts';
import * as repo from './ocpp.repository.ts';
import { createStatusWriter } from './status-writer.ts';
import { TelemetryWriter } from './telemetry-writer.ts';
import { createWantedAvailability } from './wanted-availability.ts';

/** What a connection carries from its handshake, and once open, the charger it is. */
type ChargerLink = {
  session: HandshakeSession;
  context?: ChargerContext;
  throttle?: ReturnType<typeof createMessageThrottle>;
};
type ChargerConnection = OcppConnection<ChargerLink>;

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
  /** Frame size, message rate and handshake limits (decision 011); unset ones take the defaults. */
  limits?: Partial<OcppLimits>;
};

/** A charger event on this node: reason is connected, disconnected, boot, status, session-started, session-stopped, meter-values. */
export type ChargerListener = (charger: { id: string; chargerCode: string; locationId: string }, reason: string) => void;

/**
 * The OCPP 1.6J endpoint on the API's own HTTP server: `/ocpp/{chargerId}`, subprotocol ocpp1.6,
 * HTTP Basic per charger (security profile 1). Messages are checked against the OCPP 1.6 JSON schemas
 * (ocpp-json-rpc.ts) before our handlers see them.
 */
export const createOcppServer = (options: OcppServerOptions) => {
  const { db, bus, log, now } = options;
  const callTimeoutMs = options.callTimeoutMs ?? 15_000;
  const limits: OcppLimits = { ...DEFAULT_OCPP_LIMITS, ...options.limits };
  // OCPP 1.6 lets a charger have one call outstanding; one that pipelines past its budget gets this, unhandled.
  const overBudgetError = new OcppCallError(
    'GenericError',
    `Too many messages: at most ${limits.messagesPerSecond} a second; wait for each answer before the next call`,
  );
  const connections = new Map<string, { connection: ChargerConnection; context: ChargerContext }>();
  const throttles = new Set<ReturnType<typeof createMessageThrottle>>();
  /**
   * A charger's connected/disconnected writes, in the order the sockets opened and closed: a charger that drops and
   * reconnects at once must not have its old socket's "disconnected" (written after a telemetry flush) land after
   * the new socket's "connected" — it would show offline while connected.
   */
  const connectionWrites = createKeyedQueue();
  const inConnectionOrder = (chargerCode: string, write: () => Promise<void>) =>
    connectionWrites.run(chargerCode, write).catch((error: Error) => {
      log.warn({ err: error.message, chargerCode }, 'Charger connection state not recorded');
    });

  /** Other modules that act on what chargers do here (dynamic power re-shares on session starts and reconnects). */
  const listeners: ChargerListener[] = [];
  /** Told each FirmwareStatusNotification's status (firmware campaigns follow their chargers with it). */
  const firmwareListeners: ((chargerId: string, status: string) => void)[] = [];
  const publish = (charger: Pick<ChargerContext, 'id' | 'chargerCode' | 'locationId'>, reason: string) => {
    bus.publishLive({ id: charger.id, chargerId: charger.chargerCode, locationId: charger.locationId, reason, at: now().toISOString() });
    for (const listener of listeners) listener({ id: charger.id, chargerCode: charger.chargerCode, locationId: charger.locationId }, reason);
  };

  const { logEvent, idle: chargerLogIdle } = createChargerLog(db, log);

  const telemetry = new TelemetryWriter(
    db,
    log,
    (chargers) => chargers.forEach((charger) => publish(charger, 'meter-values')),
    options.telemetryFlushMs,
    options.telemetryBatchRows,
  );

  /** A call to a charger connected here; errors become replies so remote nodes get the same answer. */
  const callLocal = async (chargerCode: string, method: string, params: Record<string, unknown>, requestId = ''): Promise<CommandReply> => {
    const connection = connections.get(chargerCode);
    if (!connection) return { requestId, ok: false, code: 'CHARGER_OFFLINE', message: 'The charger is not connected' };
    if (method === 'ChangeAvailability') connection.context.availabilityCalls += 1;
    try {
      return { requestId, ok: true, result: await connection.connection.call(method, params, callTimeoutMs) };
    } catch (error) {
      if (error instanceof OcppTimeoutError)
        return { requestId, ok: false, code: 'CHARGER_NO_ANSWER', message: 'The charger did not answer in time' };
      return { requestId, ok: false, code: 'CHARGER_CALL_FAILED', message: (error as Error).message };
    }
  };

  const applyWantedAvailability = createWantedAvailability({ db, callLocal, logEvent });

  /** RemoteStopTransaction for a session at its driver's kWh limit; the answer goes to the charger log. */
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

  const statuses = createStatusWriter(db);
  const connectionMarks = createConnectionWriter(db, bus.nodeId);

  const messages = createMessageHandlers({
    db,
    telemetry,
    statuses,
    now,
    pricing: options.pricing,
    log,
    idTags: options.idTags,
    effects: {
      limitReached: (context, transactionId, limitWh) =>
        void stopAtLimit(context, transactionId, limitWh).catch((error: Error) =>
          log.warn({ err: error.message }, 'Session not stopped at its limit'),
        ),
      changed: publish,
      booted: (context) =>
        void applyWantedAvailability(context).catch((error: Error) => log.warn({ err: error.message }, 'Maintenance not re-applied')),
      event: (context, kind, summary, detail) => {
        logEvent(context.chargerCode, context.id, kind, summary, detail);
        if (kind === 'fault') options.onFault?.(context.id, summary);
        if (kind === 'firmware' && typeof detail?.status === 'string') for (const listener of firmwareListeners) listener(context.id, detail.status);
      },
    },
  });

  const handshakes = createHandshake({
    db,
    log,
    limits,
    recordRefusal: (chargerCode, chargerId, reason, remoteAddress) =>
      logEvent(chargerCode, chargerId, 'refused', `Connection refused: ${reason}`, { remoteAddress }),
  });

  const opened = (connection: ChargerConnection) => {
    const link = connection.session;
    const { session } = link;
    if ('wrongSubprotocol' in session) {
      connection.close(1002, 'OCPP 1.6 needs the ocpp1.6 subprotocol');
      return;
    }
    const throttle = createMessageThrottle(connection.socket, limits);
    throttles.add(throttle);
    const context: ChargerContext = {
      id: session.id,
      chargerCode: connection.identity,
      locationId: session.locationId,
      booted: session.identity !== null,
      identity: session.identity,
      sessions: new Map(),
      limits: new Map(),
      unknownTransactions: new Set(),
      availabilityCalls: 0,
    };
    link.context = context;
    link.throttle = throttle;
    // A second connection for the same charger replaces the first (it reconnected before we saw the drop).
    const previous = connections.get(context.chargerCode);
    connections.set(context.chargerCode, { connection, context });
    if (previous) previous.connection.close(1000, 'Replaced by a new connection');

    connection.onClose = () => {
      throttle.stop();
      throttles.delete(throttle);
      if (connections.get(context.chargerCode)?.connection !== connection) return;
      connections.delete(context.chargerCode);
      void inConnectionOrder(context.chargerCode, async () => {
        await telemetry.flush();
        const refreshed = await connectionMarks.disconnected(context.id);
        if (refreshed) {
          logEvent(context.chargerCode, context.id, 'disconnected', 'Disconnected');
          publish({ ...context, locationId: refreshed.locationId }, 'disconnected');
        }
      });
    };

    const recorded = inConnectionOrder(context.chargerCode, async () => {
      await connectionMarks.connected(context.id, now());
      logEvent(context.chargerCode, context.id, 'connected', 'Connected');
      publish(context, 'connected');
    });
    // After the connection is recorded, outside the order: a charger's answer must not hold up its next state write.
    if (context.booted)
      void recorded
        .then(() => applyWantedAvailability(context))
        .catch((error: Error) => log.warn({ err: error.message }, 'Charger availability not applied'));
  };

  const ocpp = new OcppJsonServer<ChargerLink>({
    protocols: [OCPP_SUBPROTOCOL],
    actions: new Set(messages.methods),
    // ws's default is 100 MiB: one such frame held the event loop for every other charger.
    maxFrameBytes: limits.maxFrameBytes,
    callTimeoutMs,
    pingIntervalMs: PING_INTERVAL_MS,
    // A charger sending garbage is cut off rather than allowed to keep the connection busy.
    maxBadFrames: 10,
    authenticate: (handshake, accept, refuse) => handshakes.authenticate(handshake, (session, protocol) => accept({ session }, protocol), refuse),
    connected: opened,
    received: (connection) => connection.session.throttle?.received(),
    answer: async (connection, action, payload) => {
      const { context, throttle } = connection.session;
      if (!context) throw new OcppCallError('SecurityError', 'This connection is not a charger of this network');
      if (throttle?.overBudget()) throw overBudgetError;
      return messages.handle(context, action, payload);
    },
    failed: (connection, action, error) => log.error({ err: error, chargerCode: connection.identity, action }, 'OCPP call not answered'),
  });

  bus.handleCommands((request) => callLocal(request.chargerCode, request.method, request.params, request.requestId));

  const isOcppUpgrade = (request: IncomingMessage) => (request.url ?? '').startsWith(`${OCPP_PATH}/`);

  return {
    /** For the HTTP server's 'upgrade' event. */
    handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
      if (!isOcppUpgrade(request)) return false;
      ocpp.handleUpgrade(request, socket, head);
      return true;
    },
    /**
     * A command to a charger wherever it is connected: here, or through Redis on the node holding it.
     * `connectedNode` comes from the database, which every node updates when a charger (dis)connects.
     */
    call: async (chargerCode: string, connectedNode: string | null, method: string, params: Record<string, unknown>): Promise<CommandReply> => {
      if (connections.has(chargerCode)) return callLocal(chargerCode, method, params);
      if (!connectedNode || connectedNode === bus.nodeId || !bus.clustered)
        return { requestId: '', ok: false, code: 'CHARGER_OFFLINE', message: 'The charger is not connected' };
      try {
        return await bus.sendCommand(connectedNode, { chargerCode, method, params }, callTimeoutMs + 2_000);
      } catch (error) {
        return { requestId: '', ok: false, code: 'CHARGER_OFFLINE', message: (error as Error).message };
      }
    },
    logEvent,
    publish,
    onChargerEvent: (listener: ChargerListener) => void listeners.push(listener),
    onFirmwareStatus: (listener: (chargerId: string, status: string) => void) => void firmwareListeners.push(listener),
    connectedCount: () => connections.size,
    /** Handshakes refused before authentication (unknown ids, no subprotocol, throttled), and a sample of ids. */
    refusals: () => handshakes.refusals(),
    /** Chargers whose password is remembered, and handshakes answered from memory / with argon2 (decision 012). */
    credentials: () => handshakes.credentials(),
    flushTelemetry: () => telemetry.flush(),
    close: async () => {
      handshakes.close();
      // A connection held back by its message budget must read the close handshake.
      for (const throttle of throttles) throttle.stop();
      await ocpp.close(1001, 'Server shutting down');
      await telemetry.close();
      await statuses.idle();
      await connectionMarks.idle();
      await chargerLogIdle();
      await repo.clearConnections(db, bus.nodeId);
    },
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
