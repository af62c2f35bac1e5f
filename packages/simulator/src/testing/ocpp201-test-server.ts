import type { AddressInfo } from 'node:net';
import { OCPP_SUBPROTOCOL_OF_VERSION } from '@wattdesk/shared';
import { RPCServer, type IHandlersOption } from 'ocpp-rpc';
import { waitFor, type RecordedCall, type TestCentralSystem } from './ocpp-test-server.ts';

type ServerClient = {
  identity: string;
  call: (method: string, params?: unknown) => Promise<unknown>;
  handle: (method: string, handler: (options: IHandlersOption) => Promise<Record<string, unknown>>) => void;
  on: (event: string, listener: (event: unknown) => void) => void;
};

/** A message that broke the official 2.0.1 schema, as ocpp-rpc's strict mode reported it. */
export type SchemaViolation = { chargerId: string; method: string; outbound: boolean; error: string };

/**
 * A small OCPP 2.0.1 CSMS for tests, independent of the product: ocpp-rpc with only ocpp2.0.1 and strict mode,
 * which checks every call and answer in both directions against the official 2.0.1 schemas. Every call is
 * recorded and answered the simplest valid way (tokens starting BLOCKED are Blocked; a token ACCOUNT.CARD has the
 * groupIdToken ACCOUNT); every schema violation is kept in `violations` for the test to assert there are none.
 */
export const startTestCsms201 = async (options: { password?: string; heartbeatInterval?: number; alsoOcpp16?: boolean } = {}) => {
  // With alsoOcpp16, 1.6 chargers are let in too (2.0.1 first: a charger offering both gets 2.0.1); only the
  // answers both versions share (boot, heartbeat, status) suit them.
  const protocols = [OCPP_SUBPROTOCOL_OF_VERSION['2.0.1'], ...(options.alsoOcpp16 ? [OCPP_SUBPROTOCOL_OF_VERSION['1.6']] : [])];
  const server = new RPCServer({ protocols, strictMode: true });
  const calls: RecordedCall[] = [];
  const violations: SchemaViolation[] = [];
  const clients = new Map<string, ServerClient>();

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
    client.on('strictValidationFailure', (event) => {
      const { method, outbound, error } = event as { method: string; outbound: boolean; error: unknown };
      violations.push({ chargerId: client.identity, method, outbound, error: error instanceof Error ? error.message : String(error) });
    });
    const answer = (method: string, reply: (params: Record<string, unknown>) => Record<string, unknown>) =>
      client.handle(method, async ({ params }) => {
        const body = (params ?? {}) as Record<string, unknown>;
        calls.push({ chargerId: client.identity, method, params: body });
        return reply(body);
      });
    const now = () => new Date().toISOString();
    const idTokenInfo = (idToken: unknown) => {
      const token = (idToken as { idToken?: string } | undefined)?.idToken ?? '';
      const group = /^([A-Za-z0-9-]+)\./.exec(token)?.[1];
      return {
        status: token.startsWith('BLOCKED') ? 'Blocked' : 'Accepted',
        ...(group ? { groupIdToken: { idToken: group, type: 'Central' } } : {}),
      };
    };
    answer('BootNotification', () => ({ status: 'Accepted', currentTime: now(), interval: options.heartbeatInterval ?? 30 }));
    answer('Heartbeat', () => ({ currentTime: now() }));
    answer('StatusNotification', () => ({}));
    answer('Authorize', ({ idToken }) => ({ idTokenInfo: idTokenInfo(idToken) }));
    answer('TransactionEvent', ({ idToken }) => (idToken ? { idTokenInfo: idTokenInfo(idToken) } : {}));
    answer('MeterValues', () => ({}));
    answer('NotifyReport', () => ({}));
    answer('NotifyEvent', () => ({}));
    answer('FirmwareStatusNotification', () => ({}));
    answer('LogStatusNotification', () => ({}));
    answer('ReservationStatusUpdate', () => ({}));
    answer('SecurityEventNotification', () => ({}));
    answer('DataTransfer', () => ({ status: 'Accepted', data: { pong: true } }));
  });

  const http = await server.listen(0, '127.0.0.1');
  const port = (http.address() as AddressInfo).port;

  const central: TestCentralSystem & { violations: SchemaViolation[] } = {
    url: `http://127.0.0.1:${port}`,
    calls,
    violations,
    callsOf: (method: string, chargerId?: string) =>
      calls.filter((call) => call.method === method && (chargerId === undefined || call.chargerId === chargerId)),
    waitFor,
    connected: (chargerId: string) => clients.has(chargerId),
    command: (chargerId: string, method: string, params: Record<string, unknown> = {}) => {
      const client = clients.get(chargerId);
      if (!client) throw new Error(`${chargerId} is not connected`);
      return client.call(method, params);
    },
    close: () => server.close({ force: true }),
  };
  return central;
};
