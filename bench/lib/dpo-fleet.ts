import type { DpoOverview } from '@wattdesk/shared';
import { SimulatedCharger } from '@wattdesk/simulator';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, registerChargers, superAdminToken } from './seed-chargers.ts';

export type LimitChangeFigures = { chargers: number; allReceivedMs: number; allAcceptedMs: number; calls: number };

const OCPP_PASSWORD = 'bench-ocpp-password-2026';

/** Whether the charger was sent a TxProfile capping its session at `limitW`. */
const hasShare = (charger: SimulatedCharger, limitW: number) =>
  charger.received.some((command) => {
    if (command.method !== 'SetChargingProfile') return false;
    const profile = (
      command.params as {
        csChargingProfiles?: { chargingProfilePurpose?: string; chargingSchedule?: { chargingSchedulePeriod?: { limit?: number }[] } };
      }
    ).csChargingProfiles;
    return profile?.chargingProfilePurpose === 'TxProfile' && profile.chargingSchedule?.chargingSchedulePeriod?.[0]?.limit === limitW;
  });

const waitUntil = async (probe: () => boolean | Promise<boolean>, timeoutMs: number, what: string, pollMs = 20) => {
  const deadline = performance.now() + timeoutMs;
  while (!(await probe())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(pollMs);
  }
};

/**
 * `count` simulated chargers at one new site of the started product, each charging; the limit is set so every
 * share is 4 kW, then lowered so every share is 2 kW. Measured from the PUT: until every charger has received its
 * new TxProfile (the simulator answers Accepted as it receives it), and until the DPO screen's data shows every
 * share Accepted at the new value (the server has stored all 500 answers).
 */
export const measureLimitChange = async (baseUrl: string, count: number): Promise<LimitChangeFigures> => {
  let locationId = '';
  const code = (index: number) => `DPO-FLEET-${String(index + 1).padStart(4, '0')}`;
  await registerChargers(baseUrl, { total: count, chargerId: code, ocppPassword: OCPP_PASSWORD, onSite: (id) => (locationId = id) });
  const token = await superAdminToken(baseUrl);
  const call = <T>(method: string, route: string, body?: object) =>
    api<T>(baseUrl, route, { method, token, expect: 200, ...(body ? { body: JSON.stringify(body) } : {}) });
  // A new site refuses tags no driver has; the bench's sessions use such tags.
  await call('PUT', '/web/drivers/access-settings', { locationId, acceptUnknownTags: true });
  const setLimit = (limitKw: number) =>
    call('PUT', '/web/dpo/limit', { locationId, enabled: true, limitMode: 'fixed', limitKw, periods: [], minPerSessionKw: 1.4 });

  const fleet = Array.from(
    { length: count },
    (_, index) => new SimulatedCharger({ url: baseUrl, chargerId: code(index), password: OCPP_PASSWORD, meterIntervalSeconds: 3600 }),
  );
  try {
    for (let first = 0; first < count; first += 25) await Promise.all(fleet.slice(first, first + 25).map((charger) => charger.connect()));
    await setLimit((count * 4000) / 1000);
    for (let first = 0; first < count; first += 25)
      await Promise.all(fleet.slice(first, first + 25).map((charger, offset) => charger.startSession({ idTag: `DPOB${first + offset}` })));
    await waitUntil(() => fleet.every((charger) => hasShare(charger, 4000)), 120_000, 'every session getting its first share');

    const callsBefore = fleet.reduce((sum, charger) => sum + charger.received.length, 0);
    const started = performance.now();
    await setLimit((count * 2000) / 1000);
    let allReceivedMs = 0;
    const received = waitUntil(() => fleet.every((charger) => hasShare(charger, 2000)), 30_000, 'every charger receiving its new share', 5).then(
      () => (allReceivedMs = performance.now() - started),
    );
    await waitUntil(
      async () => {
        const overview = await api<DpoOverview>(baseUrl, `/web/dpo?locationId=${locationId}`, { token, expect: 200 });
        const sessions = overview.chargers.flatMap((charger) => charger.sessions);
        return sessions.length === count && sessions.every((session) => session.allocatedKw === 2 && session.profileStatus === 'Accepted');
      },
      30_000,
      'every share stored as Accepted',
      100,
    );
    const allAcceptedMs = performance.now() - started;
    await received;
    const calls = fleet.reduce((sum, charger) => sum + charger.received.length, 0) - callsBefore;
    return { chargers: count, allReceivedMs, allAcceptedMs, calls };
  } finally {
    await Promise.all(fleet.map((charger) => charger.close().catch(() => undefined)));
  }
};
