import { describe, expect, it } from 'vitest';
import { validateOcpp16 } from '../../../lib/ocpp-j/ocpp-schemas.ts';
import { ocpp201Errors } from '../../../../test/ocpp201-schemas.ts';
import { translateCall, Untranslatable } from './outbound.ts';

/** The profile ids power sharing uses (dpo/power-engine.ts). */
const PROFILE_IDS = { chargePointMax: 8_801, txDefault: 8_802, tx: (connectorId: number) => 8_810 + connectorId };

/** Our session 42 is the charger's transaction "tx-42"; no other session exists. */
const lookup = async (transactionId: number) => (transactionId === 42 ? 'tx-42' : null);

/** Translates a 1.6 call and checks the result against the official 2.0.1 request schema. */
const translated = async (method: string, params: Record<string, unknown>) => {
  const call = await translateCall(method, params, lookup);
  expect(ocpp201Errors(call.action, 'req', call.payload)).toEqual([]);
  return call;
};

/** The charger's 2.0.1 answer (checked against its schema) as the 1.6 caller gets it (checked against 1.6's). */
const answered = (call: Awaited<ReturnType<typeof translateCall>>, method16: string, result: Record<string, unknown>) => {
  expect(ocpp201Errors(call.action, 'conf', result)).toEqual([]);
  const answer = call.answer(result);
  validateOcpp16(method16, 'conf', answer);
  return answer;
};

describe('1.6 calls to an OCPP 2.0.1 charger', () => {
  it('the schema check refuses a 1.6-shaped payload (so the checks below can fail)', () => {
    expect(ocpp201Errors('Reset', 'req', { type: 'Hard' })).not.toEqual([]);
    expect(ocpp201Errors('RequestStartTransaction', 'req', { idToken: { idToken: 'A' } })).not.toEqual([]);
  });

  it('remote start becomes RequestStartTransaction with a Central id token on the EVSE', async () => {
    const call = await translated('RemoteStartTransaction', { idTag: 'TAG-1', connectorId: 2 });
    expect(call.action).toBe('RequestStartTransaction');
    expect(call.payload).toMatchObject({ idToken: { idToken: 'TAG-1', type: 'Central' }, evseId: 2 });
    expect(call.payload.remoteStartId).toEqual(expect.any(Number));
    expect(answered(call, 'RemoteStartTransaction', { status: 'Accepted', transactionId: 'tx-9' })).toEqual({ status: 'Accepted' });
    // Without a connector the charger picks the EVSE.
    expect((await translated('RemoteStartTransaction', { idTag: 'TAG-1' })).payload).not.toHaveProperty('evseId');
  });

  it("remote stop names the charger's own transaction id; an unknown session is not sent", async () => {
    const call = await translated('RemoteStopTransaction', { transactionId: 42 });
    expect(call).toMatchObject({ action: 'RequestStopTransaction', payload: { transactionId: 'tx-42' } });
    expect(answered(call, 'RemoteStopTransaction', { status: 'Rejected' })).toEqual({ status: 'Rejected' });
    await expect(translateCall('RemoteStopTransaction', { transactionId: 7 }, lookup)).rejects.toBeInstanceOf(Untranslatable);
  });

  it('reset Hard is Immediate and Soft is OnIdle; Scheduled answers Accepted', async () => {
    const hard = await translated('Reset', { type: 'Hard' });
    expect(hard.payload).toEqual({ type: 'Immediate' });
    const soft = await translated('Reset', { type: 'Soft' });
    expect(soft.payload).toEqual({ type: 'OnIdle' });
    expect(answered(soft, 'Reset', { status: 'Scheduled' })).toEqual({ status: 'Accepted' });
    expect(answered(hard, 'Reset', { status: 'Rejected' })).toEqual({ status: 'Rejected' });
  });

  it('unlock names the EVSE and its connector; 2.0.1-only answers map onto 1.6 ones', async () => {
    const call = await translated('UnlockConnector', { connectorId: 3 });
    expect(call.payload).toEqual({ evseId: 3, connectorId: 1 });
    expect(answered(call, 'UnlockConnector', { status: 'Unlocked' })).toEqual({ status: 'Unlocked' });
    expect(answered(call, 'UnlockConnector', { status: 'OngoingAuthorizedTransaction' })).toEqual({ status: 'UnlockFailed' });
    expect(answered(call, 'UnlockConnector', { status: 'UnknownConnector' })).toEqual({ status: 'NotSupported' });
  });

  it('availability of the whole charger has no EVSE; of a connector names it', async () => {
    const whole = await translated('ChangeAvailability', { connectorId: 0, type: 'Inoperative' });
    expect(whole.payload).toEqual({ operationalStatus: 'Inoperative' });
    expect(answered(whole, 'ChangeAvailability', { status: 'Scheduled' })).toEqual({ status: 'Scheduled' });
    expect((await translated('ChangeAvailability', { connectorId: 2, type: 'Operative' })).payload).toEqual({
      operationalStatus: 'Operative',
      evse: { id: 2 },
    });
  });

  it("power sharing's profiles: station maximum on EVSE 0, a session's TxProfile with the charger's transaction id", async () => {
    const schedule = { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 7400 }] };
    const max = await translated('SetChargingProfile', {
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: PROFILE_IDS.chargePointMax,
        stackLevel: 0,
        chargingProfilePurpose: 'ChargePointMaxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: schedule,
      },
    });
    // 2.0.1 K01.FR.38: a station maximum is never Relative; it runs from when it was sent (K01.FR.40: with its start).
    expect(max.payload).toMatchObject({
      evseId: 0,
      chargingProfile: { id: PROFILE_IDS.chargePointMax, chargingProfilePurpose: 'ChargingStationMaxProfile', chargingProfileKind: 'Absolute' },
    });
    const [maxSchedule] = (max.payload.chargingProfile as { chargingSchedule: { startSchedule: string }[] }).chargingSchedule;
    expect(maxSchedule).toEqual({ id: PROFILE_IDS.chargePointMax, ...schedule, startSchedule: expect.any(String) as string });
    expect(Math.abs(Date.parse(maxSchedule!.startSchedule) - Date.now())).toBeLessThan(60_000);
    const tx = await translated('SetChargingProfile', {
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: PROFILE_IDS.tx(1),
        transactionId: 42,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: schedule,
      },
    });
    expect(tx.payload).toMatchObject({ evseId: 1, chargingProfile: { chargingProfilePurpose: 'TxProfile', transactionId: 'tx-42' } });
    expect(answered(tx, 'SetChargingProfile', { status: 'Accepted' })).toEqual({ status: 'Accepted' });
  });

  it('clearing a profile by id or by purpose and stack level', async () => {
    expect((await translated('ClearChargingProfile', { id: PROFILE_IDS.txDefault })).payload).toEqual({ chargingProfileId: PROFILE_IDS.txDefault });
    const byPurpose = await translated('ClearChargingProfile', { chargingProfilePurpose: 'ChargePointMaxProfile', stackLevel: 1 });
    expect(byPurpose.payload).toEqual({ chargingProfileCriteria: { chargingProfilePurpose: 'ChargingStationMaxProfile', stackLevel: 1 } });
    expect(answered(byPurpose, 'ClearChargingProfile', { status: 'Unknown' })).toEqual({ status: 'Unknown' });
  });

  it('a firmware update carries the image under firmware; a refusal fails the call', async () => {
    const call = await translated('UpdateFirmware', {
      location: 'https://x.test/fw.bin',
      retrieveDate: '2026-01-01T00:00:00.000Z',
      retries: 2,
      retryInterval: 60,
    });
    expect(call.payload).toMatchObject({
      retries: 2,
      retryInterval: 60,
      firmware: { location: 'https://x.test/fw.bin', retrieveDateTime: '2026-01-01T00:00:00.000Z' },
    });
    expect(answered(call, 'UpdateFirmware', { status: 'Accepted' })).toEqual({});
    expect(() => call.answer({ status: 'InvalidCertificate' })).toThrow(/refused UpdateFirmware \(InvalidCertificate\)/);
  });

  it("a reservation of the whole charger names no EVSE, and the driver's account as its group", async () => {
    const call = await translated('ReserveNow', {
      connectorId: 0,
      expiryDate: '2026-01-01T10:00:00.000Z',
      idTag: 'TAG-1',
      parentIdTag: 'ACC-1',
      reservationId: 77,
    });
    expect(call.payload).toEqual({
      id: 77,
      expiryDateTime: '2026-01-01T10:00:00.000Z',
      idToken: { idToken: 'TAG-1', type: 'Central' },
      groupIdToken: { idToken: 'ACC-1', type: 'Central' },
    });
    expect(answered(call, 'ReserveNow', { status: 'Occupied' })).toEqual({ status: 'Occupied' });
    const cancel = await translated('CancelReservation', { reservationId: 77 });
    expect(answered(cancel, 'CancelReservation', { status: 'Accepted' })).toEqual({ status: 'Accepted' });
  });

  it('diagnostics become a DiagnosticsLog upload; the file name comes back as 1.6 names it', async () => {
    const call = await translated('GetDiagnostics', { location: 'ftp://logs.test/', startTime: '2026-01-01T00:00:00.000Z' });
    expect(call).toMatchObject({
      action: 'GetLog',
      payload: { logType: 'DiagnosticsLog', log: { remoteLocation: 'ftp://logs.test/', oldestTimestamp: '2026-01-01T00:00:00.000Z' } },
    });
    expect(answered(call, 'GetDiagnostics', { status: 'Accepted', filename: 'diag.zip' })).toEqual({ fileName: 'diag.zip' });
    expect(answered(call, 'GetDiagnostics', { status: 'Rejected' })).toEqual({});
  });

  it('trigger message and clear cache', async () => {
    const trigger = await translated('TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 });
    expect(trigger.payload).toEqual({ requestedMessage: 'StatusNotification', evse: { id: 1, connectorId: 1 } });
    expect((await translated('TriggerMessage', { requestedMessage: 'DiagnosticsStatusNotification' })).payload).toEqual({
      requestedMessage: 'LogStatusNotification',
    });
    expect(answered(trigger, 'TriggerMessage', { status: 'NotImplemented' })).toEqual({ status: 'NotImplemented' });
    const clear = await translated('ClearCache', {});
    expect(answered(clear, 'ClearCache', { status: 'Accepted' })).toEqual({ status: 'Accepted' });
  });

  it('2.0.1 calls pass unchanged; a 1.6 call without a counterpart, or a malformed one, is not sent', async () => {
    const payload = { getVariableData: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }] };
    expect(await translated('GetVariables', payload)).toMatchObject({ action: 'GetVariables', payload });
    await expect(translateCall('GetLocalListVersion', {}, lookup)).rejects.toBeInstanceOf(Untranslatable);
    await expect(translateCall('Reset', { type: 'Immediate' }, lookup)).rejects.toThrow();
  });
});
