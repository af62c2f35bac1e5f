import { evseUidOf } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocpiCommands, ocpiOutbox } from '../../../db/schema/index.ts';
import { BackgroundTasks } from '../../../lib/background.ts';
import { connect201, type Charger201 } from '../../../../test/ocpp201-client.ts';
import { appToken, startCommandsApp } from '../../../../test/ocpi-commands-fixture.ts';
import { createRemoteActionsService } from '../../remote-actions/remote-actions.service.ts';
import { createLicensesService } from '../../billing/licenses.service.ts';
import { createRoamingReservations } from '../../schedule/schedule.service.ts';
import { createOcpiCommandsService } from './commands.service.ts';

/** The same commands to an OCPP 2.0.1 charger (the OCPP layer translates), a silent charger, and a restart. */
describe('OCPI commands to a 2.0.1 charger, timeouts and the restart sweep', () => {
  let f: Awaited<ReturnType<typeof startCommandsApp>>;
  let station: Charger201;
  beforeAll(async () => {
    f = await startCommandsApp();
    station = await connect201(f.t, 'oak-jack-london');
    await station.call('StatusNotification', { timestamp: new Date().toISOString(), connectorStatus: 'Available', evseId: 1, connectorId: 1 });
  });
  afterAll(async () => {
    await station.client.close({ force: true });
    await f.close();
  });

  const start = (uid: string, url: string) =>
    f.post('START_SESSION', {
      response_url: url,
      token: appToken(uid),
      location_id: f.locationId,
      evse_uid: evseUidOf(station.registered.chargerId, 1),
    });

  it('START_SESSION: RequestStartTransaction with the token as a central IdToken; Accepted becomes ACCEPTED', async () => {
    const url = f.responseUrl('START_SESSION');
    expect((await start('EMS-201-0001', url)).body).toMatchObject({ status_code: 1000, data: { result: 'ACCEPTED', timeout: 6 } });
    expect((await f.resultAt(url)).body).toEqual({ result: 'ACCEPTED' });
    expect(station.callsOf('RequestStartTransaction')).toEqual([
      { remoteStartId: expect.any(Number), idToken: { idToken: 'EMS-201-0001', type: 'Central' }, evseId: 1 },
    ]);
  });

  it('the charger refuses: REJECTED', async () => {
    station.answers.set('RequestStartTransaction', { status: 'Rejected' });
    const url = f.responseUrl('START_SESSION');
    await start('EMS-201-0002', url);
    expect((await f.resultAt(url)).body).toEqual({ result: 'REJECTED' });
    station.answers.delete('RequestStartTransaction');
  });

  it('the charger stays silent: TIMEOUT once its call times out, well within the timeout we announced', async () => {
    station.client.handle('RequestStartTransaction', () => new Promise(() => undefined));
    const url = f.responseUrl('START_SESSION');
    const sent = Date.now();
    const answer = await start('EMS-201-0003', url);
    expect(answer.body.data).toMatchObject({ result: 'ACCEPTED', timeout: 6 });
    expect((await f.resultAt(url)).body).toEqual({ result: 'TIMEOUT' });
    expect(Date.now() - sent).toBeLessThan(6_000);
    expect(await f.commandAt(url)).toMatchObject({ result: 'TIMEOUT' });
  });

  it('after a restart, an open command past its deadline gets TIMEOUT from the sweep, once', async () => {
    const url = f.responseUrl('START_SESSION');
    const db = f.t.database.db;
    // As a node that crashed between accepting the command and hearing the charger would have left it.
    await db.insert(ocpiCommands).values({
      partnerId: f.partner.id,
      command: 'START_SESSION',
      chargerId: station.registered.id,
      responseUrl: url,
      request: { response_url: url },
      deadlineAt: new Date(Date.now() - 1_000),
    });
    const open = { response_url: f.responseUrl('START_SESSION') };
    await db.insert(ocpiCommands).values({
      partnerId: f.partner.id,
      command: 'UNLOCK_CONNECTOR',
      chargerId: station.registered.id,
      responseUrl: open.response_url,
      request: open,
      deadlineAt: new Date(Date.now() + 60_000),
    });
    const restarted = createOcpiCommandsService({
      db,
      remoteActions: createRemoteActionsService({ db, ocpp: f.t.app.ocpp, licenses: createLicensesService({ db, now: () => new Date() }) }),
      reservations: createRoamingReservations({ db, ocpp: f.t.app.ocpp }),
      background: new BackgroundTasks(f.t.app.log),
      callTimeoutMs: 1000,
      now: () => new Date(),
      log: f.t.app.log,
    });
    await restarted.sweep();
    await restarted.sweep();
    expect((await f.resultAt(url)).body).toEqual({ result: 'TIMEOUT' });
    // Not yet due: still open, nothing told.
    expect(await f.commandAt(open.response_url)).toMatchObject({ result: null });
    expect(await db.select().from(ocpiOutbox).where(eq(ocpiOutbox.url, open.response_url))).toEqual([]);
  });
});
