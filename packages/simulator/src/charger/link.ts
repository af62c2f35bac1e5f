import { OCPP_SUBPROTOCOL_OF_VERSION, type OcppVersion } from '@wattdesk/shared';
import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
import type { Ocpp201Action, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import { RPCClient, createRPCError, type IHandlersOption } from 'ocpp-rpc';
import { ocppEndpoint } from '../endpoint.ts';
import { sendUnchecked } from './raw-call.ts';
import type { ChargerRuntime } from './runtime.ts';
import { ChargerConnectionError } from './types.ts';

type ClientOptions = ConstructorParameters<typeof RPCClient>[0];
type CloseEvent = { code?: number; reason?: string };

/** ocpp-rpc's client, with a way to drop the socket the way a lost network does (no close handshake). */
export class ChargerClient extends RPCClient {
  terminateSocket(): void {
    // `_ws` is the client's own WebSocket; its typings leave it out.
    (this as unknown as { _ws?: { terminate(): void } })._ws?.terminate();
  }
}

/** A command handler: the CALLRESULT payload, or a thrown RPC error for a CALLERROR. */
export type CommandHandler = (params: unknown) => Promise<object> | object;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The charger's WebSocket to the central system: opening and closing it, whether it is up, calls with their
 * timings, messages kept while offline, and the handlers for calls the central system makes.
 */
export class ChargerLink {
  private readonly client: ChargerClient;
  private isConnected = false;
  private connecting = false;
  /** Messages that must not be lost (StopTransaction, upload and firmware progress), held while offline. */
  private readonly offlineQueue: (() => Promise<unknown>)[] = [];
  /** Command handlers by OCPP version, then action: the version the server selected decides which answers. */
  private readonly handlers: Record<OcppVersion, Map<string, CommandHandler>> = { '1.6': new Map(), '2.0.1': new Map() };

  constructor(private readonly runtime: ChargerRuntime) {
    const { options } = runtime;
    const clientOptions: Partial<ClientOptions> = {
      identity: options.chargerId,
      endpoint: ocppEndpoint(options.url),
      password: options.password ?? null,
      // A 2.0.1 charger also offers 1.6, as real ones do: a server that selects only 1.6 gets a 1.6 charger.
      protocols:
        options.protocol === '2.0.1'
          ? [OCPP_SUBPROTOCOL_OF_VERSION['2.0.1'], OCPP_SUBPROTOCOL_OF_VERSION['1.6']]
          : [OCPP_SUBPROTOCOL_OF_VERSION['1.6']],
      strictMode: options.strictMode ?? true,
      reconnect: options.reconnect ?? false,
      callTimeoutMs: options.callTimeoutMs ?? 30_000,
      backoff: { initialDelay: 500, maxDelay: 15_000, factor: 2, randomisationFactor: 0.25 },
    };
    this.client = new ChargerClient(clientOptions as ClientOptions);
  }

  get connected(): boolean {
    return this.isConnected;
  }

  /** The OCPP version the server selected on the last connection (before any: the one the charger prefers). */
  get version(): OcppVersion {
    const selected = this.client.protocol ?? OCPP_SUBPROTOCOL_OF_VERSION[this.runtime.options.protocol ?? '1.6'];
    return selected === OCPP_SUBPROTOCOL_OF_VERSION['2.0.1'] ? '2.0.1' : '1.6';
  }

  /** `reopened` runs when the client reconnected by itself; `dropped` whenever the connection ends. */
  watch(listeners: { reopened: () => void; dropped: (code: number | undefined, reason: string | undefined) => void }): void {
    this.client.on('open', () => {
      if (this.connecting) return;
      this.setConnected(true);
      listeners.reopened();
    });
    const dropped = (event: CloseEvent) => {
      listeners.dropped(event.code, event.reason);
      if (!this.isConnected) return;
      this.isConnected = false;
      this.runtime.events.emit('disconnected', { code: event.code, reason: event.reason });
    };
    this.client.on('disconnect', dropped);
    this.client.on('close', dropped);
  }

  /** Opens the WebSocket; a refused upgrade or an unreachable server rejects with a ChargerConnectionError. */
  async open(): Promise<void> {
    this.connecting = true;
    try {
      await this.client.connect();
    } catch (error) {
      throw this.connectionError(error);
    } finally {
      this.connecting = false;
    }
    this.setConnected(true);
  }

  async shut(code: number, reason: string): Promise<void> {
    await this.client.close({ code, reason });
    this.setConnected(false);
  }

  /** Drops the socket without a close handshake, like a lost network. */
  terminate(): void {
    this.client.terminateSocket();
  }

  /** A call and its answer, both checked against the action's schema in strict mode (the default). */
  send<A extends Ocpp16Action>(method: A, params: Ocpp16Request<A>): Promise<Ocpp16Response<A>> {
    // ocpp-rpc's call resolves untyped; the answer is the one the action's response schema describes.
    return this.timedCall(method, params) as Promise<Ocpp16Response<A>>;
  }

  /** A 2.0.1 call (the server selected ocpp2.0.1), checked against the 2.0.1 schemas in strict mode. */
  send201<A extends Ocpp201Action>(method: A, params: Ocpp201Request<A>): Promise<Ocpp201Response<A>> {
    return this.timedCall(method, params) as Promise<Ocpp201Response<A>>;
  }

  /** Sends a 2.0.1 message now, or keeps it while offline (see sendOrQueue). */
  async send201OrQueue<A extends Ocpp201Action>(method: A, params: Ocpp201Request<A>): Promise<void> {
    if (!this.isConnected) {
      this.offlineQueue.push(() => this.send201(method, params));
      return;
    }
    await this.send201(method, params);
  }

  private async timedCall(method: string, params: unknown): Promise<unknown> {
    const started = performance.now();
    try {
      const answer: unknown = await this.client.call(method, params);
      this.runtime.events.emit('callCompleted', { method, durationMs: performance.now() - started, ok: true });
      return answer;
    } catch (error) {
      this.runtime.events.emit('callCompleted', { method, durationMs: performance.now() - started, ok: false });
      throw error;
    }
  }

  /** Sends now, or, while offline (a reboot, a lost network), keeps the message for when the connection is back. */
  async sendOrQueue<A extends Ocpp16Action>(method: A, params: Ocpp16Request<A>): Promise<void> {
    if (!this.isConnected) {
      this.keepForLater(method, params);
      return;
    }
    await this.send(method, params);
  }

  keepForLater<A extends Ocpp16Action>(method: A, params: Ocpp16Request<A>): void {
    this.offlineQueue.push(() => this.send(method, params));
  }

  async flushOfflineQueue(): Promise<void> {
    while (this.offlineQueue.length && this.isConnected) {
      await this.offlineQueue[0]!();
      this.offlineQueue.shift();
    }
  }

  /** Sends a frame as is, without client-side validation (see SimulatedCharger.callUnchecked). */
  callUnchecked(method: string, params: unknown): Promise<unknown> {
    return sendUnchecked(this.client, method, params, this.runtime.options.callTimeoutMs ?? 30_000);
  }

  /** Registers the answer to an action in one OCPP version; the same action name may have one per version. */
  handle(method: string, handler: CommandHandler, version: OcppVersion = '1.6'): void {
    this.handlers[version].set(method, handler);
  }

  /**
   * Answers every call with the handler of the version this connection speaks; calls no handler takes get
   * NotImplemented, after `record` has seen them.
   */
  answerCalls(record: (method: string, params: unknown) => void): void {
    this.client.handle(async ({ method, params }: IHandlersOption) => {
      const handler = this.handlers[this.version].get(method ?? '');
      if (handler) return handler(params);
      record(method ?? '', params);
      throw createRPCError('NotImplemented', `${method} is not implemented by the simulator`) as Error;
    });
  }

  private setConnected(connected: boolean): void {
    if (this.isConnected === connected) return;
    this.isConnected = connected;
    if (connected) this.runtime.events.emit('connected');
    else this.runtime.events.emit('disconnected', { code: undefined, reason: undefined });
  }

  private connectionError(error: unknown): ChargerConnectionError {
    const { chargerId, options } = this.runtime;
    const status = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : undefined;
    const where = `${chargerId} at ${ocppEndpoint(options.url)}/${encodeURIComponent(chargerId)}`;
    const message =
      status === 401
        ? `${where}: the server refused the connection (HTTP 401: wrong password or unknown charger)`
        : status === 404
          ? `${where}: the server refused the connection (HTTP 404: unknown charger id or wrong path)`
          : status !== undefined
            ? `${where}: the server refused the connection (HTTP ${status} ${errorMessage(error)})`
            : `${where}: could not connect (${errorMessage(error) || String((error as { code?: unknown }).code)})`;
    return new ChargerConnectionError(message, status, { cause: error });
  }
}
