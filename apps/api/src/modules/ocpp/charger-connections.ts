import type { FastifyBaseLogger } from 'fastify';
import { createKeyedQueue } from '../../lib/keyed-queue.ts';
import type { OcppConnection } from '../../lib/ocpp-j/ocpp-connection.ts';
import type { createConnectionWriter } from './connection-writer.ts';
import type { HandshakeSession } from './ocpp-handshake.ts';
import type { ChargerContext } from './ocpp-context.ts';
import { createMessageThrottle, type OcppLimits } from './ocpp-guard.ts';
import type { TelemetryWriter } from './telemetry-writer.ts';

/** What a connection carries from its handshake, and once open, the charger it is. */
export type ChargerLink = {
  session: HandshakeSession;
  context?: ChargerContext;
  throttle?: ReturnType<typeof createMessageThrottle>;
};
export type ChargerConnection = OcppConnection<ChargerLink>;

/** The chargers connected to this node, by charger code. */
export type ChargerConnections = Map<string, { connection: ChargerConnection; context: ChargerContext }>;

type Dependencies = {
  connections: ChargerConnections;
  limits: OcppLimits;
  telemetry: TelemetryWriter;
  connectionMarks: ReturnType<typeof createConnectionWriter>;
  logEvent: (chargerCode: string, chargerId: string, kind: 'connected' | 'disconnected', summary: string) => void;
  publish: (charger: Pick<ChargerContext, 'id' | 'chargerCode' | 'locationId'>, reason: string) => void;
  /** After a connection of a charger that booted before: re-apply what the network wants of it (maintenance). */
  reapply: (context: ChargerContext) => Promise<void>;
  now: () => Date;
  log: FastifyBaseLogger;
};

/**
 * A connection's life once its handshake is accepted: the charger it is, its message budget, replacing an older
 * connection of the same charger, and its connected/disconnected marks.
 */
export const createConnectionLifecycle = ({
  connections,
  limits,
  telemetry,
  connectionMarks,
  logEvent,
  publish,
  reapply,
  now,
  log,
}: Dependencies) => {
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

  const closed = (connection: ChargerConnection, context: ChargerContext) => {
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

  const opened = (connection: ChargerConnection) => {
    const link = connection.session;
    const { session } = link;
    if ('wrongSubprotocol' in session) {
      connection.close(1002, 'OCPP needs the ocpp1.6 or ocpp2.0.1 subprotocol');
      return;
    }
    const throttle = createMessageThrottle(connection.socket, limits);
    throttles.add(throttle);
    const context: ChargerContext = {
      id: session.id,
      chargerCode: connection.identity,
      locationId: session.locationId,
      ocppVersion: session.version,
      booted: session.identity !== null,
      identity: session.identity,
      sessions: new Map(),
      chargerTransactions: new Map(),
      connectorStatuses: new Map(),
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
      closed(connection, context);
    };

    const recorded = inConnectionOrder(context.chargerCode, async () => {
      // The version is written only when it changed (a firmware update moved the charger): the same row either way.
      await connectionMarks.connected(context.id, now(), session.recordedVersion === session.version ? undefined : session.version);
      logEvent(context.chargerCode, context.id, 'connected', 'Connected');
      publish(context, 'connected');
    });
    // After the connection is recorded, outside the order: a charger's answer must not hold up its next state write.
    if (context.booted)
      void recorded.then(() => reapply(context)).catch((error: Error) => log.warn({ err: error.message }, 'Charger availability not applied'));
  };

  return {
    opened,
    /** A connection held back by its message budget must read the close handshake. */
    stopThrottles: () => {
      for (const throttle of throttles) throttle.stop();
    },
    /** Resolves once every connected/disconnected mark queued so far is written (a drain waits for the last ones). */
    idle: () => connectionWrites.idle(),
  };
};
