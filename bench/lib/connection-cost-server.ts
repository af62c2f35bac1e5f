/**
 * One OCPP endpoint of the connection-cost bench (ocpp-connection-cost.ts), in a process of its own so its heap,
 * RSS and CPU are its own: `ws` alone (the floor: a Heartbeat answered by hand), ocpp-rpc's RPCServer (what the
 * API ran until decision 068) or our OcppJsonServer. All three answer every Heartbeat with the current time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ocppRpc from 'ocpp-rpc';
import { WebSocketServer, type RawData } from 'ws';
import { OcppJsonServer } from '../../apps/api/src/lib/ocpp-j/ocpp-json-rpc.ts';

export type CostServerKind = 'ws' | 'ocpp-rpc' | 'ours';
export type CostMemory = { connections: number; heapUsed: number; rss: number };

/** What the API registers: one handler per action it answers. */
const ACTIONS = [
  'BootNotification',
  'Heartbeat',
  'StatusNotification',
  'Authorize',
  'StartTransaction',
  'StopTransaction',
  'MeterValues',
  'DataTransfer',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
];
const heartbeat = async () => ({ currentTime: new Date().toISOString() });

const kind = process.argv[2] as CostServerKind;
const http = createServer();
let connections = 0;

if (kind === 'ws') {
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, handleProtocols: () => 'ocpp1.6' });
  http.on('upgrade', (request, socket, head) =>
    wss.handleUpgrade(request, socket, head, (ws) => {
      connections += 1;
      ws.on('message', (data: RawData) => {
        const [, id] = JSON.parse((data as Buffer).toString('utf8')) as [number, string];
        ws.send(JSON.stringify([3, id, { currentTime: new Date().toISOString() }]));
      });
      ws.on('close', () => (connections -= 1));
    }),
  );
} else if (kind === 'ocpp-rpc') {
  const rpc = new ocppRpc.RPCServer({ protocols: ['ocpp1.6'], strictMode: true, pingIntervalMs: 60_000, maxBadMessages: 10 });
  rpc.auth((accept: (session: object) => void) => accept({}));
  rpc.on('client', (raw: unknown) => {
    const client = raw as { handle: (method: string, handler: () => Promise<unknown>) => void; once: (event: 'close', listener: () => void) => void };
    connections += 1;
    for (const action of ACTIONS) client.handle(action, heartbeat);
    client.once('close', () => (connections -= 1));
  });
  http.on('upgrade', (request, socket, head) => void rpc.handleUpgrade(request, socket as never, head));
} else {
  const ours = new OcppJsonServer<object>({
    protocols: ['ocpp1.6'],
    actions: new Set(ACTIONS),
    maxFrameBytes: 64 * 1024,
    callTimeoutMs: 15_000,
    pingIntervalMs: 60_000,
    maxBadFrames: 10,
    authenticate: (_handshake, accept) => accept({}),
    connected: (connection) => {
      connections += 1;
      connection.onClose = () => (connections -= 1);
    },
    answer: heartbeat,
    failed: (_connection, action, error) => console.error(action, error),
  });
  http.on('upgrade', (request, socket, head) => ours.handleUpgrade(request, socket, head));
}

const gc = globalThis.gc as () => void;
/** What lives once garbage is collected: asked for apart from the CPU, so the collections are not counted as work. */
const memory = (): CostMemory => {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { connections, heapUsed, rss };
};
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

http.listen(0, '127.0.0.1', () => process.send!({ port: (http.address() as AddressInfo).port }));
process.on('message', (message: 'memory' | 'cpu') => process.send!(message === 'memory' ? memory() : { cpuMicros: cpuMicros() }));
