import { linkIn, startSmtpSink, type SmtpSink } from '@wattdesk/test-support';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index.ts';
import { BackgroundTasks } from '../src/lib/background.ts';
import { createLocalBus } from '../src/lib/cluster-bus.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { createNotificationsService } from '../src/modules/notifications/notifications.service.ts';
import { demoLocationIds } from './fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from './test-app.ts';

/**
 * Issue 44's bar: e-mails arrive in the recipient's language. A recipient without an account language of their own
 * (an invitee, an agreement's signer) reads the language of the person who acted: the inviter's account, the page's.
 */
describe('e-mails in the recipient’s language (issue 44)', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let superToken: string;
  let loc: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    superToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
    loc = await demoLocationIds(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject(authed(superToken, { method, url, payload, headers }));

  it('an administrator’s invitation is written in the inviter’s language', async () => {
    expect((await call('PUT', '/web/users/me/language', { language: 'de' })).statusCode).toBe(200);
    const response = await call('POST', '/web/admins/invite', {
      email: 'lena.berg@example.com',
      firstName: 'Lena',
      lastName: 'Berg',
      userType: 'Admin',
      locationIds: [loc['oak-uptown']],
    });
    expect(response.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes('lena.berg@example.com'));
    expect(mail.subject).toBe('Sie sind zu Wattdesk eingeladen');
    expect(mail.text).toContain('Hallo Lena,');
    expect(mail.text).toContain('läuft in 7 Tagen ab');
    expect(mail.html).toContain('Passwort festlegen');
  });

  it('a driver’s invitation too: Spanish from a Spanish-speaking inviter', async () => {
    expect((await call('PUT', '/web/users/me/language', { language: 'es' })).statusCode).toBe(200);
    const response = await call('POST', '/web/drivers/register-user', {
      locationId: loc['sf-mission-bay'],
      email: 'lucia.ortega@example.com',
      firstName: 'Lucía',
      lastName: 'Ortega',
      idTags: [{ tag: 'rfid-lucia-01' }],
    });
    expect(response.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes('lucia.ortega@example.com'));
    expect(mail.subject).toBe('Ya puede cargar en Mission Bay Commons');
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain('le ha registrado como conductor en Mission Bay Commons');
  });

  it('an agreement: the invitation in the sender’s page language, the signed copy’s mail in the signer’s', async () => {
    const created = await call(
      'POST',
      '/web/agreements',
      {
        locationId: loc['oak-uptown'],
        accountName: 'Harbor Lights LLC',
        signerName: 'Camille Martin',
        signerEmail: 'camille.martin@example.com',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    expect(created.statusCode).toBe(201);
    const invitation = await smtp.waitFor((m) => m.to.includes('camille.martin@example.com'));
    expect(invitation.subject).toBe('Veuillez signer le contrat de recharge pour Uptown Station');
    expect(invitation.text).toContain('Bonjour Camille Martin,');
    expect(invitation.html).toContain('<strong>Uptown Station</strong>');
    const tokenId = linkIn(invitation, '/terms-and-conditions/').pathname.split('/').pop()!;

    const signed = await t.app.inject({
      method: 'POST',
      url: '/web/terms-and-conditions',
      payload: { tokenId },
      headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' },
    });
    expect(signed.statusCode).toBe(200);
    expect(json<{ msg: string[] }>(signed).msg).toHaveLength(1);
    const copy = await smtp.waitFor((m) => m.to.includes('camille.martin@example.com') && m !== invitation);
    expect(copy.subject).toBe('Ihr unterzeichneter Vertrag für Uptown Station');
    expect(copy.attachments.map((file) => file.filename)).toEqual(['unterzeichneter-vertrag.pdf']);
  });

  it('a notification’s e-mail is written in the recipient’s language, its time on the location’s clock', async () => {
    expect((await call('PUT', '/web/users/me/language', { language: 'de' })).statusCode).toBe(200);
    expect((await call('PUT', '/web/notifications/preferences', { emailTypes: ['charger-offline'] })).statusCode).toBe(200);
    const service = createNotificationsService({
      db: t.database.db,
      bus: createLocalBus(),
      mailer: createMailer({ smtpUrl: smtp.url, from: 'noreply@example.com', outboxDir: '', logger: t.app.log }),
      background: new BackgroundTasks(t.app.log),
      publicUrl: 'http://localhost',
      now: () => new Date(),
      log: t.app.log,
    });
    const lastSeenAt = new Date('2026-11-27T10:00:00.000Z');
    await service.events.chargerOffline({ id: 'bay-7', locationId: loc['oak-uptown']!, name: 'Bay 7', lastSeenAt }, 1500);

    const mail = await smtp.waitFor((m) => m.subject === 'Bay 7 ist offline');
    expect(mail.text).toMatch(/^Hallo .+,\n/);
    expect(mail.text).toContain('Bay 7 ist seit mehr als 1.500 Minuten nicht verbunden (zuletzt gesehen: 27. Nov. 2026, 02:00 GMT-8).');
    expect(mail.text).toContain('Übersicht öffnen: http://localhost/dashboard');
    expect(mail.html).toContain('>Übersicht öffnen</a>');
    // The row itself keeps the English record, and what it is made of for the bell.
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'charger-offline'), eq(notifications.subjectId, `bay-7@${lastSeenAt.toISOString()}`)));
    expect(row).toMatchObject({
      title: 'Bay 7 is offline',
      body: `Bay 7 has not been connected for more than 1,500 minutes (last seen ${lastSeenAt.toISOString()}).`,
      params: { name: 'Bay 7', minutes: 1500, lastSeenAt: lastSeenAt.toISOString() },
    });
  });
});
