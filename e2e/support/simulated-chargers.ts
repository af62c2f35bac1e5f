import { DEMO_CHARGER_PASSWORD, type Charger } from '@wattdesk/shared';
import { SimulatedCharger, type ReceivedCommand, type SimulatedChargerOptions } from '@wattdesk/simulator';
import { apiAs } from './api.ts';
import { demoEmail, expect, test as base } from './fixtures.ts';
import { stack } from './stack.ts';

type ChargerOptions = Partial<Omit<SimulatedChargerOptions, 'url' | 'chargerId'>>;

/**
 * A seeded demo charger played by the simulator against the started product. Meter values are sent by the
 * test (a long interval keeps the simulator from sending its own); energy runs 600× real time so a few
 * seconds of charging show on the screen.
 */
export const simulatedCharger = (chargerId: string, options: ChargerOptions = {}) =>
  new SimulatedCharger({
    url: stack().baseUrl,
    chargerId,
    password: DEMO_CHARGER_PASSWORD,
    meterIntervalSeconds: 3600,
    timeScale: 600,
    ...options,
  });

/** Waits until the charger was sent `method` with parameters containing `params`. */
export const expectCommand = async (charger: SimulatedCharger, method: string, params: Record<string, unknown>, timeout = 10_000) => {
  const expected = expect.objectContaining(params) as { asymmetricMatch: (actual: unknown) => boolean };
  const matches = (command: ReceivedCommand) => command.method === method && expected.asymmetricMatch(command.params);
  await expect
    .poll(() => charger.received.some(matches), { timeout, message: `${charger.chargerId} received ${method} ${JSON.stringify(params)}` })
    .toBe(true);
};

/**
 * Waits until the product has stored what the charger reported on connecting (connected, and `status`): after
 * that, the charger's next message is news to the product rather than part of its arrival.
 */
export const expectStored = async (charger: SimulatedCharger, status: Charger['status'] = 'available', timeout = 10_000) => {
  const staff = await apiAs(demoEmail('SuperAdmin'));
  await expect
    .poll(
      async () => {
        const { items } = await staff.get<{ items: Charger[] }>(`/chargers?search=${encodeURIComponent(charger.chargerId)}`);
        const stored = items.find((item) => item.chargerId === charger.chargerId);
        return stored && { connected: stored.connected, status: stored.status };
      },
      { timeout, message: `${charger.chargerId} stored as connected and ${status}` },
    )
    .toEqual({ connected: true, status });
};

/** `charger(id)` connects a simulated charger; every one is closed after the test (running sessions stopped). */
export const test = base.extend<{ charger: (chargerId: string, options?: ChargerOptions) => Promise<SimulatedCharger> }>({
  charger: async ({}, use) => {
    const started: SimulatedCharger[] = [];
    await use(async (chargerId, options) => {
      const charger = simulatedCharger(chargerId, options);
      started.push(charger);
      await charger.connect();
      return charger;
    });
    for (const charger of started) await charger.close({ stopSessions: true }).catch(() => undefined);
  },
});

export { expect };
