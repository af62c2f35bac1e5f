import type { AddressInfo } from 'node:net';
import { OCPP_SUBPROTOCOL } from '@wattdesk/shared';
import { RPCServer, type IHandlersOption } from 'ocpp-rpc';

/** A charger's call as the test central system received it. */
export type RecordedCall = { chargerId: string; method: string; params: Record<string, unknown> };

type ServerClient = {
  identity: string;
  call: (method: string, params?: unknown) => Promise<unknown>;
  handle: (method: string, handler: (options: IHandlersOption) => Promise<Record<string, unknown>>) => void;
  on: (event: string, listener: () => void) => void;
};

/**
 * Polls until the predicate holds (the simulator answers commands first and acts just after). It returns as soon
 * as it holds, so the limit only decides how long a failure takes: 3 s was too little for a reboot (close,
 * reconnect, boot) on a machine at load 10, where a CI run once failed on it.
 */
export const waitFor = async <T>(probe: () => T | undefined | false, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/**
 * A small OCPP 1.6J central system for tests: ocpp-rpc in strict mode, HTTP Basic checked against one
 * password, every call recorded and answered the simplest valid way (a tag ACCOUNT.CARD has the parentIdTag ACCOUNT).
 */
export const startTestCentralSystem = async (options: { password?: string; heartbeatInterval?: number } = {}) => {
  const server = new RPCServer({ protocols: [OCPP_SUBPROTOCOL], strictMode: true });
  const calls: RecordedCall[] = [];
  const clients = new Map<string, ServerClient>();
  let nextTransactionId = 100;

  server.auth((accept, reject, handshake) => {
    if (handshake.endpoint !== '/ocpp') return reject(404, 'Not found');
    if (options.password !== undefined && handshake.password?.toString('utf8') !== options.password) return reject(401, 'Unauthorized');
    accept({ chargerId: handshake.identity });
  });

  server.on('client', (client: ServerClient) => {
    clients.set(client.identity, client);
    client.on('close', () => {
      if (clients.get(client.identity) === client) clients.delete(client.identity);
    });
    const answer = (method: string, reply: (params: Record<string, unknown>) => Record<string, unknown>) =>
      client.handle(method, async ({ params }) => {
        const body = (params ?? {}) as Record<string, unknown>;
        calls.push({ chargerId: client.identity, method, params: body });
        return reply(body);
      });
    const now = () => new Date().toISOString();
    answer('BootNotification', () => ({ status: 'Accepted', currentTime: now(), interval: options.heartbeatInterval ?? 30 }));
    answer('Heartbeat', () => ({ currentTime: now() }));
    answer('StatusNotification', () => ({}));
    answer('MeterValues', () => ({}));
    // A tag ACCOUNT.CARD belongs to the account ACCOUNT: its parentIdTag.
    const idTagInfo = (idTag: unknown) => {
      const parentIdTag = /^([A-Za-z0-9-]+)\./.exec(String(idTag))?.[1];
      return { status: String(idTag).startsWith('BLOCKED') ? 'Blocked' : 'Accepted', ...(parentIdTag ? { parentIdTag } : {}) };
    };
    answer('Authorize', ({ idTag }) => ({ idTagInfo: idTagInfo(idTag) }));
    answer('StartTransaction', ({ idTag }) => ({ transactionId: nextTransactionId++, idTagInfo: idTagInfo(idTag) }));
    answer('StopTransaction', () => ({ idTagInfo: { status: 'Accepted' } }));
    answer('DataTransfer', () => ({ status: 'Accepted', data: 'pong' }));
    answer('DiagnosticsStatusNotification', () => ({}));
    answer('FirmwareStatusNotification', () => ({}));
  });

  const http = await server.listen(0, '127.0.0.1');
  const port = (http.address() as AddressInfo).port;

  const callsOf = (method: string, chargerId?: string) =>
    calls.filter((call) => call.method === method && (chargerId === undefined || call.chargerId === chargerId));

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsOf,
    waitFor,
    connected: (chargerId: string) => clients.has(chargerId),
    /** A command from the central system to a connected charger. */
    command: (chargerId: string, method: string, params: Record<string, unknown> = {}) => {
      const client = clients.get(chargerId);
      if (!client) throw new Error(`${chargerId} is not connected`);
      return client.call(method, params);
    },
    close: () => server.close({ force: true }),
  };
};

export type TestCentralSystem = Awaited<ReturnType<typeof startTestCentralSystem>>;
