import { OCPP_PATH, OCPP_SUBPROTOCOL, type ChargerEventKind } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import ocppRpc, { RPCServer } from 'ocpp-rpc';
import type { Database } from '../../db/client.ts';
import { verifyChargerPassword } from './charger-password.ts';
import type { ClusterBus, CommandReply } from './cluster-bus.ts';
import { createMessageHandlers, type ChargerContext } from './ocpp-messages.ts';
import * as repo from './ocpp.repository.ts';
import { TelemetryWriter } from './telemetry-writer.ts';

/** The connection object ocpp-rpc hands us; its typings are narrower than what it does. */
type RpcClient = {
  identity: string;
  session: Record<string, unknown>;
  handle: (method: string, handler: (call: { params?: Record<string, unknown> }) => Promise<unknown>) => void;
  call: (method: string, params: Record<string, unknown>, options?: { callTimeoutMs?: number }) => Promise<unknown>;
  close: (options?: { code?: number; reason?: string; force?: boolean }) => Promise<unknown>;
  on: (event: 'close', listener: () => void) => void;
};

// ocpp-rpc spreads its error classes into module.exports, which Node's ESM named imports cannot see.
const { TimeoutError } = ocppRpc;

export type OcppServerOptions = {
  db: Database;
  bus: ClusterBus;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How long a charger has to answer a command. */
  callTimeoutMs?: number;
  telemetryFlushMs?: number;
};

export type CommandOutcome = CommandReply;

/**
 * The OCPP 1.6J endpoint on the API's own HTTP server: `/ocpp/{chargerId}`, subprotocol ocpp1.6,
 * HTTP Basic per charger (security profile 1). Messages are validated by ocpp-rpc against the OCPP
 * JSON schemas before our handlers see them.
 */
export const createOcppServer = (options: OcppServerOptions) => {
  const { db, bus, log, now } = options;
  const callTimeoutMs = options.callTimeoutMs ?? 15_000;
  const connections = new Map<string, { client: RpcClient; context: ChargerContext }>();

  const publish = (charger: Pick<ChargerContext, 'id' | 'chargerCode' | 'locationId'>, reason: string) =>
    bus.publishLive({ id: charger.id, chargerId: charger.chargerCode, locationId: charger.locationId, reason, at: now().toISOString() });

  const logEvent = (chargerCode: string, chargerId: string | null, kind: ChargerEventKind, summary: string, detail?: Record<string, unknown>) =>
    void repo.insertChargerEvent(db, { chargerCode, chargerId, kind, summary, detail: detail ?? null }).catch((error: Error) => log.warn({ err: error.message }, 'Charger event not recorded'));

  const telemetry = new TelemetryWriter(db, log, (chargers) => chargers.forEach((charger) => publish(charger, 'meter-values')), options.telemetryFlushMs);

  /** A call to a charger connected here; errors become replies so remote nodes get the same answer. */
  const callLocal = async (chargerCode: string, method: string, params: Record<string, unknown>, requestId = ''): Promise<CommandReply> => {
    const connection = connections.get(chargerCode);
    if (!connection) return { requestId, ok: false, code: 'CHARGER_OFFLINE', message: 'The charger is not connected' };
    try {
      return { requestId, ok: true, result: await connection.client.call(method, params, { callTimeoutMs }) };
    } catch (error) {
      if (error instanceof TimeoutError) return { requestId, ok: false, code: 'CHARGER_NO_ANSWER', message: 'The charger did not answer in time' };
      return { requestId, ok: false, code: 'CHARGER_CALL_FAILED', message: (error as Error).message };
    }
  };

  /**
   * Maintenance started or ended while the charger was offline (or before it rebooted) is applied when it is
   * back. A charger keeps Inoperative across restarts, so one last seen Unavailable is told Operative again.
   */
  const applyWantedAvailability = async (context: ChargerContext) => {
    const charger = await repo.findChargerByCode(db, context.chargerCode);
    if (!charger) return;
    const inMaintenance = charger.availability === 'inoperative';
    if (!inMaintenance && !(await repo.hasUnavailableConnector(db, charger.id))) return;
    const type = inMaintenance ? 'Inoperative' : 'Operative';
    const reply = await callLocal(context.chargerCode, 'ChangeAvailability', { connectorId: 0, type });
    const outcome = reply.ok ? String((reply.result as { status?: string }).status) : reply.message;
    logEvent(context.chargerCode, context.id, 'command', `${inMaintenance ? 'Maintenance' : 'Back in service'} applied on reconnect: ${outcome}`);
  };

  const messages = createMessageHandlers({
    db,
    telemetry,
    now,
    effects: {
      changed: publish,
      booted: (context) => void applyWantedAvailability(context).catch((error: Error) => log.warn({ err: error.message }, 'Maintenance not re-applied')),
      event: (context, kind, summary, detail) => logEvent(context.chargerCode, context.id, kind, summary, detail),
    },
  });

  const rpc = new RPCServer({
    protocols: [OCPP_SUBPROTOCOL],
    strictMode: true,
    // A charger sending garbage is cut off rather than allowed to keep the connection busy.
    maxBadMessages: 10,
    callTimeoutMs,
    pingIntervalMs: 60_000,
    respondWithDetailedErrors: true,
  });

  rpc.auth((accept, reject, handshake) => {
    const chargerCode = handshake.identity;
    const remote = handshake.remoteAddress ?? 'unknown';
    const refuse = (status: number, reason: string, chargerId: string | null) => {
      log.warn({ chargerCode, remote, reason }, 'Charger refused');
      logEvent(chargerCode, chargerId, 'refused', `Connection refused: ${reason}`, { remoteAddress: remote });
      reject(status, reason);
    };
    if (handshake.endpoint !== OCPP_PATH) return refuse(404, 'unknown endpoint', null);
    void (async () => {
      const charger = await repo.findChargerByCode(db, chargerCode);
      // The same answer for an unknown id and a wrong password: no probing for registered ids.
      if (!charger) return refuse(401, 'unknown charger', null);
      if (!charger.ocppPasswordHash || !handshake.password) return refuse(401, 'no password', charger.id);
      if (!(await verifyChargerPassword(charger.ocppPasswordHash, handshake.password.toString('utf8')))) return refuse(401, 'wrong password', charger.id);
      accept({ id: charger.id, locationId: charger.locationId, booted: charger.booted });
    })().catch((error: Error) => {
      log.error({ err: error, chargerCode }, 'Charger authentication failed');
      reject(500, 'authentication unavailable');
    });
  });

  rpc.on('client', (rawClient: unknown) => {
    const client = rawClient as RpcClient;
    const session = client.session as { id: string; locationId: string; booted: boolean };
    const context: ChargerContext = { id: session.id, chargerCode: client.identity, locationId: session.locationId, booted: session.booted, sessions: new Map() };
    // A second connection for the same charger replaces the first (it reconnected before we saw the drop).
    const previous = connections.get(context.chargerCode);
    connections.set(context.chargerCode, { client, context });
    if (previous) void previous.client.close({ code: 1000, reason: 'Replaced by a new connection' });

    // One handler per action: anything else is answered NotImplemented by ocpp-rpc before validation.
    for (const method of messages.methods) client.handle(method, ({ params }) => messages.handle(context, method, params ?? {}));
    client.on('close', () => {
      if (connections.get(context.chargerCode)?.client !== client) return;
      connections.delete(context.chargerCode);
      void (async () => {
        await telemetry.flush();
        if (await repo.markDisconnected(db, context.id, bus.nodeId)) {
          const refreshed = await repo.refreshChargerStatus(db, context.id);
          logEvent(context.chargerCode, context.id, 'disconnected', 'Disconnected');
          publish({ ...context, locationId: refreshed?.locationId ?? context.locationId }, 'disconnected');
        }
      })().catch((error: Error) => log.warn({ err: error.message }, 'Charger disconnect not recorded'));
    });

    void (async () => {
      await repo.markConnected(db, context.id, bus.nodeId, now());
      await repo.refreshChargerStatus(db, context.id);
      logEvent(context.chargerCode, context.id, 'connected', 'Connected');
      publish(context, 'connected');
      if (context.booted) await applyWantedAvailability(context);
    })().catch((error: Error) => log.warn({ err: error.message }, 'Charger connection not recorded'));
  });

  bus.handleCommands((request) => callLocal(request.chargerCode, request.method, request.params, request.requestId));

  const isOcppUpgrade = (request: IncomingMessage) => (request.url ?? '').startsWith(`${OCPP_PATH}/`);

  return {
    /** For the HTTP server's 'upgrade' event. */
    handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
      if (!isOcppUpgrade(request)) return false;
      void rpc.handleUpgrade(request, socket as never, head);
      return true;
    },
    /**
     * A command to a charger wherever it is connected: here, or through Redis on the node holding it.
     * `connectedNode` comes from the database, which every node updates when a charger (dis)connects.
     */
    call: async (chargerCode: string, connectedNode: string | null, method: string, params: Record<string, unknown>): Promise<CommandReply> => {
      if (connections.has(chargerCode)) return callLocal(chargerCode, method, params);
      if (!connectedNode || connectedNode === bus.nodeId || !bus.clustered) return { requestId: '', ok: false, code: 'CHARGER_OFFLINE', message: 'The charger is not connected' };
      try {
        return await bus.sendCommand(connectedNode, { chargerCode, method, params }, callTimeoutMs + 2_000);
      } catch (error) {
        return { requestId: '', ok: false, code: 'CHARGER_OFFLINE', message: (error as Error).message };
      }
    },
    logEvent,
    publish,
    connectedCount: () => connections.size,
    flushTelemetry: () => telemetry.flush(),
    close: async () => {
      await rpc.close({ code: 1001, reason: 'Server shutting down', force: false, awaitPending: false });
      await telemetry.close();
      await repo.clearConnections(db, bus.nodeId);
    },
  };
};

export type OcppServer = ReturnType<typeof createOcppServer>;
