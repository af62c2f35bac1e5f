import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { OcppCallError, OcppDisconnectedError, OcppTimeoutError } from './ocpp-call-error.ts';
import { isOcpp16Action, validateOcpp16 } from './ocpp-schemas.ts';

/**
 * OCPP-J 1.6 (RPC over WebSocket, §4) for the Central System side: frames, calls both ways, schema checks
 * (strict: every call and answer against the 1.6 JSON schemas) and keep-alive pings.
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

type Frame = [2, string, string, unknown] | [3, string, unknown] | [4, string, string, string, Record<string, unknown>];

type PendingCall = {
  id: string;
  action: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

/** ws reports socket errors on the WebSocket, then closes it; the close is what we act on. */
const ignoreSocketError = () => undefined;

export type OcppServerHooks<S> = {
  /** Decide on a handshake: accept or refuse, at once or later. Throwing refuses it with 500. */
  authenticate: (handshake: OcppHandshake, accept: AcceptHandshake<S>, refuse: RefuseHandshake) => void;
  /** A connection is open (its handshake accepted). */
  connected: (connection: OcppConnection<S>) => void;
  /** Every frame a connection receives, before anything else is done with it (the message budget). */
  received?: (connection: OcppConnection<S>) => void;
  /** Answers a call that passed its schema; throw an OcppCallError to answer a CALLERROR. */
  answer: (connection: OcppConnection<S>, action: string, payload: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** A handler failed with something other than an OcppCallError: answered InternalError, told here. */
  failed: (connection: OcppConnection<S>, action: string, error: unknown) => void;
};

export type OcppServerOptions<S> = OcppServerHooks<S> & {
  /** Subprotocols in the server's order of preference. */
  protocols: readonly string[];
  /** Actions this side answers; other calls get NotImplemented before their payload is checked. */
  actions: ReadonlySet<string>;
  maxFrameBytes: number;
  callTimeoutMs: number;
  pingIntervalMs: number;
  /** Bad frames in a row a connection may send before it is closed (1002). */
  maxBadFrames: number;
};

const OPEN = WebSocket.OPEN;

/** One charger's connection. */
export class OcppConnection<S> {
  #badFrames = 0;
  /** Ids of the charger's calls being answered (OCPP 1.6 allows one at a time; a repeat of one in progress is refused). */
  #answering: Set<string> | undefined;
  /** Our call waiting for its answer: OCPP 1.6 allows one at a time. */
  #pending: PendingCall | undefined;
  /** Calls waiting for the one in flight, in order. */
  #queue: (() => void)[] | undefined;
  #closed = false;
  /** When the next keep-alive ping is due (ms, Date.now()), and whether the last one is still unanswered. */
  nextPingAt: number;
  awaitingPong = false;
  /** Told once when the connection has closed, whoever closed it. */
  onClose: (() => void) | undefined;

  constructor(
    readonly identity: string,
    readonly session: S,
    readonly protocol: string | false,
    readonly socket: WebSocket,
    private readonly server: OcppJsonServer<S>,
  ) {
    this.nextPingAt = Date.now() + server.options.pingIntervalMs;
    socket.on('message', (data: RawData) => this.#receive(data));
    socket.on('pong', () => (this.awaitingPong = false));
    socket.on('error', ignoreSocketError);
    socket.once('close', () => this.#gone());
  }

  get open(): boolean {
    return !this.#closed && this.socket.readyState === OPEN;
  }

  /** Calls the charger (one call in flight at a time; later ones wait their turn) and resolves with its answer. */
  async call(action: string, payload: Record<string, unknown>, timeoutMs = this.server.options.callTimeoutMs): Promise<unknown> {
    // Strict both ways: a payload the charger's schema would refuse is our bug, not the charger's.
    validateOcpp16(action, 'req', payload);
    if (!this.open) throw new OcppDisconnectedError();
    return new Promise((resolve, reject) => {
      const send = () => {
        if (!this.open) return reject(new OcppDisconnectedError());
        const id = randomUUID();
        const timer = setTimeout(() => this.#settle(id, new OcppTimeoutError(action, timeoutMs)), timeoutMs);
        this.#pending = { id, action, resolve, reject, timer };
        this.#send([2, id, action, payload]);
      };
      if (this.#pending) (this.#queue ??= []).push(send);
      else send();
    });
  }

  /** Closes with a close frame (ws ends the socket if the charger does not answer it in time). */
  close(code = 1000, reason = ''): void {
    if (this.socket.readyState === WebSocket.CONNECTING || this.socket.readyState === OPEN) this.socket.close(code, reason);
  }

  terminate(): void {
    this.socket.terminate();
  }

  #send(frame: Frame) {
    if (this.socket.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  #receive(data: RawData) {
    this.server.options.received?.(this);
    // ws hands a text or binary frame over as one Buffer (binaryType 'nodebuffer', its default).
    const text = (Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)])).toString('utf8');
    // Some chargers send empty frames as their own keep-alive.
    if (!text.length) return;
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return this.#badFrame('-1', true, 'Message must be a JSON structure');
    }
    if (!Array.isArray(frame)) return this.#badFrame('-1', true, 'Message must be a JSON array');
    const [type, id] = frame as unknown[];
    if (type !== 2 && type !== 3 && type !== 4) return this.#badFrame('-1', true, 'Message type must be 2, 3 or 4');
    // No answer to a broken CALLRESULT or CALLERROR: answering an answer would start an exchange nobody expects.
    if (typeof id !== 'string') return this.#badFrame('-1', type === 2, 'Message ID must be a string');
    if (type === 2) {
      const action: unknown = frame[2];
      if (typeof action !== 'string') return this.#badFrame(id, true, 'Action must be a string');
      this.#badFrames = 0;
      void this.#answer(id, action, frame[3]);
      return;
    }
    if (this.#pending?.id !== id) return this.#badFrame(id, false, `No call with message ID ${id} is waiting for an answer`);
    this.#badFrames = 0;
    if (type === 3) {
      const result: unknown = frame[2];
      try {
        validateOcpp16(this.#pending.action, 'conf', result);
      } catch (error) {
        return this.#settle(id, error as Error);
      }
      return this.#settle(id, undefined, result);
    }
    const [, , code, description, details] = frame as unknown[];
    this.#settle(
      id,
      new OcppCallError(
        typeof code === 'string' ? code : 'GenericError',
        typeof description === 'string' ? description : '',
        details && typeof details === 'object' ? (details as Record<string, unknown>) : {},
      ),
    );
  }

  /** A frame that breaks OCPP-J: a CALLERROR where one may be sent, and the connection closed after too many in a row. */
  #badFrame(id: string, answer: boolean, message: string) {
    if (++this.#badFrames > this.server.options.maxBadFrames) return this.close(1002, 'Protocol error');
    if (answer) this.#send([4, id, 'FormationViolation', message, {}]);
  }

  async #answer(id: string, action: string, payload: unknown) {
    const answering = (this.#answering ??= new Set());
    if (answering.has(id)) return this.#send([4, id, 'ProtocolError', `Already answering a call with message ID ${id}`, {}]);
    answering.add(id);
    let reply: Frame;
    try {
      const { actions, answer } = this.server.options;
      if (!actions.has(action) || !isOcpp16Action(action)) throw new OcppCallError('NotImplemented', `Unable to handle ${action} calls`);
      validateOcpp16(action, 'req', payload);
      const result = await answer(this, action, payload as Record<string, unknown>);
      try {
        validateOcpp16(action, 'conf', result);
      } catch (error) {
        // Our answer breaks the schema: a bug here, which the charger must not have to parse.
        this.server.options.failed(this, action, error);
        throw new OcppCallError('InternalError', 'An internal error occurred');
      }
      reply = [3, id, result];
    } catch (error) {
      if (error instanceof OcppCallError) reply = [4, id, error.code, error.message, error.details];
      else {
        this.server.options.failed(this, action, error);
        reply = [4, id, 'InternalError', 'An internal error occurred', {}];
      }
    } finally {
      answering.delete(id);
    }
    this.#send(reply);
  }

  /** Ends our call in flight with its answer or error, and sends the next one waiting. */
  #settle(id: string, error: Error | undefined, result?: unknown) {
    const pending = this.#pending;
    if (pending?.id !== id) return;
    clearTimeout(pending.timer);
    this.#pending = undefined;
    if (error) pending.reject(error);
    else pending.resolve(result);
    this.#queue?.shift()?.();
  }

  #gone() {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#pending) this.#settle(this.#pending.id, new OcppDisconnectedError());
    // Each waiting call, once its turn comes, finds the connection closed.
    while (this.#queue?.length) this.#queue.shift()!();
    this.server.forget(this);
    this.onClose?.();
  }
}

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

  /** Closes every connection with `code`, waits up to `graceMs` for their close handshakes, then ends the rest. */
  async close(code = 1001, reason = 'Server shutting down', graceMs = 1000): Promise<void> {
    this.#closing = true;
    clearInterval(this.#pinger);
    const closing = [...this.#connections];
    const closed = closing.map((connection) => new Promise<void>((resolve) => connection.socket.once('close', () => resolve())));
    for (const connection of closing) connection.close(code, reason);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
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
