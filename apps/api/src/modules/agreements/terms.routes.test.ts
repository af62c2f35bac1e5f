import { failureMessages } from '@wattdesk/shared';
import { linkIn, startSmtpSink, type SmtpSink } from '@wattdesk/test-support';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, agreements, locations } from '../../db/schema/index.ts';

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const agreementError = { responseCode: expect.any(Number), msg: [failureMessages.agreement] };

describe('public agreement signing: /web/terms-and-conditions', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let adminToken: string;
  let locationId: string;
  const clock = manualClock();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, now: clock.now });
    adminToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
    const [location] = await t.database.db.select().from(locations).limit(1);
    locationId = location!.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Creates an agreement through the staff API and reads its token from the invitation e-mail. */
  const newAgreement = async (signerEmail: string, validForMs = 7 * 86_400_000) => {
    const response = await t.app.inject(
      authed(adminToken, {
        method: 'POST',
        url: '/web/agreements',
        payload: {
          locationId,
          accountName: 'Harbor Lights LLC',
          signerName: 'Sam Rivera',
          signerEmail,
          expiresAt: new Date(Date.now() + validForMs).toISOString(),
        },
      }),
    );
    expect(response.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(signerEmail) && m.subject.startsWith('Please sign'));
    return { id: json<{ id: string }>(response).id, tokenId: linkIn(mail, '/terms-and-conditions/').pathname.split('/').pop()! };
  };
  const lookup = (tokenId: string) => t.app.inject({ method: 'GET', url: `/web/terms-and-conditions?tokenId=${encodeURIComponent(tokenId)}` });
  const document = (tokenId: string) =>
    t.app.inject({ method: 'GET', url: `/web/terms-and-conditions/document?tokenId=${encodeURIComponent(tokenId)}` });
  const sign = (tokenId: string, userAgent = 'vitest-browser/1.0') =>
    t.app.inject({ method: 'POST', url: '/web/terms-and-conditions', payload: { tokenId }, headers: { 'user-agent': userAgent } });
  const rowOf = async (id: string) => (await t.database.db.select().from(agreements).where(eq(agreements.id, id)))[0]!;

  it('answers the terms lookup of the seeded agreement with exactly the spec fields', async () => {
    const response = await lookup('demo-agreement');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      propertyName: 'Embarcadero Center Garage',
      accountName: 'Embarcadero Properties LLC',
      address: { street: expect.any(String), city: 'San Francisco', state: 'CA', zip: expect.any(String) },
    });
  });

  it('serves the agreement as a PDF with the same bytes every time, framable only by us', async () => {
    const first = await document('demo-agreement');
    const second = await document('demo-agreement');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(first.rawPayload)).toBe(sha256(second.rawPayload));
    expect(first.headers.etag).toBe(`"sha256-${sha256(first.rawPayload)}"`);
    const pdf = await PDFDocument.load(first.rawPayload);
    expect(pdf.getTitle()).toBe('Agreement - Embarcadero Center Garage');
  });

  it('signs once: records time, address, user agent and the hash of the PDF shown, and mails the signed copy', async () => {
    const { id, tokenId } = await newAgreement('signer.once@example.com');
    const shown = (await document(tokenId)).rawPayload;

    const response = await sign(tokenId, 'Mozilla/5.0 (Signer Browser)');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ responseCode: 200, msg: ['Submission Successful. You should receive a confirmation email shortly.'] });

    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'signed', signedIp: '127.0.0.1', signedUserAgent: 'Mozilla/5.0 (Signer Browser)', pdfSha256: sha256(shown) });
    expect(row.signedAt?.getTime()).toBe(clock.now().getTime());

    const mail = await smtp.waitFor((m) => m.to.includes('signer.once@example.com') && m.subject.startsWith('Your signed agreement'));
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments[0]!;
    expect(attachment).toMatchObject({ filename: 'signed-agreement.pdf', contentType: 'application/pdf' });
    expect(sha256(attachment.content)).toBe(row.signedPdfSha256);
    const signedPdf = await PDFDocument.load(attachment.content);
    const shownPdf = await PDFDocument.load(shown);
    // The agreement as shown, plus one signature certificate page.
    expect(signedPdf.getPageCount()).toBe(shownPdf.getPageCount() + 1);

    const [activity] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'agreement.sign'), eq(activityLogs.entityId, id)));
    expect(activity).toMatchObject({ actorEmail: 'signer.once@example.com', actorUserId: null, locationId, ipAddress: '127.0.0.1' });
  });

  it('a signer reading in German: the document in the page’s language, signed and mailed in it, its fingerprint the German bytes shown (issue 44)', async () => {
    const { id, tokenId } = await newAgreement('signer.german@example.com');
    const url = `/web/terms-and-conditions/document?tokenId=${encodeURIComponent(tokenId)}`;
    // The frame's request carries the browser's Accept-Language; the page's language comes as `lang`.
    const shown = await t.app.inject({ method: 'GET', url: `${url}&lang=de`, headers: { 'accept-language': 'en-US' } });
    expect(shown.statusCode).toBe(200);
    expect((await PDFDocument.load(shown.rawPayload)).getTitle()).toMatch(/^Vertrag - /);
    expect(sha256(shown.rawPayload)).not.toBe(sha256((await document(tokenId)).rawPayload));
    expect((await t.app.inject({ method: 'GET', url: `${url}&lang=xx` })).statusCode).toBe(400);

    const response = await t.app.inject({
      method: 'POST',
      url: '/web/terms-and-conditions',
      payload: { tokenId },
      headers: { 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(200);
    const row = await rowOf(id);
    expect(row.pdfSha256).toBe(sha256(shown.rawPayload));
    const mail = await smtp.waitFor((m) => m.to.includes('signer.german@example.com') && m.subject.startsWith('Ihr unterzeichneter Vertrag'));
    const signedPdf = await PDFDocument.load(mail.attachments[0]!.content);
    expect(signedPdf.getTitle()).toMatch(/^Vertrag - /);
    expect(signedPdf.getSubject()).toMatch(/^Unterschrieben von Sam Rivera am \d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2}:\d{2}$/u);
  });

  it('refuses a second signature with the agreement error and changes nothing', async () => {
    const { id, tokenId } = await newAgreement('signer.twice@example.com');
    expect((await sign(tokenId)).statusCode).toBe(200);
    const before = await rowOf(id);
    clock.advance(60_000);

    const again = await sign(tokenId, 'another-browser');
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject(agreementError);
    expect(await rowOf(id)).toEqual(before);
    // The page shows the same error on load once the agreement is signed.
    expect(json(await lookup(tokenId))).toMatchObject(agreementError);
    expect((await document(tokenId)).statusCode).toBe(409);
  });

  it('refuses an unknown token without revealing anything', async () => {
    for (const response of [await sign('no-such-token'), await lookup('no-such-token'), await document('no-such-token')]) {
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ responseCode: 404, msg: [failureMessages.agreement], code: 'AGREEMENT_NOT_FOUND' });
    }
  });

  it('refuses an expired agreement and leaves it unsigned', async () => {
    const { id, tokenId } = await newAgreement('signer.late@example.com', 3_600_000);
    clock.advance(3_600_000 + 1);
    const response = await sign(tokenId);
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject(agreementError);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', signedAt: null, pdfSha256: null, signedPdf: null });
    expect((await lookup(tokenId)).statusCode).toBe(409);
  });

  it('records exactly one signature when the same agreement is submitted concurrently', async () => {
    const { id, tokenId } = await newAgreement('signer.race@example.com');
    const responses = await Promise.all(Array.from({ length: 5 }, (_, n) => sign(tokenId, `racer-${n}`)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = responses.find((response) => response.statusCode === 200)!;
    const row = await rowOf(id);
    expect(row.signedUserAgent).toBe(winner.raw.req.headers['user-agent']);
    const signatures = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'agreement.sign'), eq(activityLogs.entityId, id)));
    expect(signatures).toHaveLength(1);
    await t.app.background.drain();
    expect(smtp.messages.filter((m) => m.to.includes('signer.race@example.com') && m.subject.startsWith('Your signed'))).toHaveLength(1);
  });

  it('validates the body with a field message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/web/terms-and-conditions', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(['Token id Field is required']);
  });
});

describe('public agreement calls are rate limited per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 in the error shape past the ceiling', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await t.app.inject({ method: 'GET', url: '/web/terms-and-conditions?tokenId=guess' })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
