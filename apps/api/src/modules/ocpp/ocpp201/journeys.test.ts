import type { FirmwareCampaignReport, FirmwareImage } from '@wattdesk/shared';
import type { Ocpp201MeterValue } from '@wattdesk/shared/ocpp/ocpp201';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerBookings, chargerEvents, chargingSessions } from '../../../db/schema/index.ts';
import { makeDriver, newTag } from '../../../../test/driver-fixtures.ts';
import { connect201, type Charger201 } from '../../../../test/ocpp201-client.ts';
import { eventually, freePort, startOcppApp, type OcppTestApp } from '../../../../test/ocpp-harness.ts';
import { authed, json, multipartFile } from '../../../../test/test-app.ts';

const MODEL = 'Journey-201';
/** The wall-clock day and hour of an instant in a zone: bookings are made in the location's local time. */
const localClock = (at: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
};
const energy = (wh: number): [Ocpp201MeterValue] => [
  { timestamp: new Date().toISOString(), sampledValue: [{ value: wh, measurand: 'Energy.Active.Import.Register' as const }] },
];

/**
 * Whole journeys of the dashboard with an OCPP 2.0.1 charger (issue 41): each starts at the product's own entry
 * point (a route, or the charger's own messages) and ends where an admin or the charger notices it. The charger is
 * ocpp-rpc's client in strict mode, so every call we send is checked against the official 2.0.1 schemas.
 */
describe('dashboard journeys with an OCPP 2.0.1 charger', () => {
  let t: OcppTestApp;
  const clients: RPCClient[] = [];
  const timeZone = 'America/Los_Angeles';

  beforeAll(async () => {
    const port = await freePort();
    // Jobs run on kicks (changes and charger events), never on timers; a booking in the next hour is within the lead.
    t = await startOcppApp({
      port,
      env: {
        FIRMWARE_DOWNLOAD_URL: `http://127.0.0.1:${port}`,
        FIRMWARE_CAMPAIGN_JOB_SECONDS: '0',
        RESERVATION_JOB_SECONDS: '0',
        RESERVATION_LEAD_MINUTES: '180',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close({ force: true })));
    await t.close();
  });

  const connected = async (locationKey: string, firmwareVersion = '1.0.0') => {
    const charger = await connect201(t, locationKey, { model: MODEL, firmwareVersion });
    clients.push(charger.client);
    return charger;
  };
  const eventsOf = async (chargerCode: string, kind: string) =>
    (
      await t.database.db
        .select()
        .from(chargerEvents)
        .where(and(eq(chargerEvents.chargerCode, chargerCode), eq(chargerEvents.kind, kind)))
    ).map((event) => event.summary);
  const startTransaction = async (charger: Charger201, transactionId: string, idToken: string, meterWh: number) => {
    await charger.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId, chargingState: 'Charging' },
      idToken: { idToken, type: 'ISO14443' },
      evse: { id: 1, connectorId: 1 },
      meterValue: energy(meterWh),
    });
    return eventually(async () => {
      const [row] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.chargerTransactionId, transactionId));
      expect(row).toBeDefined();
      return row!;
    });
  };

  it('maintenance: the station goes Inoperative and reads maintenance; back in service it is Operative and available', async () => {
    const charger = await connected('oak-jack-london');
    const { id } = charger.registered;
    const start = await t.api('POST', '/web/maintenance', { chargerIds: [id], inMaintenance: true });
    expect(start).toMatchObject({ status: 200, body: { applied: [{ id, status: 'Accepted' }] } });
    expect(charger.callsOf('ChangeAvailability').at(-1)).toEqual({ operationalStatus: 'Inoperative' });
    expect(await t.charger(id)).toMatchObject({ availability: 'inoperative', status: 'maintenance' });

    const end = await t.api('POST', '/web/maintenance', { chargerIds: [id], inMaintenance: false });
    expect(end).toMatchObject({ status: 200, body: { pending: [] } });
    expect(charger.callsOf('ChangeAvailability').at(-1)).toEqual({ operationalStatus: 'Operative' });
    await eventually(async () => expect(await t.charger(id)).toMatchObject({ availability: 'operative', status: 'available' }));
  });

  it('firmware campaign: UpdateFirmware in the 2.0.1 shape, status notifications and a boot with the new version complete it', async () => {
    const charger = await connected('oak-lake-merritt', '1.0.0');
    const version = `2.0.${randomUUID().slice(0, 4)}`;
    const uploaded = await t.app.inject(
      authed(t.token, {
        method: 'POST',
        url: '/web/firmware/images',
        ...multipartFile(
          { version, models: MODEL },
          { field: 'file', filename: `fw-${version}.bin`, contentType: 'application/octet-stream', content: Buffer.alloc(4096, 7) },
        ),
      }),
    );
    expect(uploaded.statusCode).toBe(201);
    const created = await t.api('POST', '/web/firmware/campaigns', {
      imageId: json<FirmwareImage>(uploaded).id,
      locationId: t.locations['oak-lake-merritt'],
      firstStagePercent: 100,
      retrieveAt: new Date(Date.now() + 60_000).toISOString(),
      retries: 2,
      retryIntervalSeconds: 30,
    });
    expect(created.status).toBe(201);
    const campaign = created.body as unknown as FirmwareCampaignReport;
    expect(campaign.chargers.map((target) => target.chargerId)).toEqual([charger.registered.id]);

    const update = await eventually(() => {
      const [params] = charger.callsOf('UpdateFirmware');
      expect(params).toMatchObject({ retries: 2, retryInterval: 30, firmware: { location: expect.stringMatching(/^http/) as string } });
      return params as { requestId: number; firmware: { retrieveDateTime: string } };
    });
    expect(update.firmware.retrieveDateTime).toBe(campaign.retrieveAt);
    for (const status of ['Downloading', 'Downloaded', 'Installing', 'InstallRebooting'] as const)
      await charger.call('FirmwareStatusNotification', { status, requestId: update.requestId });
    await charger.call('FirmwareStatusNotification', { status: 'Installed', requestId: update.requestId });
    const report = async () => (await t.api('GET', `/web/firmware/campaigns/${campaign.id}`)).body as unknown as FirmwareCampaignReport;
    await eventually(async () => expect((await report()).chargers[0]).toMatchObject({ state: 'installed' }));

    await charger.call('BootNotification', {
      reason: 'FirmwareUpdate',
      chargingStation: { model: MODEL, vendorName: 'ocpp-rpc', firmwareVersion: version },
    });
    const done = await eventually(async () => {
      const current = await report();
      expect(current.status).toBe('completed');
      return current;
    });
    expect(done.counts).toEqual({ total: 1, updated: 1, failed: 0, inProgress: 0 });
    expect(done.chargers[0]).toMatchObject({ state: 'updated', reportedVersion: version, previousVersion: '1.0.0' });
    expect((await t.charger(charger.registered.id)).firmwareVersion).toBe(version);
  });

  it('dynamic power: a location limit reaches the charger as 2.0.1 profiles, the session’s share as a TxProfile on its own transaction id', async () => {
    const charger = await connected('oak-uptown');
    const tag = newTag();
    await makeDriver(t.database.db, t.locations['oak-uptown']!, { tags: [tag] });
    await startTransaction(charger, 'DPO-TX-1', tag, 1_000);
    const grid = await t.api('PUT', '/web/dpo/grid', {
      locationId: t.locations['oak-uptown'],
      supplyUnit: 'kW',
      supplyCapacity: 22,
      phases: 3,
      voltage: 400,
    });
    expect(grid.status).toBe(200);
    const saved = await t.api('PUT', '/web/dpo/limit', {
      locationId: t.locations['oak-uptown'],
      enabled: true,
      limitMode: 'fixed',
      limitKw: 3,
      periods: [],
      minPerSessionKw: 2,
    });
    expect(saved.status).toBe(200);
    const limitOf = (profile: Record<string, unknown>) =>
      (profile.chargingProfile as { chargingSchedule: [{ chargingRateUnit: string; chargingSchedulePeriod: { limit: number }[] }] })
        .chargingSchedule[0];
    await eventually(() => {
      const profiles = charger.callsOf('SetChargingProfile');
      const txDefault = profiles.find((p) => (p.chargingProfile as { chargingProfilePurpose: string }).chargingProfilePurpose === 'TxDefaultProfile');
      expect(txDefault).toMatchObject({ evseId: 0 });
      expect(limitOf(txDefault!)).toEqual({
        id: expect.any(Number) as number,
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 2000 }],
      });
      // The grid connection as the station's maximum: Absolute from now, as 2.0.1 requires of it (K01.FR.38).
      const max = profiles.find(
        (p) => (p.chargingProfile as { chargingProfilePurpose: string }).chargingProfilePurpose === 'ChargingStationMaxProfile',
      );
      expect(max).toMatchObject({ evseId: 0, chargingProfile: { chargingProfileKind: 'Absolute' } });
      expect(limitOf(max!)).toMatchObject({
        chargingRateUnit: 'W',
        startSchedule: expect.any(String) as string,
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 22_000 }],
      });
      const tx = profiles.find((p) => (p.chargingProfile as { chargingProfilePurpose: string }).chargingProfilePurpose === 'TxProfile');
      expect(tx).toMatchObject({ evseId: 1, chargingProfile: { transactionId: 'DPO-TX-1' } });
      // The only session at the location gets all of the location's 3 kW.
      expect(limitOf(tx!).chargingSchedulePeriod).toEqual([{ startPeriod: 0, limit: 3000 }]);
    });
  });

  it('reservation: a booking within its lead time sends ReserveNow, an Expired update is recorded, a cancel sends CancelReservation', async () => {
    const charger = await connected('oak-jack-london');
    const lot = t.locations['oak-jack-london']!;
    const tag = newTag();
    const driverId = await makeDriver(t.database.db, lot, { tags: [tag] });
    const book = async (hoursAhead: number) => {
      const local = localClock(new Date(Date.now() + hoursAhead * 3_600_000), timeZone);
      const created = await t.api('POST', '/web/charger-schedule', {
        locationId: lot,
        chargerIds: [charger.registered.id],
        driverId,
        startDate: local.day,
        startHour: local.hour,
        durationHours: 1,
      });
      expect(created.status).toBe(201);
      const [booking] = created.body.items as { id: string }[];
      const [row] = await t.database.db.select().from(chargerBookings).where(eq(chargerBookings.id, booking!.id));
      return row!;
    };
    const reserveNowFor = (reservationId: number) => charger.callsOf('ReserveNow').filter((params) => params.id === reservationId);

    const first = await book(1);
    await eventually(() =>
      expect(reserveNowFor(first.reservationId)).toEqual([
        {
          id: first.reservationId,
          expiryDateTime: first.endsAt.toISOString(),
          idToken: { idToken: tag, type: 'Central' },
          groupIdToken: { idToken: expect.any(String) as string, type: 'Central' },
        },
      ]),
    );
    await eventually(async () =>
      expect((await t.database.db.select().from(chargerBookings).where(eq(chargerBookings.id, first.id)))[0]!.reservedAt).not.toBeNull(),
    );

    await charger.call('ReservationStatusUpdate', { reservationId: first.reservationId, reservationUpdateStatus: 'Expired' });
    await eventually(async () =>
      expect(await eventsOf(charger.registered.chargerId, 'reservation')).toContain(`Reservation ${first.reservationId} expired at the charger`),
    );
    await eventually(async () =>
      expect((await t.database.db.select().from(chargerBookings).where(eq(chargerBookings.id, first.id)))[0]!.reservedAt).toBeNull(),
    );

    const second = await book(2);
    await eventually(() => expect(reserveNowFor(second.reservationId)).toHaveLength(1));
    const cancelled = await t.api('DELETE', `/web/charger-schedule/${second.id}`);
    expect(cancelled.body.msg).toEqual(['Booking cancelled']);
    await eventually(() => expect(charger.callsOf('CancelReservation')).toContainEqual({ reservationId: second.reservationId }));
    await eventually(async () =>
      expect(await eventsOf(charger.registered.chargerId, 'reservation')).toContain(
        `Reservation ${second.reservationId} cancelled: CancelReservation Accepted`,
      ),
    );
  });

  it('a driver’s kWh limit: meter values past it bring RequestStopTransaction with the charger’s own transaction id', async () => {
    const charger = await connected('oak-jack-london');
    const tag = newTag();
    await makeDriver(t.database.db, t.locations['oak-jack-london']!, { tags: [tag], restrictions: { maxKwhPerSession: 2 } });
    const session = await startTransaction(charger, 'KWH-TX-1', tag, 10_000);
    const update = (seqNo: number, wh: number) =>
      charger.call('TransactionEvent', {
        eventType: 'Updated',
        timestamp: new Date().toISOString(),
        triggerReason: 'MeterValuePeriodic',
        seqNo,
        transactionInfo: { transactionId: 'KWH-TX-1', chargingState: 'Charging' },
        meterValue: energy(wh),
      });
    await update(1, 11_500);
    expect(charger.callsOf('RequestStopTransaction')).toEqual([]);
    await update(2, 12_050);
    await eventually(() => expect(charger.callsOf('RequestStopTransaction')).toEqual([{ transactionId: 'KWH-TX-1' }]));

    await charger.call('TransactionEvent', {
      eventType: 'Ended',
      timestamp: new Date().toISOString(),
      triggerReason: 'RemoteStop',
      seqNo: 3,
      transactionInfo: { transactionId: 'KWH-TX-1', stoppedReason: 'Remote' },
      meterValue: energy(12_060),
    });
    await eventually(async () => {
      const [row] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.id, session.id));
      expect(row).toMatchObject({ status: 'completed', stopReason: 'Remote', meterStopWh: 12_060 });
    });
    await eventually(async () =>
      expect(await eventsOf(charger.registered.chargerId, 'authorization')).toContain(
        `Session ${session.transactionId} reached the driver's limit of 2 kWh: RemoteStopTransaction Accepted`,
      ),
    );
  });
});
