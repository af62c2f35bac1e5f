import { OCPP_PATH, OCPP_SUBPROTOCOL } from '@wattdesk/shared';
import WebSocket from 'ws';

/**
 * A bench charger that costs its machine as little as it can: a WebSocket, a counter for message ids and the
 * frames a charger in steady state sends. The benches measure the server, and on a 2-core machine every
 * microsecond the generator spends is taken from the server or from the Authorize probe's thread: the simulator's
 * charger (ocpp-rpc's client, a meter model, an event bus) cost the 5,000-charger fleet about a third of a core,
 * and its loop ran 25 ms late at p99 (decision 068's amendment). It sends what the simulator sends — the same
 * methods, connectors and measurands — so the server does the same work; it does not validate answers, keep an
 * offline queue or reconnect by itself, and answers any call from the server with NotImplemented.
 */

export type LeanChargerOptions = {
  /** The product's base URL (http(s)://host:port); the charger connects to ws(s)://host:port/ocpp/{id}. */
  baseUrl: string;
  chargerId: string;
  password: string;
  heartbeatSeconds: number;
  /** MeterValues while a session runs; 0: none. */
  meterSeconds: number;
  callTimeoutMs: number;
  /** Every call's answer or failure, with the time from send to answer. */
  onCall?: (method: string, durationMs: number, ok: boolean) => void;
  onWarning?: (message: string) => void;
  onDisconnect?: () => void;
};

type Pending = { method: string; sentAt: number; resolve: (payload: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };
export type IdTagInfo = { status: string; expiryDate?: string; parentIdTag?: string };

const CALL = 2;
const CALL_RESULT = 3;
const CALL_ERROR = 4;
const RATED_W = 7200;
const VOLTAGE = 240;

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

export class LeanCharger {
  private socket: WebSocket | undefined;
  private nextId = 0;
  private readonly pending = new Map<string, Pending>();
  private stopTimers: (() => void)[] = [];
  private transactionId: number | undefined;
  private energyWh = Math.floor(Math.random() * 1_000_000);
  private soc = 20 + Math.random() * 40;
  private isConnected = false;

  constructor(private readonly options: LeanChargerOptions) {}

  get connected(): boolean {
    return this.isConnected;
  }

  /** Opens the WebSocket, boots and reports its connectors (a running session's as Charging), then heartbeats. */
  async connect(): Promise<void> {
    await this.open();
    const boot = (await this.call('BootNotification', {
      chargePointVendor: 'Wattdesk',
      chargePointModel: `Sim AC ${RATED_W / 1000} kW`,
      firmwareVersion: '1.4.2',
    })) as { status: string };
    if (boot.status !== 'Accepted') throw new Error(`${this.options.chargerId}: boot ${boot.status}`);
    await this.status(0, 'Available');
    await this.status(1, this.transactionId === undefined ? 'Available' : 'Charging');
    this.every(this.options.heartbeatSeconds, () => this.background('Heartbeat', {}));
    if (this.transactionId !== undefined) this.startMeter();
  }

  authorize(idTag: string): Promise<{ idTagInfo: IdTagInfo }> {
    return this.call('Authorize', { idTag }) as Promise<{ idTagInfo: IdTagInfo }>;
  }

  /** Preparing → StartTransaction → Charging, then MeterValues; a refused tag ends with Available and throws. */
  async startSession(idTag: string): Promise<void> {
    await this.status(1, 'Preparing');
    const answer = (await this.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: this.energyWh,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: IdTagInfo };
    if (answer.idTagInfo.status !== 'Accepted') {
      await this.status(1, 'Available');
      throw new Error(`${this.options.chargerId}: StartTransaction ${answer.idTagInfo.status}`);
    }
    this.transactionId = answer.transactionId;
    await this.status(1, 'Charging');
    this.startMeter();
  }

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

  private open(): Promise<void> {
    const { chargerId, password } = this.options;
    const socket = new WebSocket(leanEndpoint(this.options.baseUrl, chargerId), [OCPP_SUBPROTOCOL], {
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

  private every(seconds: number, tick: () => void): void {
    if (seconds > 0) this.stopTimers.push(everyJittered(seconds * 1000, tick));
  }

  private startMeter(): void {
    this.every(this.options.meterSeconds, () => {
      // The simulator's measurands (energy register, power, current, voltage, state of charge), at full rate.
      this.energyWh += Math.round((RATED_W * this.options.meterSeconds) / 3600);
      this.soc = Math.min(100, this.soc + 0.1);
      const voltage = VOLTAGE * (1 + (Math.random() * 2 - 1) * 0.01);
      const value = (value: string, measurand: string, unit: string, location = 'Outlet') => ({
        value,
        context: 'Sample.Periodic',
        measurand,
        location,
        unit,
      });
      this.background('MeterValues', {
        connectorId: 1,
        transactionId: this.transactionId,
        meterValue: [
          {
            timestamp: new Date().toISOString(),
            sampledValue: [
              value(String(this.energyWh), 'Energy.Active.Import.Register', 'Wh'),
              value(String(RATED_W), 'Power.Active.Import', 'W'),
              value((RATED_W / voltage).toFixed(1), 'Current.Import', 'A'),
              value(voltage.toFixed(1), 'Voltage', 'V'),
              value(String(Math.floor(this.soc)), 'SoC', 'Percent', 'EV'),
            ],
          },
        ],
      });
    });
  }

  private status(connectorId: number, status: string): Promise<unknown> {
    return this.call('StatusNotification', { connectorId, status, errorCode: 'NoError' });
  }

  private background(method: string, payload: object): void {
    if (this.isConnected) this.call(method, payload).catch((error: Error) => this.options.onWarning?.(error.message));
  }

  private call(method: string, payload: object): Promise<unknown> {
    const socket = this.socket;
    if (!socket || !this.isConnected) return Promise.reject(new Error(`${this.options.chargerId}: not connected (${method})`));
    const id = String((this.nextId += 1));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.options.onCall?.(method, performance.now() - sentAt, false);
        reject(new Error(`${this.options.chargerId}: ${method} timed out`));
      }, this.options.callTimeoutMs);
      const sentAt = performance.now();
      this.pending.set(id, { method, sentAt, resolve, reject, timer });
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
      // The bench's server sends no commands; one that arrives is answered, not left to time out.
      this.socket?.send(JSON.stringify([CALL_ERROR, id, 'NotImplemented', 'The bench charger takes no commands', {}]));
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
