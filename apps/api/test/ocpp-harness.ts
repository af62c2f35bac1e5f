import { DEMO_CHARGER_PASSWORD, type Charger, type CreatedCharger } from '@wattdesk/shared';
import { SimulatedCharger, type SimulatedChargerOptions } from '@wattdesk/simulator';
import { createServer, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { demoLocationIds } from './fixtures.ts';
import { authed, createTestApp, loginAs, type TestApp, type TestAppOptions } from './test-app.ts';

/** A test app listening on a port, so chargers connect over a real WebSocket. */
export type OcppTestApp = TestApp & {
  baseUrl: string;
  token: string;
  locations: Record<string, string>;
  /** Registers a charger through the API, answering it with its one-time OCPP password. */
  registerCharger: (locationKey?: string) => Promise<CreatedCharger>;
  charger: (id: string) => Promise<Charger>;
  /** A simulated charger for a registered one; closed by `close()`. */
  simulate: (charger: { chargerId: string; ocppPassword?: string }, options?: Partial<SimulatedChargerOptions>) => SimulatedCharger;
  api: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => Promise<{ status: number; body: Record<string, unknown> & { msg?: string[]; code?: string } }>;
};

/** `port`: listen there rather than on any free port (e.g. when PUBLIC_URL must name the address). */
export const startOcppApp = async (options: TestAppOptions & { port?: number } = {}): Promise<OcppTestApp> => {
  const t = await createTestApp(options);
  await t.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const { access_token: token } = await loginAs(t.app, 'SuperAdmin');
  const locations = await demoLocationIds(t.database.db);
  const simulated: SimulatedCharger[] = [];

  const api: OcppTestApp['api'] = async (method, url, payload) => {
    const response = await t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
    return { status: response.statusCode, body: response.json() };
  };

  return {
    ...t,
    baseUrl,
    token,
    locations,
    api,
    registerCharger: async (locationKey = 'oak-jack-london') => {
      const chargerId = `WD-T-${randomBytes(4).toString('hex').toUpperCase()}`;
      const { status, body } = await api('POST', '/web/chargers', {
        locationId: locations[locationKey]!,
        chargerId,
        name: `Test ${chargerId}`,
        kind: 'smart',
      });
      if (status !== 201) throw new Error(`charger not registered: ${JSON.stringify(body)}`);
      return body as unknown as CreatedCharger;
    },
    charger: async (id) => (await api('GET', `/web/chargers/${id}`)).body as unknown as Charger,
    simulate: (charger, overrides = {}) => {
      const simulator = new SimulatedCharger({
        url: baseUrl,
        chargerId: charger.chargerId,
        password: charger.ocppPassword ?? DEMO_CHARGER_PASSWORD,
        meterIntervalSeconds: 3600,
        autoHeartbeat: false,
        stepDelayMs: 20,
        callTimeoutMs: 5000,
        ...overrides,
      });
      simulated.push(simulator);
      return simulator;
    },
    close: async () => {
      await Promise.allSettled(simulated.map((simulator) => simulator.close()));
      await t.close();
    },
  };
};

/** A port nothing listens on now, for an app whose own URL must be known before it starts. */
export const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
};

/**
 * Polls until the check passes (or throws its last failure): effects of a charger message are asynchronous. The
 * deadline is generous because it costs nothing when the check passes: on CI, vitest and the browser tests share
 * two cores, and three seconds proved tight for PostgreSQL writes there.
 */
export const eventually = async <T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
};
