import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ocpiOutbox, ocpiPartners } from '../../../db/schema/index.ts';
import { connectTestPartner, startOcpiPeer } from '../../../../test/ocpi-peer.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { ocpiCredentialsBox } from '../partner-credentials.ts';
import { authorizationHeaderOf } from '../transport/ocpi-token.ts';
import { claimDue, enqueueForPartners } from './outbox.repository.ts';
import { createOutboxWorker, retryDelaySeconds } from './outbox-worker.ts';
import { sendOcpiPush } from './outbox-http.ts';

/** Pushes to roaming partners survive outages and restarts, and reach each partner in order per object. */
describe('OCPI outbox', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startOcpiPeer>>;
  let partner: Awaited<ReturnType<typeof connectTestPartner>>;
  const worker = () => createOutboxWorker({ db: t.database.db, box: ocpiCredentialsBox(t.config.jwtSecret), send: sendOcpiPush, log: t.app.log });
  const push = (objectKey: string, status: string) =>
    t.database.db.transaction((tx) =>
      enqueueForPartners(tx, { module: 'locations', objectKey, method: 'PATCH', path: `/US/WDK/${objectKey}`, body: { status } }),
    );
  const received = () => peer.requests.map((request) => `${request.path} ${(request.body as { status: string }).status}`);
  /** What a retry would wait for has passed. */
  const timePasses = () => t.database.db.execute(sql`update ocpi_outbox set next_attempt_at = now() where delivered_at is null`);

  beforeAll(async () => {
    t = await createTestApp({ env: { OCPI_OUTBOX_POLL_MS: '0' } });
    peer = await startOcpiPeer();
    partner = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url });
  });
  afterEach(async () => {
    peer.requests.length = 0;
    peer.respond(undefined);
    await t.database.db.delete(ocpiOutbox);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  it('delivers each push to the partner receiver with our token, in order per object', async () => {
    expect(await push('LOC1', 'AVAILABLE')).toBe(1);
    await push('LOC1', 'CHARGING');
    await push('LOC2', 'OUTOFORDER');
    await push('LOC1', 'AVAILABLE');
    await worker().tick();
    expect(received().filter((line) => line.includes('LOC1'))).toEqual([
      '/locations/US/WDK/LOC1 AVAILABLE',
      '/locations/US/WDK/LOC1 CHARGING',
      '/locations/US/WDK/LOC1 AVAILABLE',
    ]);
    expect(received()).toContain('/locations/US/WDK/LOC2 OUTOFORDER');
    expect(new Set(peer.requests.map((request) => request.authorization))).toEqual(new Set([authorizationHeaderOf(partner.tokenB)]));
    const pending = await t.database.db
      .select()
      .from(ocpiOutbox)
      .where(sql`delivered_at is null`);
    expect(pending).toEqual([]);
    const [row] = await t.database.db.select().from(ocpiPartners).where(eq(ocpiPartners.id, partner.id));
    expect(row!.lastExchangeAt).not.toBeNull();
  });

  it('keeps everything through a partner outage and delivers it in order once the partner is back', async () => {
    peer.respond(() => ({ status: 503, body: { status_code: 3000, timestamp: new Date().toISOString() } }));
    for (const status of ['CHARGING', 'AVAILABLE', 'BLOCKED']) await push('LOC1', status);
    await worker().tick();
    // Only the head of the object's line was tried: a later state never overtakes an earlier one.
    expect(received()).toEqual(['/locations/US/WDK/LOC1 CHARGING']);
    const [failed] = await t.database.db
      .select()
      .from(ocpiOutbox)
      .where(sql`attempts > 0`);
    expect(failed).toMatchObject({ attempts: 1, lastError: 'The partner answered HTTP 503', deliveredAt: null });
    const [row] = await t.database.db.select().from(ocpiPartners).where(eq(ocpiPartners.id, partner.id));
    expect(row!.lastFailure).toBe('The partner answered HTTP 503');

    // Down for a while: every retry fails, nothing is dropped.
    for (let round = 0; round < 3; round++) {
      await timePasses();
      await worker().tick();
    }
    peer.requests.length = 0;
    peer.respond(undefined);
    await timePasses();
    await worker().tick();
    expect(received()).toEqual(['/locations/US/WDK/LOC1 CHARGING', '/locations/US/WDK/LOC1 AVAILABLE', '/locations/US/WDK/LOC1 BLOCKED']);
  });

  it('a push claimed by a node that died is delivered by another after the lease', async () => {
    await push('LOC3', 'AVAILABLE');
    const claimed = await claimDue(t.database.db, 10, 30);
    expect(claimed).toHaveLength(1);
    // The claiming node is gone; while the lease runs nobody else sends it.
    await worker().tick();
    expect(received()).toEqual([]);
    await timePasses();
    await worker().tick();
    expect(received()).toEqual(['/locations/US/WDK/LOC3 AVAILABLE']);
  });

  it('sends nothing to a suspended partner, and everything once it is resumed', async () => {
    await t.database.db.update(ocpiPartners).set({ status: 'SUSPENDED' }).where(eq(ocpiPartners.id, partner.id));
    // A change while suspended is not queued for it at all; what was queued before waits.
    expect(await push('LOC4', 'AVAILABLE')).toBe(0);
    await t.database.db.update(ocpiPartners).set({ status: 'CONNECTED' }).where(eq(ocpiPartners.id, partner.id));
    await push('LOC4', 'CHARGING');
    await t.database.db.update(ocpiPartners).set({ status: 'SUSPENDED' }).where(eq(ocpiPartners.id, partner.id));
    await worker().tick();
    expect(received()).toEqual([]);
    await t.database.db.update(ocpiPartners).set({ status: 'CONNECTED' }).where(eq(ocpiPartners.id, partner.id));
    await worker().tick();
    expect(received()).toEqual(['/locations/US/WDK/LOC4 CHARGING']);
  });

  it('backs off 2, 4, 8 … seconds, never more than a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(retryDelaySeconds)).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
  });
});
