import type { BalanceResponse } from '@wattdesk/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { locationPaymentAccounts, locations, revenueShares } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';

/**
 * Decision 082, as a property: whatever happens to a location's sessions — priced, their payments failed,
 * succeeded or told twice, refunded through the provider or written off, transfers sent or refused — every ledger
 * movement sums to zero, the host is never offered more than its share of what drivers paid, and a session is
 * collected at most once. Driven through the API and the ledger's payment hooks against the real database.
 */
type Command =
  | { kind: 'price'; total: number }
  | { kind: 'pay'; session: number; fee: number; outcome: 'failed' | 'succeeded' | 'told-twice' }
  | { kind: 'refund'; session: number; part: number; through: 'route' | 'provider' }
  | { kind: 'transfer'; refused: boolean };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('price' as const), total: fc.integer({ min: 0, max: 40_000 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      session: fc.nat({ max: 20 }),
      fee: fc.nat({ max: 900 }),
      outcome: fc.constantFrom('failed' as const, 'succeeded' as const, 'told-twice' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      session: fc.nat({ max: 20 }),
      part: fc.double({ min: 0.01, max: 1, noNaN: true }),
      through: fc.constantFrom('route' as const, 'provider' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('transfer' as const), refused: fc.boolean() }) },
);

describe('ledger property: earned, collected, refunded and transferred money always reconciles (decision 082)', () => {
  let t: TestApp;
  let admin: string;
  let template: typeof locations.$inferSelect;
  const clock = manualClock(new Date('2026-11-20T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    admin = (await loginAs(t.app, 'SuperAdmin')).access_token;
    const id = (await demoLocationIds(t.database.db))['oak-lake-merritt']!;
    const [row] = await t.database.db.select().from(locations).where(eq(locations.id, id));
    if (!row) throw new Error('the demo location is missing');
    template = row;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject(authed(admin, { method, url, ...(payload ? { payload } : {}) }));

  /** A location of its own per run, with a share (so fees can fall on any part) and a connected account. */
  const newLocation = async (hostBps: number, resellerBps: number) => {
    const id = crypto.randomUUID();
    await t.database.db.insert(locations).values({ ...template, id, name: `Property ${id.slice(0, 8)}` });
    await t.database.db
      .insert(revenueShares)
      .values({ locationId: id, effectiveFrom: new Date('2026-01-01T00:00:00Z'), hostBps, resellerBps, platformBps: 10_000 - hostBps - resellerBps });
    await t.database.db
      .insert(locationPaymentAccounts)
      .values({ locationId: id, accountId: `acct_sbx${id.slice(0, 8)}`, livemode: false, sandbox: true, connectedAt: clock.now() });
    return id;
  };

  /** What is left of a session's parts (price less fees and refunds) and what its driver paid and has not had back. */
  const sessionLeft = async (locationId: string, sessionId: string) => {
    const [row] = rowsOf<{ parts: string; paid: string }>(
      await t.database.db.execute(sql`
        select coalesce(sum(amount_minor) filter (where account in ('host_share', 'host_share_uncollected', 'reseller_share', 'platform_fee', 'unallocated')), 0) as parts,
               coalesce(-sum(amount_minor) filter (where account in ('session_revenue', 'refund')), 0) as paid
        from ledger_entries where location_id = ${locationId} and session_id = ${sessionId}`),
    );
    return { parts: Number(row!.parts), paid: Number(row!.paid) };
  };

  const checkInvariants = async (locationId: string) => {
    const unbalanced = rowsOf<{ movement_id: string }>(
      await t.database.db.execute(
        sql`select movement_id from ledger_entries where location_id = ${locationId} group by movement_id having sum(amount_minor) <> 0`,
      ),
    );
    expect(unbalanced).toEqual([]);
    const [sums] = rowsOf<{ collected_host: string; host_outside: string; twice: string; over: string }>(
      await t.database.db.execute(sql`
        select
          coalesce(sum(amount_minor) filter (where account = 'host_share' and event = 'payment_collected'), 0) as collected_host,
          coalesce(sum(amount_minor) filter (where account = 'host_share' and event in ('session_priced', 'share_allocated')), 0) as host_outside,
          (select count(*) from (select session_id from ledger_entries where location_id = ${locationId} and event = 'payment_collected'
             group by session_id having count(distinct movement_id) > 1) s) as twice,
          (select count(*) from (select session_id from ledger_entries where location_id = ${locationId} and session_id is not null
             group by session_id
             having -coalesce(sum(amount_minor) filter (where account = 'session_revenue'), 0)
                  > -coalesce(sum(amount_minor) filter (where account = 'session_receivable' and event = 'session_priced'), 0)) s) as over
        from ledger_entries where location_id = ${locationId}`),
    );
    // Held shares never reach the host's balance straight from pricing.
    expect(Number(sums!.host_outside)).toBe(0);
    // Each session collected at most once, and never more than it was priced at.
    expect(Number(sums!.twice)).toBe(0);
    expect(Number(sums!.over)).toBe(0);
    const answer = await call('GET', `/web/payments/payouts/balance?locationId=${locationId}`);
    if (answer.statusCode === 404) return;
    for (const balance of json<BalanceResponse>(answer).balances) {
      // Available to transfer never exceeds the host's share of what drivers paid.
      expect(balance.available).toBeLessThanOrEqual(Number(sums!.collected_host));
      expect(balance.available + balance.pending + balance.paid).toBeLessThanOrEqual(Number(sums!.collected_host));
      expect(balance.earned).toBe(balance.collected + balance.receivable + balance.writtenOff);
      expect(
        balance.hostShare + balance.hostShareHeld + balance.resellerShare! + balance.platformFee! + balance.unallocated + balance.providerFees,
      ).toBe(balance.earned - balance.refunded);
    }
  };

  it('balances, never offers more than was collected, and collects each session once', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(commandArb, { minLength: 1, maxLength: 14 }),
        async (hostBps, resellerDraw, commands) => {
          const locationId = await newLocation(hostBps, Math.min(resellerDraw, 10_000 - hostBps));
          const sessions: { id: string; total: number; paid: boolean }[] = [];
          for (const command of commands) {
            clock.advance(60_000);
            if (command.kind === 'price') {
              const id = crypto.randomUUID();
              await t.app.payouts.recordSessionRevenue({ sessionId: id, locationId, currency: 'USD', total: command.total, pricedAt: clock.now() });
              sessions.push({ id, total: command.total, paid: false });
            } else if (command.kind === 'pay') {
              const session = sessions[command.session % Math.max(1, sessions.length)];
              // A failed charge tells the ledger nothing; a retry that succeeds is told once, or twice (a duplicate event).
              if (!session || command.outcome === 'failed') continue;
              const payment = {
                sessionId: session.id,
                locationId,
                currency: 'USD',
                amount: session.total,
                providerFee: Math.min(command.fee, session.total),
                providerPaymentId: `pi_${session.id}`,
                at: clock.now(),
              };
              await t.app.payouts.collected(payment);
              if (command.outcome === 'told-twice') await t.app.payouts.collected({ ...payment, providerFee: payment.providerFee + 1 });
              session.paid = true;
            } else if (command.kind === 'refund') {
              const session = sessions[command.session % Math.max(1, sessions.length)];
              if (!session) continue;
              const left = await sessionLeft(locationId, session.id);
              if (command.through === 'provider') {
                if (!session.paid || left.paid <= 0) continue;
                const amount = Math.max(1, Math.floor(left.paid * command.part));
                const refund = {
                  sessionId: session.id,
                  locationId,
                  currency: 'USD',
                  amount,
                  providerRefundId: `re_${crypto.randomUUID()}`,
                  reason: null,
                  at: clock.now(),
                };
                await t.app.payouts.refunded(refund);
                await t.app.payouts.refunded(refund);
              } else {
                if (left.parts <= 0) continue;
                const amount = Math.max(1, Math.floor(left.parts * command.part));
                const answer = await call('POST', '/web/payments/payouts/refunds', {
                  locationId,
                  sessionId: session.id,
                  amount,
                  idempotencyKey: crypto.randomUUID(),
                });
                expect(answer.statusCode, answer.body).toBe(200);
              }
            } else {
              if (command.refused) t.app.payouts.sandbox.failNext('refuse');
              const sent = await call('POST', '/web/payments/payouts/transfers', { locationId });
              expect([200, 400, 404]).toContain(sent.statusCode);
              t.app.payouts.sandbox.clearFaults();
            }
            await checkInvariants(locationId);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
