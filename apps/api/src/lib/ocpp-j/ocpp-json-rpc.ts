import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
import type { Ocpp201Action, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import { WebSocketServer } from 'ws';
import { ignoreSocketError, OcppConnection, type OcppTraffic } from './ocpp-connection.ts';

/**
 * OCPP-J 1.6 and 2.0.1 (RPC over WebSocket, §4 of each) for the Central System / CSMS side: the endpoint, which reads a charger's
 * handshake (identity, Basic password, subprotocol), holds the connections and pings them. Each connection's frames
 * and calls both ways, checked against the JSON schemas of the version its subprotocol names, are ocpp-connection.ts.
 *
 * Our own rather than ocpp-rpc's server: at thousands of chargers per node its generality was what a connection
 * cost. Measured on this machine with 2,000 idle sockets, ocpp-rpc held 13.9 KB of heap per connection against 3.4
 * for ws alone (the handshake's request and headers kept for the connection's life, a keep-alive loop with its
 * abort controller and emitter, a handler map), and spent about 20 µs more per Heartbeat (decision 068). OCPP 1.6's
 * rules make the simpler shape enough: one outstanding call each way per charger, answered in order.
 */

/** What a charger's upgrade request says about it, for the endpoint to accept or refuse. */
export type OcppHandshake = {
  /** The last path segment, decoded: the charger's identity. */
  identity: string;
  /** The path before it, e.g. `/ocpp`. */
  endpoint: string;
  remoteAddress: string | undefined;
  /** Subprotocols the charger offers. */
  protocols: ReadonlySet<string>;
  /** HTTP Basic password, when the user part is the identity (security profile 1); bytes, as OCPP allows binary keys. */
  password: Buffer | undefined;
};

/** Accept with what the connection should carry; `protocol: false` completes the handshake with no subprotocol. */
export type AcceptHandshake<S> = (session: S, protocol?: string | false) => void;
export type RefuseHandshake = (status: number, message: string) => void;

export type OcppServerHooks<S> = {
  /** Decide on a handshake: accept or refuse, at once or later. Throwing refuses it with 500. */
  authenticate: (handshake: OcppHandshake, accept: AcceptHandshake<S>, refuse: RefuseHandshake) => void;
  /** A connection is open (its handshake accepted). */
  connected: (connection: OcppConnection<S>) => void;
  /** Every frame a connection receives, before anything else is done with it (the message budget). */
  received?: (connection: OcppConnection<S>) => void;
  /** Answers a call that passed its schema (so its payload has the action's type); throw an OcppCallError to answer a CALLERROR. */
  answer: <A extends Ocpp16Action>(connection: OcppConnection<S>, action: A, payload: Ocpp16Request<A>) => Promise<Ocpp16Response<A>>;
  /** The same for a connection accepted with ocpp2.0.1. */
  answer201?: <A extends Ocpp201Action>(connection: OcppConnection<S>, action: A, payload: Ocpp201Request<A>) => Promise<Ocpp201Response<A>>;
  /** A handler failed with something other than an OcppCallError: answered InternalError, told here. */
  failed: (connection: OcppConnection<S>, action: string, error: unknown) => void;
  /** Told of messages, call round trips and rejected frames (metrics). */
  traffic?: OcppTraffic;
};

export type OcppServerOptions<S> = OcppServerHooks<S> & {
  /** Subprotocols in the server's order of preference (the highest version first). */
  protocols: readonly string[];
  /** Actions this side answers on a 1.6 connection; other calls get NotImplemented before their payload is checked. */
  actions: ReadonlySet<string>;
  /** The same on a 2.0.1 connection. */
  actions201?: ReadonlySet<string>;
  maxFrameBytes: number;
  callTimeoutMs: number;
  pingIntervalMs: number;
  /** Bad frames in a row a connection may send before it is closed (1002). */
  maxBadFrames: number;
};

/** `Basic base64(identity:password)`; the password may hold any bytes, and the user part must be the identity. */
const basicPassword = (header: string | undefined, identity: string): Buffer | undefined => {
  const encoded = header ? /^ *[Bb][Aa][Ss][Ii][Cc] +([A-Za-z0-9._~+/-]+=*) *$/.exec(header)?.[1] : undefined;
  if (!encoded) return undefined;
  const credentials = Buffer.from(encoded, 'base64');
  const user = Buffer.from(`${identity}:`);
  return credentials.subarray(0, user.length).equals(user) ? credentials.subarray(user.length) : undefined;
};

const offeredProtocols = (header: string | undefined): Set<string> =>
  new Set(
    (header ?? '')
      .split(',')
      .map((protocol) => protocol.trim())
      .filter(Boolean),
  );

/** Waits for `work` at most `ms`. */
const within = async (ms: number, work: Promise<unknown>) => {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
};

/** An HTTP answer to an upgrade we refuse, then the socket closed. */
const refuseUpgrade = (socket: Duplex, status: number, message: string) => {
  // A charger that hangs up as it is answered must not make the write's error an uncaught one.
  socket.on('error', ignoreSocketError);
  if (socket.writable) {
    const body = message || STATUS_CODES[status] || '';
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
};

/** The OCPP-J endpoint: upgrades HTTP requests it is handed, and holds the connections. */
export class OcppJsonServer<S> {
  readonly #wss: WebSocketServer;
  readonly #connections = new Set<OcppConnection<S>>();
  /** The subprotocol chosen for an upgrade in progress, for ws's handleProtocols. */
  readonly #chosen = new WeakMap<IncomingMessage, string | false>();
  readonly #pinger: NodeJS.Timeout;
  #closing = false;

  constructor(readonly options: OcppServerOptions<S>) {
    this.#wss = new WebSocketServer({
      noServer: true,
      // Our own set below; ws's would be a second.
      clientTracking: false,
      maxPayload: options.maxFrameBytes,
      handleProtocols: (_offered, request) => this.#chosen.get(request) ?? false,
    });
    // One timer for every connection's keep-alive, not one per connection: each is pinged pingIntervalMs after it
    // opened (so pings spread as connections did) and closed when the next is due with the last unanswered.
    this.#pinger = setInterval(() => this.#ping(), Math.min(1000, options.pingIntervalMs));
    this.#pinger.unref();
  }

  get size(): number {
    return this.#connections.size;
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    let settled = false;
    const abandon = () => {
      settled = true;
    };
    const release = () => {
      socket.off('close', abandon);
      socket.off('error', abandon);
    };
    const refuse: RefuseHandshake = (status, message) => {
      if (settled) return;
      settled = true;
      release();
      refuseUpgrade(socket, status, message);
    };
    const accept: AcceptHandshake<S> = (session, protocol) => {
      if (settled) return;
      settled = true;
      release();
      if (socket.destroyed || this.#closing) return void socket.destroy();
      const chosen = protocol === undefined ? (this.options.protocols.find((offered) => handshake.protocols.has(offered)) ?? false) : protocol;
      if (chosen !== false && !handshake.protocols.has(chosen)) return refuseUpgrade(socket, 400, 'The charger does not offer that subprotocol');
      this.#chosen.set(request, chosen);
      this.#wss.handleUpgrade(request, socket, head, (ws) => {
        const connection = new OcppConnection(handshake.identity, session, chosen, ws, this);
        if (this.#closing) return connection.close(1001, 'Server shutting down');
        this.#connections.add(connection);
        this.options.connected(connection);
      });
    };
    // A charger that hangs up while it is being looked up leaves nothing to answer.
    socket.once('close', abandon);
    socket.once('error', abandon);
    if (this.#closing) return refuse(503, 'Server shutting down');
    const path = (request.url ?? '/').split('?')[0]!;
    const segments = path.split('/');
    let identity: string;
    try {
      identity = decodeURIComponent(segments.pop() ?? '');
    } catch {
      return refuse(400, 'The charger identity in the path is not valid percent-encoding');
    }
    const handshake: OcppHandshake = {
      identity,
      endpoint: segments.join('/') || '/',
      remoteAddress: request.socket.remoteAddress,
      protocols: offeredProtocols(request.headers['sec-websocket-protocol']),
      password: basicPassword(request.headers.authorization, identity),
    };
    try {
      this.options.authenticate(handshake, accept, refuse);
    } catch {
      refuse(500, 'Authentication unavailable');
    }
  }

  /** Called by a connection that closed. */
  forget(connection: OcppConnection<S>): void {
    this.#connections.delete(connection);
  }

  /** New handshakes refused with 503 from now on (a draining node: the balancer sends the charger elsewhere). */
  refuseNewConnections(): void {
    this.#closing = true;
  }

  /** Calls of chargers being answered now, over every connection. */
  get answering(): number {
    let calls = 0;
    for (const connection of this.#connections) calls += connection.answering;
    return calls;
  }

  /**
   * Closes every connection with `code` once the calls it is answering are answered (up to `graceMs`), waits up to
   * `graceMs` more for the close handshakes, then ends the rest. New handshakes are refused from the start.
   */
  async close(code = 1001, reason = 'Server shutting down', graceMs = 1000): Promise<void> {
    this.#closing = true;
    clearInterval(this.#pinger);
    const closing = [...this.#connections];
    const closed = closing.map((connection) => new Promise<void>((resolve) => connection.socket.once('close', () => resolve())));
    await within(graceMs, Promise.all(closing.map((connection) => connection.closeAfterAnswers(code, reason))));
    // A connection still answering after the grace is closed all the same.
    for (const connection of closing) connection.close(code, reason);
    await within(graceMs, Promise.all(closed));
    for (const connection of this.#connections) connection.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #ping() {
    const now = Date.now();
    for (const connection of this.#connections) {
      if (connection.nextPingAt > now) continue;
      if (connection.awaitingPong) {
        connection.terminate();
        continue;
      }
      connection.awaitingPong = true;
      connection.nextPingAt = now + this.options.pingIntervalMs;
      connection.socket.ping();
    }
  }
}
