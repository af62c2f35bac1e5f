import { linkIn, startSmtpSink, type SmtpSink } from '@wattdesk/test-support';
import { and, eq, inArray } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, agreements, locations, userLocations, users } from '../../db/schema/index.ts';

type AgreementJson = { id: string; status: string; propertyName: string; address: Record<string, string>; sendCount: number; expiresAt: string };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('staff agreements: create, send, list, resend, download, by location', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  const clock = manualClock();
  const tokens: Record<string, string> = {};
  let adminLocation: string;
  let otherLocation: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, now: clock.now });
    for (const type of ['SuperAdmin', 'Admin', 'ReadonlySuperAdmin', 'PortfolioManager'] as const)
      tokens[type] = (await loginAs(t.app, type)).access_token;
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const links = await t.database.db.select().from(userLocations).where(eq(userLocations.userId, admin!.id));
    const [demo] = await t.database.db.select().from(agreements).where(eq(agreements.tokenId, 'demo-agreement'));
    // A location of the Admin's without the seeded demo agreement, so counts are this test's own.
    adminLocation = links.find((link) => link.locationId !== demo!.locationId)!.locationId;
    const all = await t.database.db.select().from(locations);
    otherLocation = all.find((location) => !links.some((link) => link.locationId === location.id))!.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (type: string, options: Parameters<typeof authed>[1]) => t.app.inject(authed(tokens[type]!, options));
  const create = (type: string, payload: Record<string, unknown>) => call(type, { method: 'POST', url: '/web/agreements', payload });
  const list = (type: string, locationId: string, query = '') =>
    call(type, { method: 'GET', url: `/web/agreements?locationId=${locationId}${query}` });
  const valid = (overrides: Record<string, unknown> = {}) => ({
    locationId: adminLocation,
    accountName: 'Bayview Holdings',
    signerName: "Dana O'Neil",
    signerEmail: 'Dana.ONeil@Example.com',
    expiresAt: inDays(14),
    ...overrides,
  });

  it('creates with property and address from the location, and mails the signing link on PUBLIC_URL', async () => {
    const response = await create('SuperAdmin', valid());
    expect(response.statusCode).toBe(201);
    const created = json<AgreementJson>(response);
    const [location] = await t.database.db.select().from(locations).where(eq(locations.id, adminLocation));
    expect(created).toMatchObject({
      status: 'sent',
      sendCount: 1,
      propertyName: location!.name,
      address: { city: location!.city, state: location!.state, zip: location!.zipCode },
      signerEmail: 'dana.oneil@example.com',
    });
    expect(created.address.street).toContain(location!.addressLine1);
    const mail = await smtp.waitFor((m) => m.to.includes('dana.oneil@example.com'));
    expect(mail.subject).toBe(`Please sign the charging agreement for ${location!.name}`);
    const link = linkIn(mail, '/terms-and-conditions/');
    expect(link.origin).toBe('http://wattdesk.test');
    const lookup = await t.app.inject({ method: 'GET', url: `/web/terms-and-conditions?tokenId=${link.pathname.split('/').pop()}` });
    expect(json(lookup)).toMatchObject({ accountName: 'Bayview Holdings', propertyName: location!.name });

    const [activity] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'agreement.create'), eq(activityLogs.entityId, created.id)));
    expect(activity).toMatchObject({ actorEmail: 'superadmin@example.com', locationId: adminLocation });
  });

  it('takes an explicit property name and address', async () => {
    const response = await create(
      'SuperAdmin',
      valid({
        propertyName: 'North Lot',
        address: { street: '9 Pier Road', city: 'Sausalito', state: 'CA', zip: '94965' },
        signerEmail: 'north@example.com',
      }),
    );
    expect(json(response)).toMatchObject({
      propertyName: 'North Lot',
      address: { street: '9 Pier Road', city: 'Sausalito', state: 'CA', zip: '94965' },
    });
  });

  it('validates with field messages', async () => {
    const response = await create('SuperAdmin', {
      locationId: adminLocation,
      signerName: 'R2D2',
      signerEmail: 'nope',
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(
      expect.arrayContaining([
        'Account name Field is required',
        'Signer name Should be alphabetic only',
        'Please enter a valid email-id',
        'Expires at must be in the future',
      ]),
    );
  });

  it('lets only permitted users in reach create and list', async () => {
    expect((await create('Admin', valid())).statusCode).toBe(403);
    expect((await create('ReadonlySuperAdmin', valid())).statusCode).toBe(403);
    expect((await list('Admin', adminLocation)).statusCode).toBe(200);
    expect((await list('Admin', otherLocation)).statusCode).toBe(403);
    expect((await list('ReadonlySuperAdmin', otherLocation)).statusCode).toBe(200);
  });

  it('lists per location with a computed status, filter and paging', async () => {
    await create('SuperAdmin', valid({ locationId: otherLocation, signerEmail: 'elsewhere@example.com' }));
    const shortLived = json<AgreementJson>(await create('SuperAdmin', valid({ signerEmail: 'brief@example.com', expiresAt: inDays(1) })));
    clock.advance(2 * 86_400_000);

    const all = json<{ items: AgreementJson[]; total: number }>(await list('Admin', adminLocation));
    expect(all.total).toBe(3);
    expect(all.items.every((item) => item.status !== 'signed')).toBe(true);
    expect(all.items.find((item) => item.id === shortLived.id)?.status).toBe('expired');
    const expired = json<{ items: AgreementJson[]; total: number }>(await list('Admin', adminLocation, '&status=expired'));
    expect(expired.items.map((item) => item.id)).toEqual([shortLived.id]);
    const paged = json<{ items: AgreementJson[]; total: number }>(await list('Admin', adminLocation, '&pageSize=2&page=2&sort=createdAt'));
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('resends: the same link again; an expired one only with a new expiry; a signed one not at all', async () => {
    const items = json<{ items: AgreementJson[] }>(await list('SuperAdmin', adminLocation, '&status=expired')).items;
    const expired = items[0]!;
    const refused = await call('SuperAdmin', { method: 'POST', url: `/web/agreements/${expired.id}/resend`, payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).msg).toEqual(['This agreement has expired. Choose a new expiry date to send it again']);

    const before = smtp.messages.filter((m) => m.to.includes('brief@example.com')).length;
    const resent = await call('SuperAdmin', { method: 'POST', url: `/web/agreements/${expired.id}/resend`, payload: { expiresAt: inDays(10) } });
    expect(resent.statusCode).toBe(200);
    expect(json(resent)).toMatchObject({ status: 'sent', sendCount: 2 });
    await smtp.waitFor((m) => m.to.includes('brief@example.com') && smtp.messages.filter((x) => x.to.includes('brief@example.com')).length > before);
    const links = smtp.messages.filter((m) => m.to.includes('brief@example.com')).map((m) => linkIn(m, '/terms-and-conditions/').href);
    expect(new Set(links).size).toBe(1);

    const tokenId = links[0]!.split('/').pop()!;
    expect((await t.app.inject({ method: 'POST', url: '/web/terms-and-conditions', payload: { tokenId } })).statusCode).toBe(200);
    const afterSigning = await call('SuperAdmin', { method: 'POST', url: `/web/agreements/${expired.id}/resend` });
    expect(afterSigning.statusCode).toBe(409);
    expect(json(afterSigning).msg).toEqual(['This agreement has already been signed']);

    const resends = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'agreement.resend'), eq(activityLogs.entityId, expired.id)));
    expect(resends).toHaveLength(1);
  });

  it('downloads the signed PDF exactly as mailed, within reach only', async () => {
    const signed = json<{ items: AgreementJson[] }>(await list('Admin', adminLocation, '&status=signed')).items[0]!;
    const download = await call('Admin', { method: 'GET', url: `/web/agreements/${signed.id}/signed-pdf` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="signed-agreement-.+\.pdf"$/);
    await t.app.background.drain();
    const mailed = smtp.messages.find((m) => m.to.includes('brief@example.com') && m.subject.startsWith('Your signed'))!;
    const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(digest(download.rawPayload)).toBe(digest(mailed.attachments[0]!.content));

    const unsigned = json<{ items: AgreementJson[] }>(await list('Admin', adminLocation, '&status=sent')).items[0]!;
    const notYet = await call('Admin', { method: 'GET', url: `/web/agreements/${unsigned.id}/signed-pdf` });
    expect(notYet.statusCode).toBe(404);
    expect(json(notYet).msg).toEqual(['This agreement has not been signed yet']);

    const elsewhere = json<{ items: AgreementJson[] }>(await list('SuperAdmin', otherLocation)).items[0]!;
    expect((await call('Admin', { method: 'GET', url: `/web/agreements/${elsewhere.id}/signed-pdf` })).statusCode).toBe(403);
    expect((await call('PortfolioManager', { method: 'POST', url: `/web/agreements/${elsewhere.id}/resend` })).statusCode).toBe(403);
    const unknown = await call('SuperAdmin', { method: 'GET', url: '/web/agreements/00000000-0000-4000-8000-000000000000/signed-pdf' });
    expect(unknown.statusCode).toBe(404);
  });

  it('reports a mail failure after saving the agreement', async () => {
    const broken = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const token = (await loginAs(broken.app, 'SuperAdmin')).access_token;
      const [location] = await broken.database.db.select().from(locations).limit(1);
      const response = await broken.app.inject(
        authed(token, { method: 'POST', url: '/web/agreements', payload: valid({ locationId: location!.id }) }),
      );
      expect(response.statusCode).toBe(502);
      expect(json(response).msg).toEqual(['The agreement was saved, but the e-mail could not be sent. Use Resend to try again']);
      const listed = await broken.app.inject(authed(token, { method: 'GET', url: `/web/agreements?locationId=${location!.id}` }));
      expect(json<{ items: { signerEmail: string }[] }>(listed).items.map((item) => item.signerEmail)).toContain('dana.oneil@example.com');
    } finally {
      await broken.close();
    }
  });

  it('keeps the activity of every mutation at the agreement location', async () => {
    const rows = await t.database.db
      .select()
      .from(activityLogs)
      .where(inArray(activityLogs.action, ['agreement.create', 'agreement.resend', 'agreement.sign']));
    expect(rows.filter((row) => row.action === 'agreement.create')).toHaveLength(4);
    expect(rows.every((row) => row.locationId !== null)).toBe(true);
  });
});
