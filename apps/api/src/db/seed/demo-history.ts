import { priceSession, type Tariff } from '@wattdesk/shared';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { bulkInsert } from './bulk-insert.ts';
import { chargerStatusChanges } from '../schema/index.ts';
import type { PoolDriver } from './demo-driver-pool.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the history goes; the tariff versions start before it. */
export const DEMO_HISTORY_DAYS = 90;
const CHUNK = 2000;

type HistoryCharger = { id: string; locationId: string; kind: string; connectorTypes: string[]; status: string; lastSeenAt: Date | null };
type PricingOf = (locationId: string) => { versionId: string; tariff: Tariff; timeZone: string };

/** A small seeded generator: the same demo on every start, and no dependency for it. */
const generator = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

type Planned = {
  charger: HistoryCharger;
  connectorId: number;
  startedAt: number;
  fullAt: number;
  stoppedAt: number;
  kwh: number;
  idTag: string;
  driverId: string;
};
type Pool = ReadonlyMap<string, readonly PoolDriver[]>;

/** Busier on weekdays, in the morning and the evening; the local hour is near enough as UTC minus 8. */
const plan = (chargers: readonly HistoryCharger[], pool: Pool, now: number): Planned[] => {
  const random = generator(14);
  const out: Planned[] = [];
  const firstDay = Math.floor(now / DAY) - DEMO_HISTORY_DAYS;
  for (const charger of chargers) {
    // Every session is one of the location's seeded drivers (issue 39): the dashboard counts drivers that exist.
    const drivers = pool.get(charger.locationId) ?? [];
    if (!drivers.length) continue;
    const powerKw = charger.kind === 'dumb' ? 6.6 : 11;
    for (let day = firstDay; day < Math.floor(now / DAY); day += 1) {
      const weekday = new Date(day * DAY).getUTCDay();
      const count = Math.floor(random() * (weekday === 0 || weekday === 6 ? 2 : 2.8));
      let free = day * DAY + (6 + 8) * HOUR + random() * 2 * HOUR;
      for (let n = 0; n < count; n += 1) {
        const startedAt = Math.round((free + random() * 4 * HOUR) / 60_000) * 60_000;
        const chargingHours = 0.5 + random() * 3.5;
        const idleHours = random() < 0.3 ? random() * 3 : random() * 0.3;
        const fullAt = startedAt + Math.round(chargingHours * 60) * 60_000;
        const stoppedAt = fullAt + Math.round(idleHours * 60) * 60_000;
        if (stoppedAt > now - HOUR) break;
        const kwh = Math.round(chargingHours * powerKw * (0.75 + random() * 0.2) * 10) / 10;
        const connectorId = 1 + Math.floor(random() * Math.max(1, charger.connectorTypes.length));
        const { driverId, idTag } = drivers[Math.floor(random() * drivers.length)]!;
        out.push({ charger, connectorId, startedAt, fullAt, stoppedAt, kwh, idTag, driverId });
        free = stoppedAt + HOUR;
      }
    }
  }
  return out;
};

/** Meter values every 15 minutes for the last two weeks' sessions, the ones people open (their chart is not empty). */
const SAMPLE_EVERY = 15 * 60_000;
const SAMPLED_DAYS = 14;

/** Energy climbs at a steady rate while charging, then holds while the car sits full. */
const samplesOf = (p: Planned, start: number) => {
  const out: { at: number; energyWh: number; powerW: number }[] = [];
  const powerW = (p.kwh * 1000 * HOUR) / Math.max(1, p.fullAt - p.startedAt);
  for (let at = p.startedAt + SAMPLE_EVERY; at < p.stoppedAt; at += SAMPLE_EVERY) {
    const share = Math.min(1, (at - p.startedAt) / Math.max(1, p.fullAt - p.startedAt));
    out.push({ at, energyWh: Math.round(start + share * p.kwh * 1000), powerW: share < 1 ? Math.round(powerW) : 0 });
  }
  return out;
};

const insertChunk = async (tx: Executor, chunk: readonly Planned[], pricingOf: PricingOf, meterBase: number, sampleFrom: number) => {
  const sessions = [];
  const meter = [];
  const statuses = [];
  const prices = [];
  const items = [];
  const broken = [];
  for (const [n, p] of chunk.entries()) {
    const sessionId = randomUUID();
    const { versionId, tariff, timeZone } = pricingOf(p.charger.locationId);
    const start = meterBase + n * 50_000;
    const stop = start + p.kwh * 1000;
    sessions.push({
      id: sessionId,
      charger_id: p.charger.id,
      location_id: p.charger.locationId,
      connector_id: p.connectorId,
      id_tag: p.idTag,
      driver_id: p.driverId,
      status: 'completed',
      started_at: new Date(p.startedAt).toISOString(),
      stopped_at: new Date(p.stoppedAt).toISOString(),
      meter_start_wh: start,
      meter_last_wh: stop,
      meter_stop_wh: stop,
      stop_reason: 'EVDisconnected',
      tariff_version_id: versionId,
    });
    const timeline = [{ at: p.startedAt, status: 'Charging' }, ...(p.stoppedAt > p.fullAt ? [{ at: p.fullAt, status: 'SuspendedEV' }] : [])];
    statuses.push(...timeline.map((s) => ({ session_id: sessionId, at: new Date(s.at).toISOString(), status: s.status })));
    const samples = p.startedAt >= sampleFrom ? samplesOf(p, start) : [];
    meter.push(
      ...samples.map((s) => ({ session_id: sessionId, sampled_at: new Date(s.at).toISOString(), energy_wh: s.energyWh, power_w: s.powerW })),
    );
    const usage = {
      startedAt: p.startedAt,
      endedAt: p.stoppedAt,
      meterStartWh: start,
      meterEndWh: stop,
      samples: samples.map((s) => ({ at: s.at, energyWh: s.energyWh })),
      statuses: timeline,
    };
    const price = priceSession(tariff, usage, timeZone);
    prices.push({
      session_id: sessionId,
      location_id: p.charger.locationId,
      tariff_version_id: versionId,
      currency: price.currency,
      total_minor: price.total,
      energy_wh: price.energyWh,
      charging_seconds: price.chargingSeconds,
      idle_seconds: price.idleSeconds,
      priced_at: new Date(p.stoppedAt).toISOString(),
    });
    items.push(
      ...price.items.map((item, position) => ({
        session_id: sessionId,
        position,
        kind: item.kind,
        description: item.description,
        detail: item.detail,
        quantity: item.quantity,
        unit: item.unit,
        period_index: item.periodIndex ?? null,
        rule: item.rule ?? null,
        amount_minor: item.amount,
      })),
    );
    broken.push(
      ...price.violations.map((v) => ({
        session_id: sessionId,
        location_id: p.charger.locationId,
        charger_id: p.charger.id,
        id_tag: p.idTag,
        rule: v.rule,
        amount_minor: v.amount,
        currency: price.currency,
        detected_at: new Date(p.stoppedAt).toISOString(),
        limit_minutes: v.limitMinutes,
        actual_minutes: v.actualMinutes,
      })),
    );
  }
  await bulkInsert(tx, 'charging_sessions', SESSION_COLUMNS, sessions);
  await bulkInsert(tx, 'meter_samples', { session_id: 'uuid', sampled_at: 'timestamptz', energy_wh: 'float8', power_w: 'float8' }, meter);
  await bulkInsert(tx, 'session_status_changes', { session_id: 'uuid', at: 'timestamptz', status: 'text' }, statuses);
  await bulkInsert(tx, 'session_prices', PRICE_COLUMNS, prices);
  await bulkInsert(tx, 'session_line_items', ITEM_COLUMNS, items);
  await bulkInsert(tx, 'violations', VIOLATION_COLUMNS, broken);
};

const SESSION_COLUMNS = {
  id: 'uuid',
  charger_id: 'uuid',
  location_id: 'uuid',
  connector_id: 'int',
  id_tag: 'text',
  driver_id: 'uuid',
  status: 'text',
  started_at: 'timestamptz',
  stopped_at: 'timestamptz',
  meter_start_wh: 'float8',
  meter_last_wh: 'float8',
  meter_stop_wh: 'float8',
  stop_reason: 'text',
  tariff_version_id: 'uuid',
};
const PRICE_COLUMNS = {
  session_id: 'uuid',
  location_id: 'uuid',
  tariff_version_id: 'uuid',
  currency: 'text',
  total_minor: 'bigint',
  energy_wh: 'float8',
  charging_seconds: 'int',
  idle_seconds: 'int',
  priced_at: 'timestamptz',
};
const ITEM_COLUMNS = {
  session_id: 'uuid',
  position: 'int',
  kind: 'text',
  description: 'text',
  detail: 'jsonb',
  quantity: 'float8',
  unit: 'text',
  period_index: 'int',
  rule: 'text',
  amount_minor: 'bigint',
};
const VIOLATION_COLUMNS = {
  session_id: 'uuid',
  location_id: 'uuid',
  charger_id: 'uuid',
  id_tag: 'text',
  rule: 'text',
  amount_minor: 'bigint',
  currency: 'text',
  detected_at: 'timestamptz',
  limit_minutes: 'int',
  actual_minutes: 'int',
};

/**
 * Connected since before the history, a few outages, disconnected at its last sighting (no demo charger is
 * connected until the simulator connects it). Replaces the one row the charger's insert wrote.
 */
const seedStatusHistory = async (tx: Executor, chargers: readonly HistoryCharger[], now: number) => {
  const random = generator(36);
  await tx.delete(chargerStatusChanges).where(
    inArray(
      chargerStatusChanges.chargerId,
      chargers.map((c) => c.id),
    ),
  );
  const rows = chargers.flatMap((charger) => {
    const history = [{ chargerId: charger.id, at: new Date(now - (DEMO_HISTORY_DAYS + 1) * DAY), status: 'available', online: true }];
    for (let day = DEMO_HISTORY_DAYS - 3; day > 1; day -= 5 + Math.floor(random() * 20)) {
      const at = now - day * DAY + Math.floor(random() * 20) * HOUR;
      history.push({ chargerId: charger.id, at: new Date(at), status: 'offline', online: false });
      history.push({ chargerId: charger.id, at: new Date(at + (1 + Math.floor(random() * 10)) * HOUR), status: 'available', online: true });
    }
    history.push({ chargerId: charger.id, at: charger.lastSeenAt ?? new Date(now - DAY), status: charger.status, online: false });
    return history;
  });
  await tx.insert(chargerStatusChanges).values(rows);
};

/** Three months of priced sessions across the network, so the dashboard opens on realistic figures. */
export const seedDemoHistory = async (tx: Executor, chargers: readonly HistoryCharger[], pricingOf: PricingOf, pool: Pool, now = Date.now()) => {
  const planned = plan(chargers, pool, now);
  for (let from = 0; from < planned.length; from += CHUNK)
    await insertChunk(tx, planned.slice(from, from + CHUNK), pricingOf, 1_000_000 + from * 50_000, now - SAMPLED_DAYS * DAY);
  await seedStatusHistory(tx, chargers, now);
  return planned.length;
};
