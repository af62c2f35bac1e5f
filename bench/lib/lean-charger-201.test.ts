import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { LeanCharger201 } from './lean-charger-201.ts';

// The Open Charge Alliance's OCPP 2.0.1 schemas, as the API validates against them (apps/api/src/lib/ocpp-j/ocpp-schemas.ts).
const schemas = createRequire(import.meta.url)('ocpp-rpc/lib/schemas/ocpp2_0_1.json') as { $id: string; $schema?: string }[];
// ajv-formats is CommonJS; under esModuleInterop its default import is the plugin itself at run time.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strictSchema: false, allErrors: true }));
const validators = new Map<string, ValidateFunction>();
const validatorOf = (id: string): ValidateFunction => {
  let validate = validators.get(id);
  if (!validate) {
    const found = schemas.find((schema) => schema.$id === id);
    if (!found) throw new Error(`no 2.0.1 schema ${id}`);
    const { $id: _id, $schema: _draft, ...schema } = found;
    validate = ajv.compile(schema);
    validators.set(id, validate);
  }
  return validate;
};
/** The schema's complaints about a payload, or [] when it is valid. */
const problems = (id: string, payload: unknown): string[] => {
  const validate = validatorOf(id);
  return validate(payload) ? [] : (validate.errors ?? []).map((error) => `${id}${error.instancePath} ${error.message ?? error.keyword}`);
};

/** Valid answers of a CSMS that accepts everything. */
const ANSWERS: Record<string, (payload: Record<string, unknown>) => object> = {
  BootNotification: () => ({ status: 'Accepted', currentTime: new Date().toISOString(), interval: 30 }),
  Heartbeat: () => ({ currentTime: new Date().toISOString() }),
  StatusNotification: () => ({}),
  Authorize: () => ({ idTokenInfo: { status: 'Accepted' } }),
  TransactionEvent: (payload) => (payload.idToken ? { idTokenInfo: { status: 'Accepted' } } : {}),
  NotifyReport: () => ({}),
};

type Sent = { action: string; payload: Record<string, unknown> };

/** A CSMS on a local port that speaks only ocpp2.0.1, checks each frame of the charger and asks for its device model after the boot. */
const startCsms = async () => {
  const sent: Sent[] = [];
  const invalid: string[] = [];
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: (offered) => (offered.has('ocpp2.0.1') ? 'ocpp2.0.1' : false) });
  server.on('connection', (socket: WebSocket) => {
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as [number, string, ...unknown[]];
      if (frame[0] === 3 && frame[1] === 'report-1') {
        invalid.push(...problems('urn:GetBaseReport.conf', frame[2]));
        sent.push({ action: 'GetBaseReport.conf', payload: frame[2] as Record<string, unknown> });
        return;
      }
      if (frame[0] !== 2) return void invalid.push(`not a CALL: ${data.toString()}`);
      const [, id, action, payload] = frame as [number, string, string, Record<string, unknown>];
      invalid.push(...problems(`urn:${action}.req`, payload));
      sent.push({ action, payload });
      const answer = ANSWERS[action]?.(payload) ?? {};
      socket.send(JSON.stringify([3, id, answer]));
      if (action === 'BootNotification') socket.send(JSON.stringify([2, 'report-1', 'GetBaseReport', { requestId: 7, reportBase: 'FullInventory' }]));
    });
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, sent, invalid, close: () => new Promise((resolve) => server.close(resolve)) };
};

let csms: Awaited<ReturnType<typeof startCsms>> | undefined;
let charger: LeanCharger201 | undefined;
afterEach(async () => {
  await charger?.close();
  await csms?.close();
});

describe('the lean OCPP 2.0.1 bench charger', () => {
  it('sends only payloads the official 2.0.1 schemas accept, through a whole session and a device-model report', async () => {
    csms = await startCsms();
    const calls: string[] = [];
    charger = new LeanCharger201({
      baseUrl: csms.baseUrl,
      chargerId: 'BENCH-00001',
      password: 'bench-ocpp-password-2026',
      heartbeatSeconds: 0.05,
      meterSeconds: 0.05,
      callTimeoutMs: 5000,
      onCall: (method, _ms, ok) => calls.push(`${method}${ok ? '' : ' failed'}`),
    });
    await charger.connect();
    const { idTokenInfo } = await charger.authorize('BD000001');
    expect(idTokenInfo.status).toBe('Accepted');
    await charger.startSession('BD000001');
    await vi.waitFor(() => expect(calls.filter((call) => call === 'TransactionEvent.Updated').length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    await vi.waitFor(() => expect(calls).toContain('NotifyReport'), { timeout: 5000 });
    await charger.stopSession();

    expect(csms.invalid).toEqual([]);
    expect(calls.filter((call) => call.endsWith('failed'))).toEqual([]);
    const actions = new Set(csms.sent.map((call) => call.action));
    for (const action of [
      'BootNotification',
      'StatusNotification',
      'Heartbeat',
      'Authorize',
      'TransactionEvent',
      'NotifyReport',
      'GetBaseReport.conf',
    ])
      expect(actions).toContain(action);

    // One transaction: Started, Updated…, Ended, numbered from 0 without a gap, each Updated with the five measurands.
    const events = csms.sent.filter((call) => call.action === 'TransactionEvent').map((call) => call.payload);
    expect(events.map((event) => event.eventType)).toEqual(['Started', ...events.slice(1, -1).map(() => 'Updated'), 'Ended']);
    expect(events.map((event) => event.seqNo)).toEqual(events.map((_, index) => index));
    expect(new Set(events.map((event) => (event.transactionInfo as { transactionId: string }).transactionId)).size).toBe(1);
    const updated = events[1] as { meterValue: { sampledValue: { measurand: string }[] }[] };
    expect(updated.meterValue[0]!.sampledValue.map((value) => value.measurand)).toEqual([
      'Energy.Active.Import.Register',
      'Power.Active.Import',
      'Current.Import',
      'Voltage',
      'SoC',
    ]);
  });

  it('refuses a server that does not choose ocpp2.0.1', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => false });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    charger = new LeanCharger201({
      baseUrl: `http://127.0.0.1:${port}`,
      chargerId: 'BENCH-00002',
      password: 'bench-ocpp-password-2026',
      heartbeatSeconds: 30,
      meterSeconds: 10,
      callTimeoutMs: 5000,
    });
    await expect(charger.connect()).rejects.toThrow(/subprotocol/);
    await new Promise((resolve) => server.close(resolve));
  });
});
