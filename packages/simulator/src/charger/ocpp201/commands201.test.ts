import { describe, expect, it } from 'vitest';
import { useCsms201Harness } from '../../testing/csms201-harness.ts';
import type { RecordedCall } from '../../testing/ocpp-test-server.ts';

const { central, makeCharger } = useCsms201Harness();

const card = (idToken: string) => ({ idToken, type: 'ISO14443' });
const events = (type: string) => central.callsOf('TransactionEvent').filter((call) => call.params.eventType === type);
const evseStatuses = () => central.callsOf('StatusNotification').map(({ params }) => `${String(params.evseId)}:${String(params.connectorStatus)}`);
const powerOf = (call: RecordedCall) =>
  (call.params.meterValue as { sampledValue: { measurand?: string; value: number }[] }[])[0]!.sampledValue.find(
    (sample) => sample.measurand === 'Power.Active.Import',
  )!.value;

describe('2.0.1 commands from the CSMS', () => {
  it('remote start with its remoteStartId, a power limit that holds, unlock refused while charging, remote stop', async () => {
    const charger = makeCharger({ powerKw: 7.2 });
    await charger.connect();
    const start = { idToken: card('04A3F2B1'), evseId: 1, remoteStartId: 7 };
    expect(await central.command(charger.chargerId, 'RequestStartTransaction', start)).toEqual({ status: 'Accepted' });
    const started = await central.waitFor(() => events('Started')[0]);
    expect(started.params).toMatchObject({ triggerReason: 'RemoteStart', transactionInfo: { remoteStartId: 7 }, idToken: card('04A3F2B1') });
    const transactionId = (started.params.transactionInfo as { transactionId: string }).transactionId;
    expect(await central.command(charger.chargerId, 'RequestStartTransaction', { ...start, remoteStartId: 8 })).toEqual({ status: 'Rejected' });

    const limit = {
      evseId: 1,
      chargingProfile: {
        id: 31,
        stackLevel: 0,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        transactionId,
        chargingSchedule: [{ id: 1, chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 2000 }] }],
      },
    };
    expect(await central.command(charger.chargerId, 'SetChargingProfile', limit)).toEqual({ status: 'Accepted' });
    const updatesBefore = events('Updated').length;
    await central.waitFor(() => events('Updated').length >= updatesBefore + 3);
    expect(
      events('Updated')
        .slice(updatesBefore + 1)
        .every((call) => powerOf(call) <= 2000),
    ).toBe(true);
    const otherTransaction = { ...limit, chargingProfile: { ...limit.chargingProfile, transactionId: 'not-running' } };
    expect(await central.command(charger.chargerId, 'SetChargingProfile', otherTransaction)).toEqual({ status: 'Rejected' });
    expect(await central.command(charger.chargerId, 'ClearChargingProfile', { chargingProfileId: 31 })).toEqual({ status: 'Accepted' });
    expect(await central.command(charger.chargerId, 'ClearChargingProfile', { chargingProfileId: 31 })).toEqual({ status: 'Unknown' });

    expect(await central.command(charger.chargerId, 'UnlockConnector', { evseId: 1, connectorId: 1 })).toEqual({
      status: 'OngoingAuthorizedTransaction',
    });
    expect(await central.command(charger.chargerId, 'RequestStopTransaction', { transactionId: 'unknown' })).toEqual({ status: 'Rejected' });
    expect(await central.command(charger.chargerId, 'RequestStopTransaction', { transactionId })).toEqual({ status: 'Accepted' });
    const ended = await central.waitFor(() => events('Ended')[0]);
    expect(ended.params).toMatchObject({ triggerReason: 'RemoteStop', transactionInfo: { transactionId, stoppedReason: 'Remote' } });
    expect(await central.command(charger.chargerId, 'UnlockConnector', { evseId: 1, connectorId: 1 })).toEqual({ status: 'Unlocked' });
    expect(await central.command(charger.chargerId, 'UnlockConnector', { evseId: 9, connectorId: 1 })).toEqual({ status: 'UnknownConnector' });
  });

  it('a remote start with a TxProfile limits the transaction it starts', async () => {
    const charger = makeCharger({ powerKw: 7.2 });
    await charger.connect();
    const chargingProfile = {
      id: 40,
      stackLevel: 0,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Relative',
      chargingSchedule: [{ id: 1, chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 1500 }] }],
    };
    const start = { idToken: card('DRIVER-0040'), remoteStartId: 40, chargingProfile };
    expect(await central.command(charger.chargerId, 'RequestStartTransaction', start)).toEqual({ status: 'Accepted' });
    await central.waitFor(() => events('Updated').length >= 4);
    expect(
      events('Updated')
        .map(powerOf)
        .every((power) => power <= 1500),
    ).toBe(true);
  });

  it('availability, reservations with their expiry, triggers, cache and data transfer', async () => {
    const charger = makeCharger({ connectors: 2 });
    await charger.connect();
    expect(await central.command(charger.chargerId, 'ChangeAvailability', { operationalStatus: 'Inoperative', evse: { id: 2 } })).toEqual({
      status: 'Accepted',
    });
    await central.waitFor(() => evseStatuses().at(-1) === '2:Unavailable');
    await expect(charger.startSession({ connectorId: 2, idTag: 'DRIVER-0001' })).rejects.toThrow();
    expect(await central.command(charger.chargerId, 'ChangeAvailability', { operationalStatus: 'Operative' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => evseStatuses().at(-1) === '2:Available');

    const reserve = { id: 5, expiryDateTime: new Date(Date.now() + 400).toISOString(), idToken: card('DRIVER-0009'), evseId: 1 };
    expect(await central.command(charger.chargerId, 'ReserveNow', reserve)).toEqual({ status: 'Accepted' });
    await central.waitFor(() => evseStatuses().at(-1) === '1:Reserved');
    await expect(charger.startSession({ connectorId: 1, idTag: 'DRIVER-0001' })).rejects.toThrow(/reserved/);
    const expired = await central.waitFor(() => central.callsOf('ReservationStatusUpdate')[0]);
    expect(expired.params).toEqual({ reservationId: 5, reservationUpdateStatus: 'Expired' });
    await central.waitFor(() => evseStatuses().at(-1) === '1:Available');
    const later = { ...reserve, id: 6, expiryDateTime: new Date(Date.now() + 3_600_000).toISOString() };
    expect(await central.command(charger.chargerId, 'ReserveNow', later)).toEqual({ status: 'Accepted' });
    expect(await central.command(charger.chargerId, 'CancelReservation', { reservationId: 6 })).toEqual({ status: 'Accepted' });
    expect(await central.command(charger.chargerId, 'CancelReservation', { reservationId: 6 })).toEqual({ status: 'Rejected' });

    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('Heartbeat').length === 1);
    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'MeterValues', evse: { id: 2 } })).toEqual({
      status: 'Accepted',
    });
    const meterValues = await central.waitFor(() => central.callsOf('MeterValues')[0]);
    expect(meterValues.params).toMatchObject({ evseId: 2 });
    const statusesBefore = central.callsOf('StatusNotification').length;
    const triggerStatus = { requestedMessage: 'StatusNotification', evse: { id: 1, connectorId: 1 } };
    expect(await central.command(charger.chargerId, 'TriggerMessage', triggerStatus)).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('StatusNotification').length === statusesBefore + 1);
    expect(evseStatuses().at(-1)).toBe('1:Available');
    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'BootNotification' })).toEqual({ status: 'Accepted' });
    const triggeredBoot = await central.waitFor(() => central.callsOf('BootNotification')[1]);
    expect(triggeredBoot.params).toMatchObject({ reason: 'Triggered' });
    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'SignV2GCertificate' })).toEqual({
      status: 'NotImplemented',
    });
    expect(await central.command(charger.chargerId, 'ClearCache', {})).toEqual({ status: 'Accepted' });
    expect(await central.command(charger.chargerId, 'DataTransfer', { vendorId: 'com.example' })).toEqual({ status: 'UnknownVendorId' });
    expect(await charger.dataTransfer('com.wattdesk', 'ping')).toMatchObject({ status: 'Accepted' });
  });

  it('GetLog uploads with its requestId; UpdateFirmware installs and boots on the new version; resets, immediate and on idle', async () => {
    const charger = makeCharger();
    await charger.connect();
    const log = { log: { remoteLocation: 'ftp://logs.example/' }, logType: 'DiagnosticsLog', requestId: 11 };
    expect(await central.command(charger.chargerId, 'GetLog', log)).toEqual({
      status: 'Accepted',
      filename: expect.stringMatching(/^SIM-1-diagnostics-/),
    });
    await central.waitFor(() => central.callsOf('LogStatusNotification').length === 2);
    expect(central.callsOf('LogStatusNotification').map((call) => call.params)).toEqual([
      { status: 'Uploading', requestId: 11 },
      { status: 'Uploaded', requestId: 11 },
    ]);

    const update = { requestId: 12, firmware: { location: 'ftp://fw.example/wattdesk-2.1.0.bin', retrieveDateTime: new Date().toISOString() } };
    expect(await central.command(charger.chargerId, 'UpdateFirmware', update)).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('BootNotification').length === 2);
    expect(central.callsOf('FirmwareStatusNotification').map((call) => call.params)).toEqual(
      ['Downloading', 'Downloaded', 'Installing', 'Installed'].map((status) => ({ status, requestId: 12 })),
    );
    expect(central.callsOf('BootNotification')[1]!.params).toMatchObject({ reason: 'FirmwareUpdate', chargingStation: { firmwareVersion: '2.1.0' } });

    expect(await central.command(charger.chargerId, 'Reset', { type: 'Immediate' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('BootNotification').length === 3);
    expect(central.callsOf('BootNotification')[2]!.params).toMatchObject({ reason: 'RemoteReset' });

    await central.waitFor(() => charger.connected);
    await charger.startSession({ idTag: 'DRIVER-0002' });
    expect(await central.command(charger.chargerId, 'Reset', { type: 'OnIdle' })).toEqual({ status: 'Scheduled' });
    expect(central.callsOf('BootNotification')).toHaveLength(3);
    await charger.stopSession({ reason: 'Local' });
    await central.waitFor(() => central.callsOf('BootNotification').length === 4);
  });
});
