import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import {
  activityLogs,
  chargers,
  deals,
  firmwareCampaignChargers,
  firmwareCampaigns,
  firmwareImages,
  inspectionRecords,
  inspectionTemplates,
  utilityBills,
  utilityConfigs,
  type StoredSection,
} from '../schema/index.ts';
import type { PoolDriver } from './demo-driver-pool.ts';
import { DEMO_CHARGER_MODELS, DEMO_LOCATIONS } from './demo-locations.ts';
import { demoShare } from './demo-ledger.ts';
import { demoEmail } from './demo-users.ts';

const DAY = 86_400_000;
const OPERATOR = { actorEmail: demoEmail('SuperAdmin'), actorType: 'SuperAdmin', ipAddress: '127.0.0.1' };

/**
 * Maintenance history that agrees with the chargers (issue 39): each charger in maintenance now has its open
 * `maintenance.start`, and a few others a past spell, started and ended.
 */
const seedMaintenanceHistory = async (tx: Executor, fleet: readonly Fleet[], now: number) => {
  const rows = fleet.flatMap((charger, n) => {
    const entry = (action: string, at: number, before: string, after: string) => ({
      ...OPERATOR,
      action,
      entity: 'charger',
      entityId: charger.chargerId,
      locationId: charger.locationId,
      changes: { availability: { before, after } },
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
    const past = n % 5 === 0 ? [entry('maintenance.start', now - (20 + n) * DAY, 'operative', 'inoperative')] : [];
    if (past.length) past.push(entry('maintenance.end', now - (19 + n) * DAY, 'inoperative', 'operative'));
    return charger.availability === 'inoperative'
      ? [...past, entry('maintenance.start', now - (1 + (n % 3)) * DAY, 'operative', 'inoperative')]
      : past;
  });
  if (rows.length) await tx.insert(activityLogs).values(rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
};

/**
 * Two images, the older on every charger, and one finished campaign of the newer at the first location. The bytes
 * are not in file storage (the seed has none): downloading a demo image answers FIRMWARE_NOT_FOUND.
 */
const seedFirmware = async (tx: Executor, fleet: readonly Fleet[], locationId: string, now: number) => {
  const models = Object.values(DEMO_CHARGER_MODELS).map((model) => model.model);
  const images = await tx
    .insert(firmwareImages)
    .values(
      ['1.4.2', '1.5.0'].map((version, n) => ({
        version,
        models,
        fileName: `wattdesk-${version}.bin`,
        sizeBytes: 2_097_152 + n * 65_536,
        sha256: createHash('sha256').update(`wattdesk demo firmware ${version}`).digest('hex'),
        storageKey: `firmware/demo-${version}.bin`,
        createdAt: new Date(now - (60 - n * 40) * DAY),
      })),
    )
    .returning({ id: firmwareImages.id, version: firmwareImages.version });
  await tx.update(chargers).set({ firmwareVersion: '1.4.2' });
  const newer = images.find((image) => image.version === '1.5.0')!;
  const [campaign] = await tx
    .insert(firmwareCampaigns)
    .values({
      imageId: newer.id,
      locationId,
      models,
      status: 'completed',
      firstStagePercent: 50,
      currentStage: 2,
      stageStartedAt: new Date(now - 9 * DAY),
      retrieveAt: new Date(now - 10 * DAY),
      retries: 3,
      retryIntervalSeconds: 300,
      createdAt: new Date(now - 10 * DAY),
      updatedAt: new Date(now - 9 * DAY),
    })
    .returning({ id: firmwareCampaigns.id });
  const targets = fleet.filter((charger) => charger.locationId === locationId);
  await tx.insert(firmwareCampaignChargers).values(
    targets.map((charger, n) => ({
      campaignId: campaign!.id,
      chargerId: charger.id,
      stage: n < targets.length / 2 ? 1 : 2,
      state: 'updated' as const,
      previousVersion: '1.4.2',
      reportedVersion: '1.5.0',
      attempts: 1,
      updatedAt: new Date(now - 9 * DAY),
    })),
  );
  await tx.execute(sql`update chargers set firmware_version = '1.5.0' where location_id = ${locationId}`);
};

/** Tomorrow and the day after at 09:00–11:00 and 14:00–16:00 local time, on two chargers of each location. */
const seedBookings = async (tx: Executor, fleet: readonly Fleet[], pool: ReadonlyMap<string, readonly PoolDriver[]>) => {
  const rows = [];
  for (const [index, demo] of DEMO_LOCATIONS.entries()) {
    const here = fleet.filter((charger) => charger.key === demo.key && charger.availability === 'operative').slice(0, 2);
    const drivers = [...(pool.get(here[0]?.locationId ?? '') ?? [])];
    for (const [n, charger] of here.entries())
      for (const [k, [from, to]] of (
        [
          [9, 11],
          [14, 16],
        ] as const
      ).entries()) {
        const driver = drivers[(n * 2 + k + index) % drivers.length];
        if (!driver) continue;
        for (const days of [1, 2]) {
          const seriesId = randomUUID();
          rows.push({
            seriesId,
            locationId: charger.locationId,
            chargerId: charger.id,
            driverId: driver.driverId,
            days,
            from,
            to,
            zone: demo.timeZone,
          });
        }
      }
  }
  if (!rows.length) return;
  // The local wall-clock hours become instants in the location's zone in the database, daylight saving included.
  await tx.execute(sql`
    insert into charger_bookings (series_id, location_id, charger_id, driver_id, starts_at, ends_at)
    select x.series_id, x.location_id, x.charger_id, x.driver_id,
      ((now() at time zone x.zone)::date + x.days + make_interval(hours => x.from_hour)) at time zone x.zone,
      ((now() at time zone x.zone)::date + x.days + make_interval(hours => x.to_hour)) at time zone x.zone
    from jsonb_to_recordset(${JSON.stringify(
      rows.map((row) => ({
        series_id: row.seriesId,
        location_id: row.locationId,
        charger_id: row.chargerId,
        driver_id: row.driverId,
        days: row.days,
        from_hour: row.from,
        to_hour: row.to,
        zone: row.zone,
      })),
    )}::jsonb) as x(series_id uuid, location_id uuid, charger_id uuid, driver_id uuid, days int, from_hour int, to_hour int, zone text)`);
};

/**
 * A revenue-share deal per location, and a paid payout of each host balance earned before the last 30 days: the
 * transfer's ledger movement takes it from the host share as a real payout does, so balance and statement agree.
 */
const seedPayouts = async (tx: Executor, locations: readonly { id: string; hasReseller: boolean }[], now: number) => {
  // The deal says what the ledger's revenue shares say (demo-ledger.ts).
  await tx.insert(deals).values(
    locations.map((location) => ({
      locationId: location.id,
      kind: 'revenue_share' as const,
      startDate: new Date(now - 365 * DAY).toISOString().slice(0, 10),
      termMonths: 36,
      ...demoShare(location.hasReseller),
      createdByEmail: OPERATOR.actorEmail,
    })),
  );
  const cut = new Date(now - 30 * DAY).toISOString();
  await tx.execute(sql`
    with due as (
      select location_id, currency, sum(amount_minor) as amount from ledger_entries
      where account = 'host_share' and occurred_at < ${cut}::timestamptz group by 1, 2 having sum(amount_minor) > 0),
    paid as (
      insert into payout_transfers (location_id, currency, amount_minor, status, destination, idempotency_key, period_to, trigger,
        provider_transfer_id, provider_payout_id, paid_at, created_at, updated_at)
      select location_id, currency, amount, 'paid', 'acct_demo_' || left(location_id::text, 8), 'wd_payout_demo_' || location_id, ${cut}::timestamptz,
        'schedule', 'tr_demo_' || left(location_id::text, 8), 'po_demo_' || left(location_id::text, 8),
        ${cut}::timestamptz + interval '2 days', ${cut}::timestamptz, ${cut}::timestamptz + interval '2 days'
      from due returning id, location_id, currency, amount_minor)
    insert into ledger_entries (movement_id, location_id, account, amount_minor, currency, event, reference, transfer_id, occurred_at)
    select m.movement_id, p.location_id, a.account, a.sign * p.amount_minor, p.currency, 'transfer_started', p.id::text, p.id, ${cut}::timestamptz
    from paid p cross join lateral (select gen_random_uuid() as movement_id) m
    cross join (values ('host_share', -1), ('transfer', 1)) as a(account, sign)`);
};

/** A utility account per location and its last three months' bills, from the energy its sessions drew. */
const seedUtility = async (tx: Executor, locationIds: readonly string[], now: number) => {
  const configs = await tx
    .insert(utilityConfigs)
    .values(
      locationIds.map((locationId, n) => ({
        locationId,
        provider: 'Pacific Gas and Electric',
        accountNumber: `4417-${String(2000 + n * 37).padStart(6, '0')}`,
        rateSchedule: 'B-10 (EV)',
        meters: [`1009${String(n + 1).padStart(4, '0')}`],
      })),
    )
    .returning({ id: utilityConfigs.id });
  const months = [1, 2, 3].map((back) => {
    const at = new Date(now);
    const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1));
    return { year: month.getUTCFullYear(), month: month.getUTCMonth() + 1 };
  });
  await tx.insert(utilityBills).values(
    configs.flatMap((config, n) =>
      months.map(({ year, month }, k) => {
        const energyKwh = 1800 + ((n * 311 + k * 97) % 900);
        return { utilityConfigId: config.id, year, month, energyKwh, costMinor: Math.round(energyKwh * 31) };
      }),
    ),
  );
};

const SECTIONS: StoredSection[] = [
  {
    id: 'safety',
    title: 'Safety',
    questions: [
      { id: 'cable', text: 'Cable and connector free of damage?', kind: 'yes-no', opensMaintenance: true },
      { id: 'signage', text: 'Signage and bay markings visible?', kind: 'yes-no', opensMaintenance: false },
    ],
  },
  {
    id: 'readings',
    title: 'Readings',
    questions: [{ id: 'voltage', text: 'Voltage at the outlet (V)', kind: 'number', min: 200, max: 260, opensMaintenance: false }],
  },
];

/** A charger inspection template per location and last month's inspection of its first charger, passed. */
const seedInspections = async (tx: Executor, fleet: readonly Fleet[], locationIds: readonly string[], now: number) => {
  const templates = await tx
    .insert(inspectionTemplates)
    .values(locationIds.map((locationId) => ({ locationId, name: 'Quarterly charger check', target: 'charger' as const, sections: SECTIONS })))
    .returning({ id: inspectionTemplates.id, locationId: inspectionTemplates.locationId });
  await tx.insert(inspectionRecords).values(
    templates.map((template, n) => ({
      templateId: template.id,
      templateName: 'Quarterly charger check',
      sections: SECTIONS,
      locationId: template.locationId,
      chargerId: fleet.find((charger) => charger.locationId === template.locationId)?.id ?? null,
      answers: [
        { questionId: 'cable', value: true, failed: false },
        { questionId: 'signage', value: true, failed: false },
        { questionId: 'voltage', value: 238 + (n % 5), failed: false },
      ],
      failedCount: 0,
      inspectorEmail: demoEmail('MobileAdmin'),
      completedAt: new Date(now - (25 + n) * DAY),
    })),
  );
};

type Fleet = { id: string; chargerId: string; locationId: string; availability: string; key: string };

/**
 * Every menu screen of the full demo shows something (issue 39): maintenance history, firmware, charger schedule,
 * payouts and deals, utility bills, inspections. Rows, not service calls: the seed runs before the app exists.
 */
export const seedDemoAreas = async (
  tx: Executor,
  locationIds: Map<string, string>,
  pool: ReadonlyMap<string, readonly PoolDriver[]>,
  now = Date.now(),
) => {
  const keys = new Map([...locationIds].map(([key, id]) => [id, key]));
  const fleet: Fleet[] = (
    await tx
      .select({ id: chargers.id, chargerId: chargers.chargerId, locationId: chargers.locationId, availability: chargers.availability })
      .from(chargers)
      .orderBy(chargers.chargerId)
  ).map((charger) => ({ ...charger, key: keys.get(charger.locationId) ?? '' }));
  const ids = [...locationIds.values()];
  const resold = new Set(DEMO_LOCATIONS.filter((demo) => demo.hasReseller).map((demo) => locationIds.get(demo.key)));
  await seedMaintenanceHistory(tx, fleet, now);
  await seedFirmware(tx, fleet, ids[0]!, now);
  await seedBookings(tx, fleet, pool);
  await seedPayouts(
    tx,
    ids.map((id) => ({ id, hasReseller: resold.has(id) })),
    now,
  );
  await seedUtility(tx, ids, now);
  await seedInspections(tx, fleet, ids, now);
};
