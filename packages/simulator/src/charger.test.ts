import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChargerConnectionError, SimulatedCharger, nextFirmwareVersion, type SimulatedChargerOptions } from './charger.ts';
import { ocppEndpoint } from './endpoint.ts';
import { seededRandom } from './random.ts';
import { startTestCentralSystem, type RecordedCall, type TestCentralSystem } from './testing/ocpp-test-server.ts';

const PASSWORD = 'test-charger-password-01';
let central: TestCentralSystem;
const chargers: SimulatedCharger[] = [];

const makeCharger = (options: Partial<SimulatedChargerOptions> = {}) => {
  const charger = new SimulatedCharger({
    url: central.url,
    chargerId: `SIM-${chargers.length + 1}`,
    password: PASSWORD,
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

const statuses = (calls: RecordedCall[]) => calls.map(({ params }) => `${params.connectorId}:${params.status}`);
const energyOf = (call: RecordedCall) => {
  const [meterValue] = call.params.meterValue as { sampledValue: { measurand?: string; value: string }[] }[];
  return Number(meterValue!.sampledValue.find((sample) => sample.measurand === 'Energy.Active.Import.Register')!.value);
};

beforeEach(async () => {
  central = await startTestCentralSystem({ password: PASSWORD, heartbeatInterval: 45 });
});

afterEach(async () => {
  await Promise.allSettled(chargers.splice(0).map((charger) => charger.close()));
  await central.close();
});

describe('ocppEndpoint', () => {
  it('turns the product URL into the WebSocket base under /ocpp', () => {
    expect(ocppEndpoint('http://localhost:3000')).toBe('ws://localhost:3000/ocpp');
    expect(ocppEndpoint('https://wattdesk.example/')).toBe('wss://wattdesk.example/ocpp');
    expect(ocppEndpoint('ws://host:1/ocpp')).toBe('ws://host:1/ocpp');
  });
});

describe('connecting', () => {
  it('boots, reports connector 0 and every connector Available, and adopts the heartbeat interval', async () => {
    const charger = makeCharger({ connectors: 2, vendor: 'Acme', model: 'AC22', firmwareVersion: '3.1.0' });
    const answer = await charger.connect();
    expect(answer.status).toBe('Accepted');
    expect(charger.connected).toBe(true);
    expect(charger.heartbeatIntervalSeconds).toBe(45);
    const chargerCalls = central.calls.filter((call) => call.chargerId === charger.chargerId);
    expect(chargerCalls.map((call) => call.method)).toEqual(['BootNotification', 'StatusNotification', 'StatusNotification', 'StatusNotification']);
    expect(chargerCalls[0]!.params).toMatchObject({ chargePointVendor: 'Acme', chargePointModel: 'AC22', firmwareVersion: '3.1.0' });
    expect(statuses(central.callsOf('StatusNotification'))).toEqual(['0:Available', '1:Available', '2:Available']);
  });

  it('sends heartbeats on its interval, optionally with a random first phase, and reports each call duration', async () => {
    const charger = makeCharger({ heartbeatIntervalSeconds: 0.03, jitterTimers: true, strictMode: false });
    const timings: { method: string; durationMs: number; ok: boolean }[] = [];
    charger.on('callCompleted', (timing) => timings.push(timing));
    await charger.connect();
    await central.waitFor(() => central.callsOf('Heartbeat').length >= 3);
    expect(timings[0]).toMatchObject({ method: 'BootNotification', ok: true });
    expect(timings.every((timing) => timing.durationMs >= 0 && timing.durationMs < 1000)).toBe(true);
  });

  it('rejects with the HTTP status when the server refuses the password', async () => {
    const charger = makeCharger({ password: 'wrong-password-000000' });
    const error = await charger.connect().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChargerConnectionError);
    expect((error as ChargerConnectionError).status).toBe(401);
    expect((error as Error).message).toContain('HTTP 401');
    expect(charger.connected).toBe(false);
  });

  it('rejects with 404 on a wrong path', async () => {
    const charger = makeCharger({ url: `${central.url}/elsewhere` });
    await expect(charger.connect()).rejects.toMatchObject({ status: 404 });
  });

  it('comes back after an abrupt disconnect when reconnect is on, and reports its status again', async () => {
    const charger = makeCharger({ reconnect: true });
    await charger.connect();
    const before = central.callsOf('StatusNotification').length;
    const disconnected = once(charger, 'disconnected');
    charger.disconnectAbruptly();
    await disconnected;
    expect(charger.connected).toBe(false);
    await once(charger, 'connected');
    await central.waitFor(() => central.callsOf('StatusNotification').length >= before + 2);
    expect(central.callsOf('BootNotification')).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('runs a session: Preparing, StartTransaction, Charging, meter values with rising energy, StopTransaction, Finishing, Available', async () => {
    const charger = makeCharger();
    await charger.connect();
    const { transactionId, idTagInfo } = await charger.startSession({ idTag: 'DRIVER-0007' });
    expect(idTagInfo.status).toBe('Accepted');
    expect(charger.activeTransactionId()).toBe(transactionId);
    expect(charger.connector(1).status).toBe('Charging');

    await central.waitFor(() => central.callsOf('MeterValues').length >= 4);
    const meterCalls = central.callsOf('MeterValues');
    expect(meterCalls.every((call) => call.params.transactionId === transactionId)).toBe(true);
    const energies = meterCalls.map(energyOf);
    expect([...energies].sort((a, b) => a - b)).toEqual(energies);
    expect(energies.at(-1)!).toBeGreaterThan(energies[0]!);
    const [sample] = meterCalls.at(-1)!.params.meterValue as { sampledValue: { measurand: string; unit: string; context: string }[] }[];
    expect(sample!.sampledValue.map((value) => value.measurand)).toEqual(['Energy.Active.Import.Register', 'Power.Active.Import', 'Current.Import', 'Voltage', 'SoC']);
    expect(sample!.sampledValue[0]).toMatchObject({ unit: 'Wh', context: 'Sample.Periodic' });

    const start = central.callsOf('StartTransaction')[0]!.params;
    const stopAnswer = await charger.stopSession({ reason: 'Local' });
    expect(stopAnswer.idTagInfo?.status).toBe('Accepted');
    const stop = central.callsOf('StopTransaction')[0]!.params;
    expect(stop).toMatchObject({ transactionId, reason: 'Local', idTag: 'DRIVER-0007' });
    expect(stop.meterStop as number).toBeGreaterThanOrEqual(energies.at(-1)!);
    expect(stop.meterStop as number).toBeGreaterThan(start.meterStart as number);
    expect(stop.transactionData).toHaveLength(1);
    expect(statuses(central.callsOf('StatusNotification')).slice(-4)).toEqual(['1:Preparing', '1:Charging', '1:Finishing', '1:Available']);
    expect(charger.activeTransactionId()).toBeUndefined();

    // The register carries on from where the last session ended.
    await charger.startSession({ idTag: '04A3F2B1' });
    const secondStart = central.callsOf('StartTransaction')[1]!.params;
    expect(secondStart.meterStart as number).toBeGreaterThanOrEqual(stop.meterStop as number);
  });

  it('refuses to start on a busy connector', async () => {
    const charger = makeCharger();
    await charger.connect();
    await charger.startSession({ idTag: 'DRIVER-0001' });
    await expect(charger.startSession({ idTag: 'DRIVER-0002' })).rejects.toThrow(/cannot start/);
  });

  it('ends a session the server did not accept (DeAuthorized)', async () => {
    const charger = makeCharger();
    await charger.connect();
    const answer = await charger.startSession({ idTag: 'BLOCKED-1' });
    expect(answer.idTagInfo.status).toBe('Blocked');
    expect(central.callsOf('StopTransaction')[0]!.params.reason).toBe('DeAuthorized');
    expect(charger.connector(1).status).toBe('Available');
  });

  it('faults and recovers', async () => {
    const charger = makeCharger();
    await charger.connect();
    await charger.fault(1);
    expect(central.callsOf('StatusNotification').at(-1)!.params).toMatchObject({ connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure' });
    expect(charger.isFree(1)).toBe(false);
    await charger.clearFault(1);
    expect(central.callsOf('StatusNotification').at(-1)!.params).toMatchObject({ status: 'Available', errorCode: 'NoError' });
  });
});

describe('commands from the central system', () => {
  it('remote start and stop', async () => {
    const charger = makeCharger();
    await charger.connect();
    expect(await central.command(charger.chargerId, 'RemoteStartTransaction', { idTag: 'DRIVER-0042', connectorId: 1 })).toEqual({ status: 'Accepted' });
    // Answered before acting, so a second start on the same connector is refused straight away.
    expect(await central.command(charger.chargerId, 'RemoteStartTransaction', { idTag: 'DRIVER-0043', connectorId: 1 })).toEqual({ status: 'Rejected' });
    await central.waitFor(() => charger.activeTransactionId() !== undefined);
    expect(central.callsOf('StartTransaction')[0]!.params.idTag).toBe('DRIVER-0042');
    const transactionId = charger.activeTransactionId()!;

    expect(await central.command(charger.chargerId, 'RemoteStopTransaction', { transactionId: transactionId + 1 })).toEqual({ status: 'Rejected' });
    expect(await central.command(charger.chargerId, 'RemoteStopTransaction', { transactionId })).toEqual({ status: 'Accepted' });
    const stop = await central.waitFor(() => central.callsOf('StopTransaction')[0]);
    expect(stop.params).toMatchObject({ transactionId, reason: 'Remote' });
    expect(stop.params.idTag).toBeUndefined();
    await central.waitFor(() => charger.connector(1).status === 'Available');
    expect(charger.received.map((command) => command.method)).toEqual([
      'RemoteStartTransaction',
      'RemoteStartTransaction',
      'RemoteStopTransaction',
      'RemoteStopTransaction',
    ]);
  });

  it('change availability: accepted when idle, scheduled while charging and applied when the session ends', async () => {
    const charger = makeCharger({ connectors: 2 });
    await charger.connect();
    expect(await central.command(charger.chargerId, 'ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => charger.connector(2).status === 'Unavailable');
    expect(central.callsOf('StatusNotification').at(-1)!.params).toMatchObject({ connectorId: 2, status: 'Unavailable' });
    await expect(charger.startSession({ connectorId: 2, idTag: 'DRIVER-0001' })).rejects.toThrow();

    await charger.startSession({ connectorId: 1, idTag: 'DRIVER-0001' });
    expect(await central.command(charger.chargerId, 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).toEqual({ status: 'Scheduled' });
    expect(charger.connector(1).status).toBe('Charging');
    await charger.stopSession({ connectorId: 1 });
    expect(statuses(central.callsOf('StatusNotification')).slice(-2)).toEqual(['1:Finishing', '1:Unavailable']);

    expect(await central.command(charger.chargerId, 'ChangeAvailability', { connectorId: 0, type: 'Operative' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => charger.connectors.every((connector) => connector.status === 'Available'));
    expect(statuses(central.callsOf('StatusNotification')).slice(-3)).toEqual(['0:Available', '1:Available', '2:Available']);
    expect(await central.command(charger.chargerId, 'ChangeAvailability', { connectorId: 3, type: 'Operative' })).toEqual({ status: 'Rejected' });
  });

  it('reset: stops the session, reboots and boots again', async () => {
    const charger = makeCharger();
    await charger.connect();
    await charger.startSession({ idTag: 'DRIVER-0009' });
    expect(await central.command(charger.chargerId, 'Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('BootNotification').length === 2);
    expect(central.callsOf('StopTransaction')[0]!.params.reason).toBe('SoftReset');
    await central.waitFor(() => charger.connected && central.callsOf('StatusNotification').at(-1)!.params.status === 'Available');
    expect(charger.activeTransactionId()).toBeUndefined();
  });

  it('unlock connector stops a running session', async () => {
    const charger = makeCharger();
    await charger.connect();
    await charger.startSession({ idTag: 'DRIVER-0009' });
    expect(await central.command(charger.chargerId, 'UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    const stop = await central.waitFor(() => central.callsOf('StopTransaction')[0]);
    expect(stop.params.reason).toBe('UnlockCommand');
    expect(await central.command(charger.chargerId, 'UnlockConnector', { connectorId: 5 })).toEqual({ status: 'NotSupported' });
  });

  it('diagnostics upload and firmware update with a reboot on the new version', async () => {
    const charger = makeCharger();
    await charger.connect();
    const diagnostics = (await central.command(charger.chargerId, 'GetDiagnostics', { location: 'ftp://logs.example/' })) as { fileName: string };
    expect(diagnostics.fileName).toMatch(/^SIM-1-diagnostics-\d{8}T\d{6}\.log$/);
    await central.waitFor(() => central.callsOf('DiagnosticsStatusNotification').length === 2);
    expect(central.callsOf('DiagnosticsStatusNotification').map((call) => call.params.status)).toEqual(['Uploading', 'Uploaded']);

    expect(
      await central.command(charger.chargerId, 'UpdateFirmware', { location: 'https://firmware.example/wattdesk-2.1.0.bin', retrieveDate: new Date().toISOString() }),
    ).toEqual({});
    await central.waitFor(() => central.callsOf('BootNotification').length === 2);
    expect(central.callsOf('FirmwareStatusNotification').map((call) => call.params.status)).toEqual(['Downloading', 'Downloaded', 'Installing', 'Installed']);
    expect(central.callsOf('BootNotification')[1]!.params.firmwareVersion).toBe('2.1.0');
    expect(charger.firmwareVersion).toBe('2.1.0');
  });

  it('progress reported during a reboot is kept and sent once the charger is back', async () => {
    const charger = makeCharger({ stepDelayMs: 60 });
    await charger.connect();
    await central.command(charger.chargerId, 'GetDiagnostics', { location: 'ftp://logs.example/' });
    expect(await central.command(charger.chargerId, 'Reset', { type: 'Hard' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('DiagnosticsStatusNotification').length === 2);
    expect(central.callsOf('DiagnosticsStatusNotification').map((call) => call.params.status)).toEqual(['Uploading', 'Uploaded']);
    expect(central.callsOf('BootNotification')).toHaveLength(2);
  });

  it('trigger message, configuration keys and unknown commands', async () => {
    const charger = makeCharger();
    await charger.connect();
    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('Heartbeat').length === 1);
    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 1 })).toEqual({ status: 'Accepted' });
    const triggered = await central.waitFor(() => central.callsOf('MeterValues')[0]);
    expect((triggered.params.meterValue as { sampledValue: { context: string }[] }[])[0]!.sampledValue[0]!.context).toBe('Trigger');
    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 })).toEqual({ status: 'Accepted' });

    const config = (await central.command(charger.chargerId, 'GetConfiguration', { key: ['HeartbeatInterval', 'Nope'] })) as {
      configurationKey: { key: string; value: string }[];
      unknownKey: string[];
    };
    expect(config.configurationKey).toEqual([{ key: 'HeartbeatInterval', readonly: false, value: '45' }]);
    expect(config.unknownKey).toEqual(['Nope']);
    expect(await central.command(charger.chargerId, 'ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '15' })).toEqual({ status: 'Accepted' });
    expect(charger.meterIntervalSeconds).toBe(15);
    expect(await central.command(charger.chargerId, 'ChangeConfiguration', { key: 'HeartbeatInterval', value: 'soon' })).toEqual({ status: 'Rejected' });
    expect(await central.command(charger.chargerId, 'ChangeConfiguration', { key: 'NumberOfConnectors', value: '3' })).toEqual({ status: 'Rejected' });
    expect(await central.command(charger.chargerId, 'ChangeConfiguration', { key: 'Unheard', value: '1' })).toEqual({ status: 'NotSupported' });

    await expect(central.command(charger.chargerId, 'SendLocalList', { listVersion: 2, updateType: 'Full' })).rejects.toMatchObject({
      rpcErrorCode: 'NotImplemented',
    });
    const commands: string[] = [];
    charger.on('command', ({ method }) => commands.push(method));
    await central.command(charger.chargerId, 'ClearCache', {});
    expect(commands).toEqual(['ClearCache']);
  });
});

describe('raw calls', () => {
  it('call validates before sending; callUnchecked sends as is and surfaces the server error code', async () => {
    const charger = makeCharger();
    await charger.connect();
    await expect(charger.call('StatusNotification', { connectorId: 1, status: 'Sleeping', errorCode: 'NoError' })).rejects.toMatchObject({
      rpcErrorCode: 'FormatViolation',
    });
    await expect(charger.callUnchecked('StatusNotification', { connectorId: 'one', status: 'Available', errorCode: 'NoError' })).rejects.toMatchObject({
      rpcErrorCode: 'TypeConstraintViolation',
    });
    await expect(charger.callUnchecked('StatusNotification', { connectorId: 1, status: 'Sleeping', errorCode: 'NoError' })).rejects.toMatchObject({
      rpcErrorCode: 'FormationViolation',
    });
    await expect(
      charger.callUnchecked('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError', extra: true }),
    ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
    expect(await charger.callUnchecked('Heartbeat', {})).toMatchObject({ currentTime: expect.any(String) });
    expect(await charger.dataTransfer('com.wattdesk', 'ping', 'x')).toEqual({ status: 'Accepted', data: 'pong' });
  });
});

describe('nextFirmwareVersion', () => {
  it('takes the version from the file name, or bumps the current one', () => {
    expect(nextFirmwareVersion('https://fw.example/builds/wattdesk-2.1.0.bin?sig=1', '1.4.2')).toBe('2.1.0');
    expect(nextFirmwareVersion('https://fw.example/latest.bin', '1.4.2')).toBe('1.4.3');
    expect(nextFirmwareVersion('https://fw.example/latest.bin', 'beta')).toBe('beta-1');
  });
});
