import { randomUUID } from 'node:crypto';
import { WebSocket, type RawData } from 'ws';
import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
import type { Ocpp201Action, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import { OcppCallError, OcppDisconnectedError, OcppTimeoutError } from './ocpp-call-error.ts';
import { dialectOf, type OcppDialect } from './ocpp-dialect.ts';
import { withOcppSpan } from '../tracing/spans.ts';

/**
 * One charger's OCPP-J connection (§4): its frames, its calls both ways (one outstanding each way, as OCPP 1.6
 * and 2.0.1 allow, later ones in order) and the schema checks on them, in the dialect of the subprotocol it was
 * accepted with (ocpp-dialect.ts). The endpoint that accepts connections and pings them
 * is ocpp-json-rpc.ts.
 */

type Frame = [2, string, string, unknown] | [3, string, unknown] | [4, string, string, string, Record<string, unknown>];

/** How one of our calls to a charger ended. */
export type CallOutcome = 'result' | 'error' | 'timeout' | 'disconnected';
/** Why a frame from a charger was turned away before any handler saw it. */
export type RejectedFrame = 'malformed' | 'unexpected_answer' | 'duplicate_call' | 'not_implemented' | 'invalid_payload' | 'over_budget';

/**
 * What connections tell metrics, on the message path (so: cheap). `action` is always one of the version's own
 * action names — a charger's unknown one is a rejected frame — so label sets stay bounded.
 */
export type OcppTraffic = {
  received: (version: OcppDialect['version'], action: string) => void;
  sent: (version: OcppDialect['version'], action: string) => void;
  settled: (version: OcppDialect['version'], action: string, seconds: number, outcome: CallOutcome) => void;
  rejected: (reason: RejectedFrame) => void;
};

const outcomeOf = (error: Error | undefined): CallOutcome =>
  error === undefined ? 'result' : error instanceof OcppTimeoutError ? 'timeout' : error instanceof OcppDisconnectedError ? 'disconnected' : 'error';

type PendingCall = {
  id: string;
  action: string;
  /** performance.now() when the call was sent: its round trip. */
  sentAt: number;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

/** What a connection needs of the endpoint that accepted it (OcppJsonServer, ocpp-json-rpc.ts, is one). */
export type OcppConnectionHost<S> = {
  readonly options: {
    callTimeoutMs: number;
    pingIntervalMs: number;
    /** Bad frames in a row a connection may send before it is closed (1002). */
    maxBadFrames: number;
    /** Actions this side answers on a 1.6 connection; other calls get NotImplemented before their payload is checked. */
    actions: ReadonlySet<string>;
    /** The same on a 2.0.1 connection; none when 2.0.1 is not answered at all. */
    actions201?: ReadonlySet<string>;
    received?: (connection: OcppConnection<S>) => void;
    answer: <A extends Ocpp16Action>(connection: OcppConnection<S>, action: A, payload: Ocpp16Request<A>) => Promise<Ocpp16Response<A>>;
    answer201?: <A extends Ocpp201Action>(connection: OcppConnection<S>, action: A, payload: Ocpp201Request<A>) => Promise<Ocpp201Response<A>>;
    failed: (connection: OcppConnection<S>, action: string, error: unknown) => void;
    traffic?: OcppTraffic;
  };
  /** Called by a connection that closed. */
  forget(connection: OcppConnection<S>): void;
};

/** ws reports socket errors on the WebSocket, then closes it; the close is what we act on. */
export const ignoreSocketError = () => undefined;

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
  /** Set by closeAfterAnswers: the charger's further calls are not handled. */
  #refusingCalls = false;
  /** Told when the last answer under way has been sent and no call of ours waits (closeAfterAnswers). */
  #answersSent: (() => void)[] | undefined;
  /** When the next keep-alive ping is due (ms, Date.now()), and whether the last one is still unanswered. */
  nextPingAt: number;
  awaitingPong = false;
  /** Told once when the connection has closed, whoever closed it. */
  onClose: (() => void) | undefined;
  /** The OCPP version its subprotocol names: its schemas and error codes. */
  readonly dialect: OcppDialect;

  constructor(
    readonly identity: string,
    readonly session: S,
    readonly protocol: string | false,
    readonly socket: WebSocket,
    private readonly server: OcppConnectionHost<S>,
  ) {
    this.dialect = dialectOf(protocol);
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
    this.dialect.validate(action, 'req', payload);
    if (!this.open) throw new OcppDisconnectedError();
    return withOcppSpan('outgoing', { action, chargerId: this.identity, protocol: this.protocol }, () => this.#queueCall(action, payload, timeoutMs));
  }

  #queueCall(action: string, payload: Record<string, unknown>, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const send = () => {
        if (!this.open) return reject(new OcppDisconnectedError());
        const id = randomUUID();
        const timer = setTimeout(() => this.#settle(id, new OcppTimeoutError(action, timeoutMs)), timeoutMs);
        this.#pending = { id, action, sentAt: performance.now(), resolve, reject, timer };
        this.server.options.traffic?.sent(this.dialect.version, action);
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

  /**
   * A drain's close: the charger's calls under way are answered first, so what it was told is stored is stored.
   * A call that arrives meanwhile is not handled at all: no answer could be sent on a closing socket, and the
   * charger sends it again on its next connection, which would store it twice. Then the close frame with `code`.
   */
  async closeAfterAnswers(code: number, reason: string): Promise<void> {
    this.#refusingCalls = true;
    while (this.#busy && this.open) await new Promise<void>((resolve) => (this.#answersSent ??= []).push(resolve));
    this.close(code, reason);
  }

  /** Answering the charger, or waiting for its answer to ours (a command a dashboard user waits for). */
  get #busy(): boolean {
    return Boolean(this.#answering?.size) || this.#pending !== undefined;
  }

  #wakeIfIdle() {
    if (!this.#busy && this.#answersSent) for (const told of this.#answersSent.splice(0)) told();
  }

  /** Calls of the charger being answered now. */
  get answering(): number {
    return this.#answering?.size ?? 0;
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
      return this.#badFrame('-1', true, 'Message must be a JSON structure', 'malformed');
    }
    if (!Array.isArray(frame)) return this.#badFrame('-1', true, 'Message must be a JSON array', 'malformed');
    const [type, id] = frame as unknown[];
    if (type !== 2 && type !== 3 && type !== 4)
      return this.#badFrame('-1', true, 'Message type must be 2, 3 or 4', 'malformed', this.dialect.badMessageType);
    // No answer to a broken CALLRESULT or CALLERROR: answering an answer would start an exchange nobody expects.
    if (typeof id !== 'string') return this.#badFrame('-1', type === 2, 'Message ID must be a string', 'malformed');
    if (type === 2) {
      const action: unknown = frame[2];
      if (typeof action !== 'string') return this.#badFrame(id, true, 'Action must be a string', 'malformed');
      this.#badFrames = 0;
      if (this.#refusingCalls) return;
      void this.#answer(id, action, frame[3]);
      return;
    }
    if (this.#pending?.id !== id) return this.#badFrame(id, false, `No call with message ID ${id} is waiting for an answer`, 'unexpected_answer');
    this.#badFrames = 0;
    if (type === 3) {
      const result: unknown = frame[2];
      try {
        this.dialect.validate(this.#pending.action, 'conf', result);
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
  #badFrame(id: string, answer: boolean, message: string, reason: RejectedFrame, code = this.dialect.badFrame) {
    this.server.options.traffic?.rejected(reason);
    if (++this.#badFrames > this.server.options.maxBadFrames) return this.close(1002, 'Protocol error');
    if (answer) this.#send([4, id, code, message, {}]);
  }

  async #answer(id: string, action: string, payload: unknown) {
    const answering = (this.#answering ??= new Set());
    if (answering.has(id)) {
      this.server.options.traffic?.rejected('duplicate_call');
      return this.#send([4, id, 'ProtocolError', `Already answering a call with message ID ${id}`, {}]);
    }
    answering.add(id);
    let reply: Frame;
    try {
      const result = await withOcppSpan('incoming', { action, chargerId: this.identity, protocol: this.protocol, messageId: id }, () =>
        this.#handle(action, payload),
      );
      try {
        this.dialect.validate(action, 'conf', result);
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
    this.#wakeIfIdle();
  }

  /** The payload checked against the action's schema, then handed to the host's handler for this version. */
  async #handle(action: string, payload: unknown): Promise<unknown> {
    const { dialect } = this;
    const { actions, actions201, answer, answer201, traffic } = this.server.options;
    const answered = dialect.version === '2.0.1' ? actions201 : actions;
    if (!answered?.has(action) || !dialect.isAction(action)) {
      traffic?.rejected('not_implemented');
      throw new OcppCallError('NotImplemented', `Unable to handle ${action} calls`);
    }
    traffic?.received(dialect.version, action);
    try {
      dialect.validate(action, 'req', payload);
    } catch (error) {
      traffic?.rejected('invalid_payload');
      throw error;
    }
    // The action is one of the version's (isAction) and the payload passed its schema: the handler's types hold.
    if (dialect.version === '2.0.1' && answer201) return answer201(this, action as Ocpp201Action, payload as Ocpp201Request<Ocpp201Action>);
    return answer(this, action as Ocpp16Action, payload as Ocpp16Request<Ocpp16Action>);
  }

  /** Ends our call in flight with its answer or error, and sends the next one waiting. */
  #settle(id: string, error: Error | undefined, result?: unknown) {
    const pending = this.#pending;
    if (pending?.id !== id) return;
    clearTimeout(pending.timer);
    this.#pending = undefined;
    this.server.options.traffic?.settled(this.dialect.version, pending.action, (performance.now() - pending.sentAt) / 1000, outcomeOf(error));
    if (error) pending.reject(error);
    else pending.resolve(result);
    this.#queue?.shift()?.();
    this.#wakeIfIdle();
  }

  #gone() {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#pending) this.#settle(this.#pending.id, new OcppDisconnectedError());
    // Each waiting call, once its turn comes, finds the connection closed.
    while (this.#queue?.length) this.#queue.shift()!();
    this.server.forget(this);
    // Nothing more can be answered on a closed socket: a drain waiting for it goes on.
    for (const told of this.#answersSent?.splice(0) ?? []) told();
    this.onClose?.();
  }
}
