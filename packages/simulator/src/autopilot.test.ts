import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoIdTags, startAutopilot } from './autopilot.ts';
import { SimulatedCharger } from './charger.ts';
import { startSimulatedFleet } from './fleet.ts';
import { ConnectorMeter } from './meter.ts';
import { seededRandom } from './random.ts';
import { startTestCentralSystem, type TestCentralSystem } from './testing/ocpp-test-server.ts';

const PASSWORD = 'test-charger-password-01';
let central: TestCentralSystem;

beforeEach(async () => {
  central = await startTestCentralSystem({ password: PASSWORD });
});
afterEach(async () => {
  await central.close();
});

describe('ConnectorMeter', () => {
  it('ramps up to the rated power with noise, never counts backwards, and tapers as the battery fills', () => {
    const meter = new ConnectorMeter({ powerKw: 7.2, random: seededRandom(1), timeScale: 1, initialEnergyWh: 1000 });
    let now = 0;
    meter.beginSession(now);
    const readings: number[] = [];
    const powers: number[] = [];
    // Twenty simulated hours in 10-second steps: more than any battery (up to 100 kWh) needs.
    for (let step = 0; step < 7200; step += 1) {
      now += 10_000;
      meter.sample(now);
      readings.push(meter.energyWh);
      powers.push(meter.currentPowerW);
    }
    expect([...readings].sort((a, b) => a - b)).toEqual(readings);
    expect(Math.max(...powers.slice(10, 100))).toBeLessThanOrEqual(7200 * 1.03);
    expect(Math.min(...powers.slice(10, 100))).toBeGreaterThanOrEqual(7200 * 0.97);
    expect(powers[0]).toBeLessThan(7200 / 2);
    expect(meter.stateOfCharge).toBe(100);
    expect(powers.at(-1)).toBe(0);
    meter.endSession(now + 1000);
    expect(meter.energyWh).toBe(readings.at(-1));
  });
});

describe('demoIdTags', () => {
  it('mixes app accounts and RFID card UIDs, all valid OCPP idTags', () => {
    const tags = demoIdTags(seededRandom(3), 10);
    expect(tags).toHaveLength(10);
    expect(tags.some((tag) => /^DRIVER-\d{4}$/.test(tag))).toBe(true);
    expect(tags.some((tag) => /^[0-9A-F]{8}([0-9A-F]{6})?$/.test(tag))).toBe(true);
    expect(tags.every((tag) => tag.length <= 20)).toBe(true);
  });
});

describe('startAutopilot', () => {
  it('starts and stops sessions and faults connectors now and then, until stopped', async () => {
    const charger = new SimulatedCharger({
      url: central.url,
      chargerId: 'AUTO-1',
      password: PASSWORD,
      connectors: 2,
      random: seededRandom(11),
      meterIntervalSeconds: 0.02,
      timeScale: 600,
    });
    const warnings: Error[] = [];
    charger.on('warning', (error) => warnings.push(error));
    await charger.connect();
    const stop = startAutopilot(charger, {
      timeScale: 600,
      sessionMinutes: [1, 2],
      idleMinutes: [0.2, 0.5],
      faultChance: 0.3,
      faultMinutes: [0.5, 1],
      random: seededRandom(5),
    });
    await central.waitFor(
      () => central.callsOf('StopTransaction').length >= 3 && central.callsOf('StatusNotification').some((call) => call.params.status === 'Faulted'),
      8000,
    );
    stop();
    const authorized = central.callsOf('Authorize').map((call) => call.params.idTag);
    expect(authorized.length).toBeGreaterThanOrEqual(3);
    expect(central.callsOf('StartTransaction').every((call) => authorized.includes(call.params.idTag))).toBe(true);
    expect(central.callsOf('MeterValues').length).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
    // A start already underway when stop() returned (its Authorize answered) still reaches the central system, at
    // most one per connector; after that nothing starts, where a running autopilot starts a session every ~150 ms.
    // Both waits stay bounded windows on purpose: they prove that nothing happens, and no event marks "never". Fake
    // timers cannot shorten them, as the autopilot sleeps with node:timers/promises, which they do not reach.
    const started = central.callsOf('StartTransaction').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = central.callsOf('StartTransaction').length;
    expect(settled - started).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(central.callsOf('StartTransaction').length).toBe(settled);
    await charger.close({ stopSessions: true });
  }, 15_000);
});

describe('startSimulatedFleet', () => {
  it('connects every charger it can, keeps retrying the others, and stops cleanly', async () => {
    const lines: string[] = [];
    const fleet = startSimulatedFleet({
      url: central.url,
      chargers: [
        { chargerId: 'FLEET-1', password: PASSWORD },
        { chargerId: 'FLEET-2', password: PASSWORD },
        { chargerId: 'FLEET-3', password: 'not-the-password-00' },
      ],
      autopilot: { timeScale: 600, sessionMinutes: [0.5, 1], idleMinutes: [0.1, 0.2], faultChance: 0 },
      defaults: { meterIntervalSeconds: 0.05, timeScale: 600 },
      log: (line) => lines.push(line),
    });
    await fleet.ready;
    expect(fleet.chargers.map((charger) => charger.connected)).toEqual([true, true, false]);
    expect(lines.some((line) => line.includes('FLEET-3') && line.includes('HTTP 401'))).toBe(true);
    await central.waitFor(() => central.callsOf('StartTransaction').length >= 2, 5000);
    await fleet.stop();
    expect(fleet.chargers.every((charger) => !charger.connected)).toBe(true);
    // Stopping ends the sessions that were running.
    expect(central.callsOf('StopTransaction').length).toBe(central.callsOf('StartTransaction').length);
    expect(lines.some((line) => /FLEET-1\s+session \d+ started/.test(line))).toBe(true);
  }, 15_000);
});
