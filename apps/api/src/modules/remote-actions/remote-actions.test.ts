import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { authed, loginAs } from '../../../test/test-app.ts';

describe('remote actions reach the charger, answer what it said, and are audited', () => {
  let t: OcppTestApp;
  beforeAll(async () => {
    t = await startOcppApp();
  });
  afterAll(() => t.close());

  const connected = async () => {
    const registered = await t.registerCharger();
    const charger = t.simulate(registered);
    await charger.connect();
    await eventually(async () => expect((await t.charger(registered.id)).connected).toBe(true));
    return { registered, charger };
  };

  it('reset: the charger gets Reset, answers Accepted, and reboots', async () => {
    const { registered, charger } = await connected();
    const { status, body } = await t.api('POST', `/web/chargers/${registered.id}/reset`, { type: 'Soft' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'Accepted', msg: ['Reset (Soft): the charger answered Accepted'] });
    expect(charger.received.map((command) => [command.method, command.params])).toContainEqual(['Reset', { type: 'Soft' }]);
    const [audit] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, registered.chargerId), eq(activityLogs.action, 'charger.reset')));
    expect(audit).toMatchObject({
      action: 'charger.reset',
      actorEmail: 'superadmin@example.com',
      changes: { command: { before: null, after: 'Reset (Soft): Accepted' } },
    });
  });

  it('unlock, remote start and remote stop of the session it started', async () => {
    const { registered, charger } = await connected();
    expect((await t.api('POST', `/web/chargers/${registered.id}/unlock`, { connectorId: 1 })).body.status).toBe('Unlocked');

    const started = await t.api('POST', `/web/chargers/${registered.id}/remote-start`, { idTag: 'DRIVER-0321', connectorId: 1 });
    expect(started.body.status).toBe('Accepted');
    const session = await eventually(async () => {
      const [active] = (await t.charger(registered.id)).activeSessions;
      expect(active).toMatchObject({ idTag: 'DRIVER-0321', connectorId: 1 });
      return active!;
    });

    const stopped = await t.api('POST', `/web/chargers/${registered.id}/remote-stop`, { transactionId: session.transactionId });
    expect(stopped.body.status).toBe('Accepted');
    await eventually(async () => expect((await t.charger(registered.id)).activeSessions).toEqual([]));
    // A transaction the charger does not run: it refuses, and the dashboard says so.
    const refused = await t.api('POST', `/web/chargers/${registered.id}/remote-stop`, { transactionId: session.transactionId });
    expect(refused.body).toMatchObject({
      status: 'Rejected',
      msg: [`Remote stop of session ${session.transactionId}: the charger refused (Rejected)`],
    });
    expect(charger.received.map((command) => command.method)).toEqual(
      expect.arrayContaining(['UnlockConnector', 'RemoteStartTransaction', 'RemoteStopTransaction']),
    );
  });

  it('change availability and get diagnostics', async () => {
    const { registered, charger } = await connected();
    expect((await t.api('POST', `/web/chargers/${registered.id}/availability`, { connectorId: 1, type: 'Inoperative' })).body.status).toBe(
      'Accepted',
    );
    await eventually(async () => expect((await t.charger(registered.id)).connectors.find((c) => c.connectorId === 1)?.status).toBe('Unavailable'));
    const diagnostics = await t.api('POST', `/web/chargers/${registered.id}/diagnostics`, { location: 'ftp://diagnostics.example.com/uploads' });
    expect(diagnostics.status).toBe(200);
    expect(diagnostics.body.fileName).toEqual(expect.any(String));
    expect(charger.received.find((command) => command.method === 'GetDiagnostics')?.params).toEqual({
      location: 'ftp://diagnostics.example.com/uploads',
    });
  });

  it('an offline charger: 409 with a message a person can act on, and nothing audited', async () => {
    const registered = await t.registerCharger();
    const { status, body } = await t.api('POST', `/web/chargers/${registered.id}/reset`, { type: 'Hard' });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'CHARGER_OFFLINE', msg: ['The charger is offline. Try again when it is connected'] });
    expect(await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, 'charger.reset'))).not.toContainEqual(
      expect.objectContaining({ entityId: registered.chargerId }),
    );
  });

  it('bad input is refused before anything is sent', async () => {
    const { registered, charger } = await connected();
    const cases: [string, Record<string, unknown>, string][] = [
      ['reset', { type: 'Gentle' }, 'Type must be Soft or Hard'],
      ['unlock', { connectorId: 0 }, 'Connector must be 1 or more'],
      ['remote-start', { idTag: '' }, 'Id tag is required'],
      ['remote-start', { idTag: 'X'.repeat(21) }, 'Id tag must be at most 20 characters'],
      ['diagnostics', { location: 'file:///etc/passwd' }, 'Upload location must be an ftp://, ftps://, http:// or https:// address'],
    ];
    for (const [action, payload, message] of cases) {
      const { status, body } = await t.api('POST', `/web/chargers/${registered.id}/${action}`, payload);
      expect(status, action).toBe(400);
      expect(body.msg, action).toContain(message);
    }
    expect(charger.received).toEqual([]);
  });

  it('a user outside the charger’s location cannot command it', async () => {
    const registered = await t.registerCharger('sj-sap-center');
    const admin = await loginAs(t.app, 'Admin');
    const response = await t.app.inject(
      authed(admin.access_token, { method: 'POST', url: `/web/chargers/${registered.id}/reset`, payload: { type: 'Soft' } }),
    );
    expect(response.statusCode).toBe(403);
  });
});
