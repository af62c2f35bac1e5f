import type { StopTransactionRequest } from '@wattdesk/shared/ocpp/ocpp16';
import { and, eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { chargerEvents, chargingSessions, connectorStates, meterSamples } from '../../db/schema/index.ts';
import { manualClock } from '../../../test/clock.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';

const rpcCodeOf = (error: unknown) => (error as { rpcErrorCode?: string }).rpcErrorCode;

describe('OCPP 1.6J endpoint', () => {
  let t: OcppTestApp;
  beforeAll(async () => {
    t = await startOcppApp();
  });
  afterAll(() => t.close());

  const eventsOf = (chargerCode: string) => t.database.db.select().from(chargerEvents).where(eq(chargerEvents.chargerCode, chargerCode));

  describe('connecting', () => {
    it('a registered charger with its password connects, boots, reports status, and shows online', async () => {
      const registered = await t.registerCharger();
      expect(registered.ocppPassword).toMatch(/^[\w-]{32}$/);
      const charger = t.simulate(registered, { firmwareVersion: '1.4.2', connectors: 2 });
      const boot = await charger.connect();
      expect(boot).toMatchObject({ status: 'Accepted', interval: 30 });
      const live = await eventually(async () => {
        const current = await t.charger(registered.id);
        expect(current).toMatchObject({ connected: true, status: 'available', firmwareVersion: '1.4.2' });
        expect(current.connectors.map((c) => [c.connectorId, c.status])).toEqual([
          [0, 'Available'],
          [1, 'Available'],
          [2, 'Available'],
        ]);
        return current;
      });
      expect(live.lastSeenAt).not.toBeNull();
      // The charger log is written by group commit, after the answer: it arrives, not at once.
      await eventually(async () =>
        expect((await eventsOf(registered.chargerId)).map((event) => event.kind)).toEqual(expect.arrayContaining(['connected', 'boot'])),
      );

      await charger.close();
      await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ connected: false, status: 'offline' }));
    });

    it('an unknown charger id is refused with 401, counted and sampled, not written to the charger log', async () => {
      const before = t.app.ocpp.refusals().refused;
      const stranger = t.simulate({ chargerId: 'WD-NOBODY-01', ocppPassword: 'a-password-of-some-length' });
      await expect(stranger.connect()).rejects.toMatchObject({ status: 401 });
      expect(t.app.ocpp.refusals().refused).toBe(before + 1);
      expect(t.app.ocpp.refusals().sample).toContain('WD-NOBODY-01');
      expect(await eventsOf('WD-NOBODY-01')).toEqual([]);
    });

    it('a wrong password, and no password, are refused with 401 and logged on the charger', async () => {
      const registered = await t.registerCharger();
      await expect(t.simulate({ ...registered, ocppPassword: 'not-the-right-password' }).connect()).rejects.toMatchObject({ status: 401 });
      const noPassword = new RPCClient({
        endpoint: `ws://127.0.0.1:${new URL(t.baseUrl).port}/ocpp`,
        identity: registered.chargerId,
        protocols: ['ocpp1.6'],
        reconnect: false,
      } as never);
      await expect(noPassword.connect()).rejects.toMatchObject({ code: 401 });
      await eventually(async () => {
        const refusals = (await eventsOf(registered.chargerId)).filter((e) => e.kind === 'refused');
        expect(refusals.map((e) => e.summary).sort()).toEqual(['Connection refused: no password', 'Connection refused: wrong password']);
        expect(refusals.every((e) => e.chargerId === registered.id)).toBe(true);
      });
      expect((await t.charger(registered.id)).connected).toBe(false);
    });

    it('an unknown id and a registered one with a wrong password get the same refusal, each after an argon2 check', async () => {
      const registered = await t.registerCharger();
      /** The HTTP answer to the upgrade, status and body, as a prober would see it. */
      const refusalOf = (chargerId: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ocpp/${chargerId}`, ['ocpp1.6'], {
            headers: { authorization: `Basic ${Buffer.from(`${chargerId}:not-the-right-password`).toString('base64')}` },
          });
          ws.once('open', () => reject(new Error('accepted')));
          ws.once('unexpected-response', (_request, response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          });
        });
      const before = t.app.ocpp.credentials().misses;
      const unknown = await refusalOf('WD-NOBODY-02');
      const wrong = await refusalOf(registered.chargerId);
      expect(unknown).toEqual(wrong);
      expect(unknown.status).toBe(401);
      // Both paths verified the presented password the slow way: the unknown id against a decoy hash.
      expect(t.app.ocpp.credentials().misses).toBe(before + 2);
    });

    it('a charger asking for neither ocpp1.6 nor ocpp2.0.1 is refused: the handshake names no subprotocol', async () => {
      const registered = await t.registerCharger();
      const client = new RPCClient({
        endpoint: `ws://127.0.0.1:${new URL(t.baseUrl).port}/ocpp`,
        identity: registered.chargerId,
        password: registered.ocppPassword,
        protocols: ['ocpp2.1'],
        reconnect: false,
      } as never);
      // OCPP-J 1.6 §3.1.2: the server completes the handshake without a subprotocol; the client gives up on that.
      await expect(client.connect()).rejects.toThrow('Server sent no subprotocol');
    });

    it('a new password replaces the old one for new connections', async () => {
      const registered = await t.registerCharger();
      const { body } = await t.api('POST', `/web/chargers/${registered.id}/ocpp-password`);
      await expect(t.simulate(registered).connect()).rejects.toMatchObject({ status: 401 });
      await t.simulate({ ...registered, ocppPassword: String(body.ocppPassword) }).connect();
    });
  });

  describe('messages', () => {
    it('before any BootNotification, other messages get SecurityError and change nothing', async () => {
      const registered = await t.registerCharger();
      const client = new RPCClient({
        endpoint: `ws://127.0.0.1:${new URL(t.baseUrl).port}/ocpp`,
        identity: registered.chargerId,
        password: registered.ocppPassword,
        protocols: ['ocpp1.6'],
        reconnect: false,
      } as never);
      await client.connect();
      await expect(client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' })).rejects.toMatchObject({
        rpcErrorCode: 'SecurityError',
      });
      expect(await t.database.db.select().from(connectorStates).where(eq(connectorStates.chargerId, registered.id))).toEqual([]);
      await client.close();
    });

    it('payloads that break the OCPP schema get the protocol error and store nothing', async () => {
      const registered = await t.registerCharger();
      const charger = t.simulate(registered);
      await charger.connect();
      const missingTag = await charger
        .callUnchecked('StartTransaction', { connectorId: 1, meterStart: 0, timestamp: new Date().toISOString() })
        .catch(rpcCodeOf);
      // OCPP 1.6 spells it "Occurence"; we answer the errata's spelling (ocpp-call-error.ts).
      expect(missingTag).toBe('OccurrenceConstraintViolation');
      const wrongType = await charger
        .callUnchecked('StartTransaction', { connectorId: 'one', idTag: 'X', meterStart: 0, timestamp: new Date().toISOString() })
        .catch(rpcCodeOf);
      expect(wrongType).toBe('TypeConstraintViolation');
      const badStatus = await charger
        .callUnchecked('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Exploded' })
        .catch(rpcCodeOf);
      // Not a value of the enum (OCPP-J 1.6 §4.2.3: a property's value outside what it may hold).
      expect(badStatus).toBe('PropertyConstraintViolation');
      const unknownAction = await charger.callUnchecked('SelfDestruct', {}).catch(rpcCodeOf);
      expect(unknownAction).toBe('NotImplemented');
      expect(await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.chargerId, registered.id))).toEqual([]);
      expect((await t.charger(registered.id)).connectors.find((c) => c.connectorId === 1)?.status).toBe('Available');
    });

    it('an idTag with a NUL or another control character is refused as a protocol error, not an internal one, and stores nothing', async () => {
      const registered = await t.registerCharger();
      const charger = t.simulate(registered);
      await charger.connect();
      const timestamp = new Date().toISOString();
      const refusals = await Promise.all([
        charger.callUnchecked('Authorize', { idTag: 'CARD\u0000X' }).catch(rpcCodeOf),
        charger.callUnchecked('Authorize', { idTag: 'CARD\u0007' }).catch(rpcCodeOf),
        charger.callUnchecked('StartTransaction', { connectorId: 1, idTag: '\u0000', meterStart: 0, timestamp }).catch(rpcCodeOf),
        charger.callUnchecked('StartTransaction', { connectorId: 1, idTag: 'CARD\n1', meterStart: 0, timestamp }).catch(rpcCodeOf),
        // A NUL anywhere else would fail the database too.
        charger.callUnchecked('DataTransfer', { vendorId: 'Acme\u0000' }).catch(rpcCodeOf),
      ]);
      expect(refusals).toEqual(Array(5).fill('PropertyConstraintViolation'));
      expect(await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.chargerId, registered.id))).toEqual([]);
      // The connection goes on: free text may hold a line break, and a clean tag gets its answer.
      expect(await charger.callUnchecked('DataTransfer', { vendorId: 'Acme', data: 'line one\nline two' })).toEqual({ status: 'UnknownVendorId' });
      expect(await charger.callUnchecked('Authorize', { idTag: 'CLEAN-CARD-1' })).toHaveProperty('idTagInfo.status');
      await charger.close();
    });

    it('a session: start, meter values, stop — with energy from the meter and its samples stored', async () => {
      const registered = await t.registerCharger();
      // The charger's clock moves by hand: a minute of charging between the two samples, without waiting for it.
      const clock = manualClock();
      const charger = t.simulate(registered, { initialEnergyWh: 100_000, clock: () => clock.now().getTime() });
      const readings: number[] = [];
      charger.on('meterValues', ({ energyWh }) => readings.push(energyWh));
      await charger.connect();
      const { transactionId } = await charger.startSession({ connectorId: 1, idTag: 'DRIVER-0042' });
      const meterStartWh = charger.connectors[0]!.meterStartWh!;
      await eventually(async () => {
        const live = await t.charger(registered.id);
        expect(live.status).toBe('charging');
        expect(live.activeSessions).toMatchObject([{ transactionId, connectorId: 1, idTag: 'DRIVER-0042' }]);
      });
      clock.advance(60_000);
      await charger.sendMeterValues(1);
      clock.advance(60_000);
      await charger.sendMeterValues(1);
      await t.app.ocpp.flushTelemetry();
      const during = (await t.charger(registered.id)).activeSessions[0]!;
      expect(during.powerKw).toBeGreaterThan(0);
      // The energy so far is the last register reading sent, against the start, in kWh of whole Wh.
      expect(during.energyKwh).toBe(Math.round(readings.at(-1)! - meterStartWh) / 1000);

      const stopped = await charger.stopSession({ connectorId: 1, reason: 'EVDisconnected' });
      expect(stopped.idTagInfo?.status).toBe('Accepted');
      const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, transactionId));
      expect(session).toMatchObject({ status: 'completed', stopReason: 'EVDisconnected', idTag: 'DRIVER-0042' });
      expect(session!.energyWh).toBeCloseTo(session!.meterStopWh! - session!.meterStartWh, 3);
      expect(session!.meterStartWh).toBeGreaterThanOrEqual(100_000);
      const samples = await t.database.db.select().from(meterSamples).where(eq(meterSamples.sessionId, session!.id));
      expect(samples.length).toBeGreaterThanOrEqual(2);
      expect(samples.every((sample) => sample.energyWh !== null && sample.energyWh >= session!.meterStartWh)).toBe(true);
      await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ status: 'available', activeSessions: [] }));
    });

    it('a repeated StartTransaction answers the same transaction id; a repeated stop changes nothing', async () => {
      const registered = await t.registerCharger();
      const charger = t.simulate(registered);
      await charger.connect();
      const start = { connectorId: 1, idTag: 'DRIVER-0007', meterStart: 5000, timestamp: '2026-11-22T08:00:00.000Z' };
      const first = await charger.call('StartTransaction', start);
      const again = await charger.call('StartTransaction', start);
      expect(again.transactionId).toBe(first.transactionId);
      const stop: StopTransactionRequest = {
        transactionId: first.transactionId,
        meterStop: 9000,
        timestamp: '2026-11-22T09:00:00.000Z',
        reason: 'Local',
      };
      await charger.call('StopTransaction', stop);
      await charger.call('StopTransaction', { ...stop, meterStop: 99_000, reason: 'Other' });
      const sessions = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.chargerId, registered.id));
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ meterStopWh: 9000, energyWh: 4000, stopReason: 'Local' });
    });

    it('meter values or a stop for a transaction the charger does not have are accepted and recorded (1.6 cannot refuse a stop)', async () => {
      const registered = await t.registerCharger();
      const other = await t.registerCharger();
      const charger = t.simulate(registered);
      const otherCharger = t.simulate(other);
      await Promise.all([charger.connect(), otherCharger.connect()]);
      const { transactionId } = await otherCharger.startSession({ connectorId: 1, idTag: 'DRIVER-0001' });
      const meter = {
        connectorId: 1,
        transactionId,
        meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: '1000', unit: 'Wh' }] }],
      };
      expect(await charger.callUnchecked('MeterValues', meter)).toEqual({});
      expect(await charger.callUnchecked('MeterValues', meter)).toEqual({});
      const stop = { transactionId: 987_654, meterStop: 1234, timestamp: new Date().toISOString(), reason: 'PowerLoss' };
      expect(await charger.callUnchecked('StopTransaction', stop)).toEqual({});
      await eventually(async () =>
        expect((await eventsOf(registered.chargerId)).filter((e) => e.kind === 'session').map((e) => e.summary)).toEqual(
          expect.arrayContaining([
            `Meter values for unknown transaction ${transactionId} accepted, not stored: no session matched`,
            'Stop of unknown transaction 987654 accepted: meter 1234 Wh, PowerLoss; no session matched',
          ]),
        ),
      );
      // Meter values of one unknown transaction are recorded once, not once per message.
      const meterRows = (await eventsOf(registered.chargerId)).filter((e) => e.summary.startsWith('Meter values for unknown'));
      expect(meterRows).toHaveLength(1);
      // The other charger's session is untouched.
      const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, transactionId));
      expect(session!.status).toBe('active');
    });

    it('an older StatusNotification arriving late does not overwrite a newer one', async () => {
      const registered = await t.registerCharger();
      const charger = t.simulate(registered);
      await charger.connect();
      // Both after the boot's own status report (stamped now), the older one sent last.
      const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
      await charger.call('StatusNotification', { connectorId: 1, errorCode: 'GroundFailure', status: 'Faulted', timestamp: at(5000) });
      await charger.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available', timestamp: at(1000) });
      const [state] = await t.database.db
        .select()
        .from(connectorStates)
        .where(and(eq(connectorStates.chargerId, registered.id), eq(connectorStates.connectorId, 1)));
      expect(state).toMatchObject({ status: 'Faulted', errorCode: 'GroundFailure' });
      // The connection's own mark may land a round later (connection-writer.ts); then the status is the newer report's.
      await eventually(async () => expect((await t.charger(registered.id)).status).toBe('faulted'));
      await eventually(async () =>
        expect((await eventsOf(registered.chargerId)).some((e) => e.kind === 'fault' && e.summary.includes('GroundFailure'))).toBe(true),
      );
    });

    it('a charger that drops and reconnects resumes its running session without a new boot', async () => {
      const registered = await t.registerCharger();
      const charger = t.simulate(registered, { reconnect: true });
      await charger.connect();
      const { transactionId } = await charger.startSession({ connectorId: 1, idTag: 'DRIVER-0099' });
      charger.disconnectAbruptly();
      // The log, not the live state: the simulator reconnects at once, so 'disconnected' may last too short to see.
      await eventually(async () => {
        const kinds = (await eventsOf(registered.chargerId)).map((event) => event.kind);
        expect(kinds.filter((kind) => kind === 'connected').length).toBeGreaterThanOrEqual(2);
        expect(kinds).toContain('disconnected');
      }, 20_000);
      await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ connected: true, status: 'charging' }), 20_000);
      await charger.sendMeterValues(1);
      await charger.stopSession({ connectorId: 1 });
      const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, transactionId));
      expect(session!.status).toBe('completed');
    });

    it('DataTransfer, diagnostics and firmware notifications are answered and logged', async () => {
      const registered = await t.registerCharger();
      const charger = t.simulate(registered);
      await charger.connect();
      expect(await charger.dataTransfer('com.example.vendor', 'ping', 'hello')).toEqual({ status: 'UnknownVendorId' });
      await charger.diagnosticsStatus('Uploaded');
      await charger.firmwareStatus('Installed');
      await charger.heartbeat();
      await charger.authorize('DRIVER-0001').then((answer) => expect(answer.idTagInfo.status).toBe('Accepted'));
      await eventually(async () =>
        expect((await eventsOf(registered.chargerId)).map((e) => e.summary)).toEqual(
          expect.arrayContaining(['Data transfer from com.example.vendor (ping)', 'Diagnostics upload: Uploaded', 'Firmware update: Installed']),
        ),
      );
    });
  });
});
