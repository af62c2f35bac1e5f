import { OCPP_SUBPROTOCOL } from '@wattdesk/shared';
import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
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

  constructor(private readonly runtime: ChargerRuntime) {
    const { options } = runtime;
    const clientOptions: Partial<ClientOptions> = {
      identity: options.chargerId,
      endpoint: ocppEndpoint(options.url),
      password: options.password ?? null,
      protocols: [OCPP_SUBPROTOCOL],
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
  async send<A extends Ocpp16Action>(method: A, params: Ocpp16Request<A>): Promise<Ocpp16Response<A>> {
    const started = performance.now();
    try {
      // ocpp-rpc's call resolves untyped; the answer is the one the action's response schema describes.
      const answer = (await this.client.call(method, params)) as Ocpp16Response<A>;
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

  handle(method: string, handler: CommandHandler): void {
    this.client.handle(method, async ({ params }: IHandlersOption) => handler(params));
  }

  /** Answers every call no handler takes with NotImplemented, after `record` has seen it. */
  refuseUnknown(record: (method: string, params: unknown) => void): void {
    this.client.handle(async ({ method, params }: IHandlersOption) => {
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
