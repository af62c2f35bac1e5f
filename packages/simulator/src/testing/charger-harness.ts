import { afterEach, beforeEach } from 'vitest';
import { SimulatedCharger, type SimulatedChargerOptions } from '../charger.ts';
import { seededRandom } from '../random.ts';
import { startTestCentralSystem, type RecordedCall, type TestCentralSystem } from './ocpp-test-server.ts';

export const TEST_CHARGER_PASSWORD = 'test-charger-password-01';

/**
 * A fresh test central system for every test, and simulated chargers pointed at it with fast timers (meter
 * values every 50 ms, 600× time, 10 ms steps); every charger is closed after its test.
 */
export const useChargerHarness = (
  start: (options: { password: string; heartbeatInterval: number }) => Promise<TestCentralSystem> = startTestCentralSystem,
) => {
  let current: TestCentralSystem | undefined;
  const chargers: SimulatedCharger[] = [];

  beforeEach(async () => {
    current = await start({ password: TEST_CHARGER_PASSWORD, heartbeatInterval: 45 });
  });

  afterEach(async () => {
    await Promise.allSettled(chargers.splice(0).map((charger) => charger.close()));
    await current?.close();
    current = undefined;
  });

  const running = (): TestCentralSystem => {
    if (!current) throw new Error('The test central system runs only inside a test');
    return current;
  };
  /** The running test's central system. */
  const central: Omit<TestCentralSystem, 'close'> = {
    get url() {
      return running().url;
    },
    get calls() {
      return running().calls;
    },
    callsOf: (method, chargerId) => running().callsOf(method, chargerId),
    waitFor: (probe, timeoutMs) => running().waitFor(probe, timeoutMs),
    connected: (chargerId) => running().connected(chargerId),
    command: (chargerId, method, params) => running().command(chargerId, method, params),
  };

  const makeCharger = (options: Partial<SimulatedChargerOptions> = {}) => {
    const charger = new SimulatedCharger({
      url: central.url,
      chargerId: `SIM-${chargers.length + 1}`,
      password: TEST_CHARGER_PASSWORD,
      random: seededRandom(chargers.length + 7),
      meterIntervalSeconds: 0.05,
      timeScale: 600,
      stepDelayMs: 10,
      callTimeoutMs: 2000,
      ...options,
    });
    chargers.push(charger);
    return charger;
  };

  return { central, makeCharger };
};

/** StatusNotification calls as `connectorId:status`. */
export const statuses = (calls: RecordedCall[]) => calls.map(({ params }) => `${String(params.connectorId)}:${String(params.status)}`);

/** The energy register of a MeterValues call. */
export const energyOf = (call: RecordedCall) => {
  const [meterValue] = call.params.meterValue as { sampledValue: { measurand?: string; value: string }[] }[];
  return Number(meterValue!.sampledValue.find((sample) => sample.measurand === 'Energy.Active.Import.Register')!.value);
};
