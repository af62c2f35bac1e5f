import { linkIn, startSmtpSink, type SmtpSink } from '@wattdesk/test-support';
import type { Driver } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, chargingSessions, users } from '../../db/schema/index.ts';
import { makeSession } from '../../../test/charger-fixtures.ts';
import { makeDriver, newTag } from '../../../test/driver-fixtures.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { parseDriverImport } from './driver-import.ts';
import { authed, createTestApp, json, loginAs, multipartPayload, type TestApp } from '../../../test/test-app.ts';

type Page = { items: Driver[]; total: number };

describe('drivers of a location', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let superToken: string;
  let adminToken: string;
  let loc: Record<string, string>;
  let lot: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    superToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
    adminToken = (await loginAs(t.app, 'Admin')).access_token;
    loc = await demoLocationIds(t.database.db);
    lot = loc['sf-mission-bay']!;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>, token = adminToken) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  const register = (payload: Record<string, unknown>) => call('POST', '/web/drivers/register-user', { locationId: lot, ...payload });
  const list = async (query: string) => json<Page>(await call('GET', `/web/drivers?locationId=${lot}&${query}`));
  const auditOf = async (id: string) =>
    (await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, id))).map((row) => row.action);

  it('register-user: a PENDING driver with its tags, an invitation that activates it, and the audit rows', async () => {
    const response = await register({
      email: ' Ada.Driver@Example.com ',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+1 415 555 0142',
      idTags: [{ tag: 'rfid-ada-01' }, { tag: 'app-ada', kind: 'app' }],
    });
    expect(response.statusCode).toBe(201);
    const driver = json<Driver>(response);
    expect(driver).toMatchObject({ email: 'ada.driver@example.com', status: 'PENDING', role: 'user', locationId: lot, sessionCount: 0 });
    expect(driver.idTags.map((tag) => [tag.tag, tag.kind])).toEqual([
      ['APP-ADA', 'app'],
      ['RFID-ADA-01', 'rfid'],
    ]);

    const mail = await smtp.waitFor((m) => m.to.includes('ada.driver@example.com'));
    expect(mail.subject).toBe('You can charge at Mission Bay Commons');
    expect(mail.text).toContain('Dana Chen registered you as a driver at Mission Bay Commons');
    // The page the link opens tells a driver where the account works (drivers cannot sign in to the dashboard).
    expect(linkIn(mail, '/reset-password').searchParams.get('invite')).toBe('driver');
    const token = linkIn(mail, '/reset-password').searchParams.get('token')!;
    const accepted = await t.app.inject({ method: 'POST', url: '/web/users/reset-password', payload: { token, password: 'Driver#2026x' } });
    expect(accepted.statusCode).toBe(200);
    expect(json<Driver>(await call('GET', `/web/drivers/${driver.id}`)).status).toBe('ACTIVE');

    const [row] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, driver.id)).limit(1);
    expect(row).toMatchObject({ action: 'driver.register', entity: 'driver', locationId: lot, actorEmail: 'admin@example.com' });
    expect(row!.changes).toMatchObject({ idTags: { before: null, after: ['RFID-ADA-01', 'APP-ADA'] } });
  });

  it('validates with the spec’s messages and refuses taken e-mails and tags', async () => {
    const bad = await register({ email: 'not-an-email', firstName: ' ', lastName: 'R2D2', idTags: [{ tag: 'has space' }] });
    expect(bad.statusCode).toBe(400);
    expect(json<{ msg: string[] }>(bad).msg).toEqual(
      expect.arrayContaining([
        'Please enter a valid email-id',
        'First name Field is required',
        'Last name Should be alphabetic only',
        'ID tag may contain only letters, digits and - _ : .',
      ]),
    );
    const taken = await register({ email: 'admin@example.com', firstName: 'Dup', lastName: 'Email' });
    expect(json(taken)).toMatchObject({ code: 'EMAIL_TAKEN' });
    const tag = newTag();
    await makeDriver(t.database.db, loc['oak-uptown']!, { tags: [tag] });
    const tagTaken = await register({ email: 'second@example.com', firstName: 'Sec', lastName: 'Ond', idTags: [{ tag: tag.toLowerCase() }] });
    expect(tagTaken.statusCode).toBe(409);
    expect(json(tagTaken)).toMatchObject({ code: 'ID_TAG_TAKEN', msg: [`ID tag ${tag} already belongs to a driver of the network`] });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'second@example.com'))).toEqual([]);
  });

  it('a sub-user charges on a main user of the same location; a main user with sub-users is not deleted', async () => {
    const main = await makeDriver(t.database.db, lot);
    const elsewhere = await makeDriver(t.database.db, loc['sf-embarcadero']!);
    expect(json(await register({ email: 'kid@example.com', firstName: 'Kid', lastName: 'One', role: 'sub-user' }))).toMatchObject({
      msg: ['Choose the main user this sub-user charges on'],
    });
    expect(
      json(await register({ email: 'kid@example.com', firstName: 'Kid', lastName: 'One', role: 'sub-user', mainDriverId: elsewhere })),
    ).toMatchObject({
      code: 'DRIVER_MAIN_INVALID',
    });
    const sub = json<Driver>(await register({ email: 'kid@example.com', firstName: 'Kid', lastName: 'One', role: 'sub-user', mainDriverId: main }));
    expect(sub.mainDriver).toEqual({ id: main, name: 'Fixture Driver' });
    expect(json(await call('DELETE', `/web/drivers/${main}`))).toMatchObject({ code: 'DRIVER_HAS_SUB_USERS' });
    expect(json(await call('PATCH', `/web/drivers/${main}`, { role: 'sub-user', mainDriverId: sub.id }))).toMatchObject({
      code: 'DRIVER_HAS_SUB_USERS',
    });
    expect((await call('DELETE', `/web/drivers/${sub.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/web/drivers/${main}`)).statusCode).toBe(200);
    expect((await call('GET', `/web/drivers/${main}`)).statusCode).toBe(404);
    expect(await auditOf(main)).toContain('driver.delete');
  });

  it('edits details and tags, records the change, and frees a removed tag for another driver', async () => {
    const tag = newTag();
    const id = await makeDriver(t.database.db, lot, { tags: [tag] });
    const response = await call('PATCH', `/web/drivers/${id}`, {
      firstName: 'Grace',
      phoneNumber: '+44 20 7946 0958',
      idTags: [{ tag: 'NEW-CARD-77' }],
    });
    expect(json<Driver>(response)).toMatchObject({
      firstName: 'Grace',
      phoneNumber: '+44 20 7946 0958',
      idTags: [{ tag: 'NEW-CARD-77', kind: 'rfid' }],
    });
    const [row] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, id));
    expect(row!.changes).toMatchObject({
      firstName: { before: 'Fixture', after: 'Grace' },
      idTags: { before: [`rfid:${tag}`], after: ['rfid:NEW-CARD-77'] },
    });
    expect((await register({ email: 'reuse@example.com', firstName: 'Re', lastName: 'Use', idTags: [{ tag }] })).statusCode).toBe(201);
  });

  it('an edit of tags alone saves them, and an empty list removes every tag as registering without tags does', async () => {
    const tag = newTag();
    const id = await makeDriver(t.database.db, lot, { tags: [tag] });
    const only = await call('PATCH', `/web/drivers/${id}`, { idTags: [{ tag: `${tag}-2` }] });
    expect(json<Driver>(only).idTags.map((t) => t.tag)).toEqual([`${tag}-2`]);
    const response = await call('PATCH', `/web/drivers/${id}`, { idTags: [] });
    expect(response.statusCode).toBe(200);
    expect(json<Driver>(response).idTags).toEqual([]);
    const rows = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, id));
    expect(rows.map((row) => row.changes)).toContainEqual({ idTags: { before: [`rfid:${tag}-2`], after: [] } });
    const again = await call('PATCH', `/web/drivers/${id}`, { idTags: [] });
    expect(again.statusCode).toBe(200);
    expect(json<Driver>(again).idTags).toEqual([]);
  });

  it('deactivates and activates with Driver_Status (ReadonlyAdmin too), refusing a repeat', async () => {
    const id = await makeDriver(t.database.db, loc['sf-embarcadero']!);
    const readonly = (await loginAs(t.app, 'ReadonlyAdmin')).access_token;
    expect(json<Driver>(await call('POST', `/web/drivers/${id}/deactivate`, undefined, readonly)).status).toBe('INACTIVE');
    expect(json(await call('POST', `/web/drivers/${id}/deactivate`, undefined, readonly))).toMatchObject({ code: 'DRIVER_ALREADY_INACTIVE' });
    expect(json<Driver>(await call('POST', `/web/drivers/${id}/activate`, undefined, readonly)).status).toBe('ACTIVE');
    expect(await auditOf(id)).toEqual(expect.arrayContaining(['driver.deactivate', 'driver.activate']));
    expect((await call('PATCH', `/web/drivers/${id}`, { firstName: 'Nope' }, readonly)).statusCode).toBe(403);
  });

  it('searches by name, e-mail or tag, filters, sorts and pages on the server', async () => {
    const place = loc['oak-lake-merritt']!;
    for (const [n, status] of (['ACTIVE', 'INACTIVE', 'ACTIVE'] as const).entries())
      await makeDriver(t.database.db, place, { status, tags: [`LAKE-${n}`] });
    const page = async (query: string) => json<Page>(await call('GET', `/web/drivers?locationId=${place}&${query}`, undefined, superToken));
    expect((await page('pageSize=2')).items).toHaveLength(2);
    expect((await page('pageSize=2')).total).toBe(3);
    expect((await page('status=INACTIVE')).items.map((d) => d.idTags[0]!.tag)).toEqual(['LAKE-1']);
    expect((await page('search=lake-2')).items.map((d) => d.idTags[0]!.tag)).toEqual(['LAKE-2']);
    const ordered = (await page('sort=-status')).items.map((d) => d.status);
    expect(ordered).toEqual(['INACTIVE', 'ACTIVE', 'ACTIVE']);
    expect(json(await call('GET', `/web/drivers?locationId=${place}&sort=password`, undefined, superToken))).toMatchObject({
      msg: ['Sort must be one of name, email, status, role, createdAt (prefix - for descending)'],
    });
    expect((await list('search=nobody-has-this')).total).toBe(0);
  });

  it('shows each driver’s sessions and energy', async () => {
    const id = await makeDriver(t.database.db, lot);
    const sessionId = await makeSession(t.database.db, lot);
    await t.database.db.update(chargingSessions).set({ driverId: id }).where(eq(chargingSessions.id, sessionId));
    const driver = json<Driver>(await call('GET', `/web/drivers/${id}`));
    expect(driver).toMatchObject({ sessionCount: 1, energyKwh: 7.2, lastSessionAt: '2026-11-20T17:00:00.000Z' });
    const sessions = json<Page & { items: { energyKwh: number }[] }>(await call('GET', `/web/drivers/${id}/sessions`));
    expect(sessions.total).toBe(1);
    expect(sessions.items[0]).toMatchObject({ energyKwh: 7.2, locationName: 'Mission Bay Commons' });
  });

  const upload = (content: string, locationId = lot) => {
    const form = multipartPayload({ locationId }, { field: 'file', filename: 'drivers.csv', content });
    return t.app.inject(authed(adminToken, { method: 'POST', url: '/web/drivers/import', ...form }));
  };

  it('imports a CSV all or nothing, with a report per row', async () => {
    const taken = newTag();
    await makeDriver(t.database.db, loc['oak-uptown']!, { tags: [taken] });
    const bad = await upload(
      [
        'email,firstName,lastName,phoneNumber,role,mainUserEmail,idTags',
        'fleet.lead@example.com,Fleet,Lead,,user,,FLEET-1',
        'bad-email,Bad,Row,,,,',
        `van.one@example.com,Van,One,,sub-user,fleet.lead@example.com,${taken}`,
        'van.two@example.com,Van,Two,,sub-user,nobody@example.com,FLEET-1',
        'van.three@example.com,Van,Three,,sub-user,nobody@example.com,',
      ].join('\n'),
    );
    expect(bad.statusCode).toBe(400);
    const report = json<{ msg: string[]; rows: { row: number; errors: string[] }[] }>(bad);
    expect(report.msg).toEqual(['4 rows have errors; no driver was imported']);
    expect(report.rows.map((r) => r.row)).toEqual([3, 4, 5, 6]);
    expect(report.rows[3]!.errors).toEqual(['Main user nobody@example.com is not a driver of this location with the role user']);
    expect(report.rows[1]!.errors).toEqual([`ID tag ${taken} already belongs to a driver of the network`]);
    expect(report.rows[2]!.errors).toEqual(['ID tag FLEET-1 is also on row 2']);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'fleet.lead@example.com'))).toEqual([]);

    const good = await upload(
      [
        'email,firstName,lastName,phoneNumber,role,mainUserEmail,idTags',
        'van.one@example.com,Van,One,,sub-user,fleet.lead@example.com,VAN-1',
        'fleet.lead@example.com,Fleet,Lead,+1 510 555 0100,user,,FLEET-1;app:FLEET-APP',
      ].join('\n'),
    );
    expect(good.statusCode).toBe(201);
    expect(json(good)).toEqual({ created: 2 });
    const [van] = (await list('search=van.one')).items;
    expect(van).toMatchObject({ role: 'sub-user', mainDriver: { name: 'Fleet Lead' }, status: 'PENDING' });
    await smtp.waitFor((m) => m.to.includes('van.one@example.com'));
  });

  it('exports the filtered drivers as CSV', async () => {
    const response = await call('GET', `/web/drivers/export?locationId=${lot}&search=fleet.lead`);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('First name,Last name,E-mail,Phone,Status,Role,Main user,ID tags,Sessions,Energy (kWh),Cost,Last session,Registered');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Fleet,Lead,fleet.lead@example.com,'+1 510 555 0100,PENDING,user,,FLEET-1;app:FLEET-APP,0,0.00");
  });

  it('exports in the language of the page downloading, and such a file imports back', async () => {
    const response = await t.app.inject(
      authed(adminToken, { method: 'GET', url: `/web/drivers/export?locationId=${lot}&search=fleet.lead`, headers: { 'accept-language': 'de' } }),
    );
    const german = response.body.replace(/^\uFEFF/, '');
    expect(german.split('\r\n')[0]).toBe(
      'Vorname,Nachname,E-Mail,Telefon,Status,Rolle,Hauptnutzer,ID-Tags,Ladevorgänge,Energie (kWh),Kosten,Letzter Ladevorgang,Registriert',
    );
    const parsed = await parseDriverImport(Buffer.from(response.body), loc['oak-uptown']!);
    expect(parsed).toEqual({
      errors: [],
      rows: [
        {
          row: 2,
          mainUserEmail: null,
          body: expect.objectContaining({
            email: 'fleet.lead@example.com',
            firstName: 'Fleet',
            lastName: 'Lead',
            phoneNumber: '+1 510 555 0100',
            role: 'user',
            idTags: [
              { tag: 'FLEET-1', kind: 'rfid' },
              { tag: 'FLEET-APP', kind: 'app' },
            ],
          }),
        },
      ],
    });
  });

  it('refuses drivers of locations outside the caller’s list, without telling whether they exist', async () => {
    const outside = await makeDriver(t.database.db, loc['sj-diridon']!);
    expect(json(await call('GET', `/web/drivers/${outside}`))).toMatchObject({ code: 'LOCATION_FORBIDDEN' });
    expect(json(await call('POST', '/web/drivers/import', undefined))).toMatchObject({ code: 'DRIVER_IMPORT_FILE_REQUIRED' });
    expect(json(await upload('email,firstName,lastName\nx@example.com,X,Y\n', loc['sj-diridon']))).toMatchObject({ code: 'LOCATION_FORBIDDEN' });
  });
});

describe('driver restrictions', () => {
  let t: TestApp;
  let token: string;
  let loc: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await loginAs(t.app, 'Admin')).access_token;
    loc = await demoLocationIds(t.database.db);
  });
  afterAll(() => t.close());

  const put = (driverId: string, payload: Record<string, unknown>) =>
    t.app.inject(authed(token, { method: 'PUT', url: `/web/drivers/${driverId}/restrictions`, payload }));

  it('saves them with the spec’s message, shows them on the driver and records the change', async () => {
    const driverId = await makeDriver(t.database.db, loc['sf-mission-bay']!);
    const restrictions = {
      locationIds: [loc['sf-mission-bay']],
      chargerIds: [],
      days: 'weekdays',
      hourFrom: 22,
      hourTo: 6,
      maxKwhPerSession: 25.5,
      maxSessionsPerDay: 2,
      expiresOn: '2027-03-31',
    };
    const response = await put(driverId, restrictions);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ responseCode: 200, msg: ['driver restrictions updated'], restrictions });
    const driver = json<Driver>(await t.app.inject(authed(token, { method: 'GET', url: `/web/drivers/${driverId}` })));
    expect(driver.restrictions).toEqual(restrictions);
    const [row] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, 'driver.restrictions'));
    expect(row).toMatchObject({ entityId: driverId, locationId: loc['sf-mission-bay'] });
    expect(row!.changes).toMatchObject({ days: { before: 'all-days', after: 'weekdays' }, maxKwhPerSession: { before: null, after: 25.5 } });
  });

  it('validates each field with a message, and answers the spec’s failure for targets that do not fit', async () => {
    const driverId = await makeDriver(t.database.db, loc['sf-mission-bay']!);
    const bad = await put(driverId, { hourFrom: 25, maxKwhPerSession: 0, maxSessionsPerDay: 1.5, expiresOn: 'soon', days: 'sometimes' });
    expect(json<{ msg: string[] }>(bad).msg).toEqual(
      expect.arrayContaining([
        'From hour must be an hour from 0 (12 AM) to 23 (11 PM)',
        'Maximum kWh per session must be more than 0',
        'Maximum sessions per day must be a whole number',
        'Expiry date must be a date (YYYY-MM-DD)',
        'Days must be all-days, weekdays or weekends',
      ]),
    );
    expect(json(await put(driverId, { hourFrom: 8 }))).toMatchObject({ msg: ['Choose both hours, or neither'] });
    const chargers = await t.app.inject(authed(token, { method: 'GET', url: `/web/chargers?locationId=${loc['sf-embarcadero']}` }));
    const [elsewhere] = json<{ items: { id: string }[] }>(chargers).items;
    const mismatch = await put(driverId, { locationIds: [loc['sf-mission-bay']], chargerIds: [elsewhere!.id] });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toMatchObject({
      code: 'DRIVER_RESTRICTIONS_INVALID',
      msg: ['Unable to update driver restrictions', 'Every chosen charger must be at one of the chosen locations'],
    });
    expect(json(await put(driverId, { locationIds: [loc['sj-diridon']] }))).toMatchObject({ code: 'LOCATION_FORBIDDEN' });
  });
});
