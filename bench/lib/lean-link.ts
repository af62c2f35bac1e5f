import { OCPP_PATH } from '@wattdesk/shared';
import WebSocket from 'ws';

/**
 * The part of a lean bench charger (lean-charger.ts, lean-charger-201.ts) that is OCPP-J, not one version of
 * OCPP: a WebSocket, a counter for message ids, the calls in flight and jittered timers. Nothing is validated and
 * nothing reconnects by itself: the bench measures the server, and every microsecond spent here is the server's.
 */

export type LeanChargerOptions = {
  /** The product's base URL (http(s)://host:port); the charger connects to ws(s)://host:port/ocpp/{id}. */
  baseUrl: string;
  chargerId: string;
  password: string;
  heartbeatSeconds: number;
  /** Meter values while a session runs; 0: none. */
  meterSeconds: number;
  callTimeoutMs: number;
  /** Every call's answer or failure, with the time from send to answer; `method` may name a kind of call (TransactionEvent.Updated). */
  onCall?: (method: string, durationMs: number, ok: boolean) => void;
  onWarning?: (message: string) => void;
  onDisconnect?: () => void;
};

/** What the bench's fleet needs of a charger, whichever OCPP version it speaks. */
export type BenchCharger = {
  readonly connected: boolean;
  readonly ocppVersion: '1.6' | '2.0.1';
  connect(): Promise<void>;
  startSession(idTag: string): Promise<void>;
  close(): Promise<void>;
};

type Pending = { method: string; sentAt: number; resolve: (payload: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

export const CALL = 2;
const CALL_RESULT = 3;
export const CALL_ERROR = 4;

export const leanEndpoint = (baseUrl: string, chargerId: string): string => {
  const url = new URL(baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${OCPP_PATH}/${encodeURIComponent(chargerId)}`;
  return url.toString();
};

/** setInterval whose first run falls at a random point of the first interval, so a fleet's calls spread out. */
const everyJittered = (ms: number, tick: () => void): (() => void) => {
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(
    () => {
      interval = setInterval(tick, ms);
      tick();
    },
    Math.round(Math.random() * ms),
  );
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
};

export abstract class LeanLink {
  private socket: WebSocket | undefined;
  private nextId = 0;
  private readonly pending = new Map<string, Pending>();
  private stopTimers: (() => void)[] = [];
  private isConnected = false;

  constructor(
    protected readonly options: LeanChargerOptions,
    private readonly subprotocol: string,
  ) {}

  get connected(): boolean {
    return this.isConnected;
  }

  /** A call from the server: answered with `send`, or NotImplemented when undefined is returned. */
  protected abstract answer(method: string, payload: unknown): object | undefined;

  /** A clean close (1000); the session stays open at the server, as a charger's does across a network blip. */
  async close(): Promise<void> {
    this.halt();
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        socket.terminate();
        resolve();
      }, 5000);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.close(1000, 'Charger shutting down');
    });
  }

  protected open(): Promise<void> {
    const { chargerId, password } = this.options;
    // Only the one subprotocol is offered: a server that does not choose it fails the handshake (ws checks), and the bench says so.
    const socket = new WebSocket(leanEndpoint(this.options.baseUrl, chargerId), [this.subprotocol], {
      headers: { authorization: `Basic ${Buffer.from(`${chargerId}:${password}`).toString('base64')}` },
      perMessageDeflate: false,
    });
    this.socket = socket;
    // Text frames arrive as one Buffer (ws's default binaryType); toString decodes the UTF-8.
    socket.on('message', (data: Buffer) => this.receive(data.toString()));
    return new Promise((resolve, reject) => {
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`${chargerId}: upgrade refused with ${response.statusCode}`));
        socket.terminate();
      });
      socket.once('error', (error) => reject(new Error(`${chargerId}: ${error.message}`)));
      socket.once('open', () => {
        this.isConnected = true;
        socket.on('error', (error) => this.options.onWarning?.(error.message));
        socket.once('close', () => {
          // A socket given up on by close() may end after the next connect: it has no say over the new one.
          if (this.socket !== socket) return;
          const wasConnected = this.isConnected;
          this.halt();
          if (wasConnected) this.options.onDisconnect?.();
        });
        resolve();
      });
    });
  }

  /** Timers stopped, calls in flight failed, the charger marked offline. */
  private halt(): void {
    this.isConnected = false;
    for (const stop of this.stopTimers) stop();
    this.stopTimers = [];
    for (const [id, call] of this.pending) {
      clearTimeout(call.timer);
      this.pending.delete(id);
      call.reject(new Error(`${this.options.chargerId}: disconnected during ${call.method}`));
    }
  }

  protected every(seconds: number, tick: () => void): void {
    if (seconds > 0) this.stopTimers.push(everyJittered(seconds * 1000, tick));
  }

  protected background(method: string, payload: object, label = method): void {
    if (this.isConnected) this.call(method, payload, label).catch((error: Error) => this.options.onWarning?.(error.message));
  }

  protected call(method: string, payload: object, label = method): Promise<unknown> {
    const socket = this.socket;
    if (!socket || !this.isConnected) return Promise.reject(new Error(`${this.options.chargerId}: not connected (${method})`));
    const id = String((this.nextId += 1));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.options.onCall?.(label, performance.now() - sentAt, false);
        reject(new Error(`${this.options.chargerId}: ${label} timed out`));
      }, this.options.callTimeoutMs);
      const sentAt = performance.now();
      this.pending.set(id, { method: label, sentAt, resolve, reject, timer });
      socket.send(JSON.stringify([CALL, id, method, payload]));
    });
  }

  private receive(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      this.options.onWarning?.(`${this.options.chargerId}: a frame that is not JSON`);
      return;
    }
    if (!Array.isArray(frame)) return;
    const [type, id] = frame as [number, string];
    if (type === CALL) {
      const result = this.answer(String(frame[2]), frame[3]);
      // A command the bench charger does not take is answered, not left to time out.
      this.socket?.send(
        JSON.stringify(result ? [CALL_RESULT, id, result] : [CALL_ERROR, id, 'NotImplemented', 'The bench charger does not take this command', {}]),
      );
      return;
    }
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    clearTimeout(call.timer);
    const durationMs = performance.now() - call.sentAt;
    if (type === CALL_RESULT) {
      this.options.onCall?.(call.method, durationMs, true);
      call.resolve(frame[2]);
    } else {
      this.options.onCall?.(call.method, durationMs, false);
      call.reject(new Error(`${this.options.chargerId}: ${call.method} ${String(frame[2])}: ${String(frame[3])}`));
    }
  }
}
