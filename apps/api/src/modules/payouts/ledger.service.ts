import {
  AppError,
  splitByShare,
  type Balance,
  type BalanceResponse,
  type Deal,
  type DealBody,
  type RevenueShare,
  type RevenueShareBody,
  type RevenueShareResponse,
  type Locale,
  type ShareBps,
} from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { Scope } from '../../db/rollup-scope.ts';
import { createdFields, recordActivity, type Actor } from '../../lib/audit.ts';
import type { CollectedPayment, RefundedPayment } from '../../lib/payment-ledger.ts';
import { requireLocationExists } from '../locations/locations.service.ts';
import * as repo from './ledger.repository.ts';
import { createPaymentLedger } from './payment-collections.ts';
import { sessionMoney } from './session-money.ts';
import { PDF_LINE_LIMIT, statementCsv, statementDays, statementLines } from './statement.ts';

/** `payerPartnerId`: the roaming partner whose driver charged; its price is a receivable from it (decision 076). */
export type PricedSession = {
  sessionId: string;
  locationId: string;
  currency: string;
  total: number;
  pricedAt: Date;
  payerPartnerId?: string | null | undefined;
};

const toShare = (row: repo.ShareRow): RevenueShare => ({
  id: row.id,
  effectiveFrom: row.effectiveFrom.toISOString(),
  hostBps: row.hostBps,
  resellerBps: row.resellerBps,
  platformBps: row.platformBps,
  source: 'share',
  createdByEmail: row.createdByEmail,
});

export const toDeal = (row: repo.DealRow): Deal => ({
  id: row.id,
  locationId: row.locationId,
  kind: row.kind,
  startDate: row.startDate,
  termMonths: row.termMonths,
  hostBps: row.hostBps,
  resellerBps: row.resellerBps,
  platformBps: row.platformBps,
  currency: row.currency,
  monthlyFee: row.monthlyFee,
  createdByEmail: row.createdByEmail,
  createdAt: row.createdAt.toISOString(),
});

/** The first day of each month of a deal's term that has begun by `now`, as YYYY-MM. */
const startedMonths = (startDate: string, termMonths: number, now: Date): string[] => {
  const [year, month] = startDate.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let n = 0; n < termMonths; n += 1) {
    const first = new Date(Date.UTC(year, month - 1 + n, Number(startDate.slice(8, 10))));
    if (first > now) break;
    months.push(first.toISOString().slice(0, 7));
  }
  return months;
};

/**
 * The ledger of each location (decision 040): session revenue split by the revenue share in force (a
 * revenue-share deal in its term wins over the location's share), balances as sums, monthly deal fees.
 */
export const createLedgerService = ({ db, now }: { db: Database; now: () => Date }) => {
  /** The share in force at `at`: a revenue-share deal in its term, else the location's latest share. */
  const shareAt = async (executor: Executor, locationId: string, at: Date): Promise<(ShareBps & { source: 'share' | 'deal' }) | undefined> => {
    const deal = await repo.revenueDealAt(executor, locationId, at);
    if (deal && deal.hostBps !== null && deal.resellerBps !== null && deal.platformBps !== null)
      return { hostBps: deal.hostBps, resellerBps: deal.resellerBps, platformBps: deal.platformBps, source: 'deal' };
    const share = await repo.shareAt(executor, locationId, at);
    return share ? { ...share, source: 'share' } : undefined;
  };

  /** `held`: the host's part waits in `host_share_uncollected` until the session is collected (decision 082). */
  const splitPostings = (total: number, share: ShareBps, held: boolean): repo.Posting[] => {
    const parts = splitByShare(total, share);
    return [
      { account: held ? 'host_share_uncollected' : 'host_share', amount: parts.host },
      { account: 'reseller_share', amount: parts.reseller },
      { account: 'platform_fee', amount: parts.platform },
    ];
  };

  /**
   * Called in the transaction that stores a session's final price. The revenue is earned, not collected: it is
   * booked on `session_receivable` and the host's part is held in `host_share_uncollected` until the driver's
   * payment succeeds (`collected`, decision 082). Without a share the revenue waits in `unallocated` (never a
   * silent zero for anyone) until a share or deal is set. A roaming partner's session books its revenue on
   * `roaming_receivable`, referenced `roaming:<partner id>:<session id>`, held the same way until the partner pays.
   */
  const recordSessionRevenue = async (tx: Executor, priced: PricedSession): Promise<void> => {
    const share = await shareAt(tx, priced.locationId, priced.pricedAt);
    await repo.appendMovement(tx, {
      locationId: priced.locationId,
      currency: priced.currency,
      event: 'session_priced',
      reference: priced.payerPartnerId ? `roaming:${priced.payerPartnerId}:${priced.sessionId}` : priced.sessionId,
      sessionId: priced.sessionId,
      occurredAt: priced.pricedAt,
      postings: [
        { account: priced.payerPartnerId ? 'roaming_receivable' : 'session_receivable', amount: -priced.total },
        ...(share ? splitPostings(priced.total, share, true) : [{ account: 'unallocated' as const, amount: priced.total }]),
      ],
    });
  };

  /** Splits revenue that waited for a share, each session by the share in force when it was priced. */
  const allocatePending = async (tx: Executor, locationId: string) => {
    for (const waiting of await repo.unallocatedOf(tx, locationId)) {
      const share = await shareAt(tx, locationId, waiting.occurredAt);
      if (!share) continue;
      // A refund or a provider fee may already have taken part of what waited: split only what is left. The host's
      // part is available only once the session is collected (decision 082).
      const money = waiting.sessionId ? await sessionMoney(tx, locationId, waiting.sessionId) : undefined;
      const left = money ? money.left.unallocated : waiting.amount;
      const held = money ? !money.collected : false;
      await repo.appendMovement(tx, {
        locationId,
        currency: waiting.currency,
        event: 'share_allocated',
        reference: waiting.reference,
        sessionId: waiting.sessionId,
        occurredAt: now(),
        postings: [{ account: 'unallocated', amount: -left }, ...splitPostings(left, share, held)],
      });
    }
  };

  const balance = async (locationId: string, seesAllShares: boolean, connected: boolean): Promise<BalanceResponse> => {
    const [sums, transfers, writeOffs] = await Promise.all([
      repo.accountSums(db, locationId),
      repo.transferSums(db, locationId),
      repo.writtenOffSums(db, locationId),
    ]);
    if (sums.length === 0) throw new AppError('BALANCE_NOT_FOUND');
    const currencies = [...new Set(sums.map((row) => row.currency))].sort();
    const balances = currencies.map((currency): Balance => {
      const sum = (account: string) => sums.find((row) => row.currency === currency && row.account === account)?.total ?? 0;
      const inTransfers = (statuses: readonly string[]) =>
        transfers.filter((row) => row.currency === currency && statuses.includes(row.status)).reduce((total, row) => total + row.total, 0);
      const pending = inTransfers(['pending', 'in_transit']);
      const paid = inTransfers(['paid']);
      const available = sum('host_share');
      const writtenOff = writeOffs.find((row) => row.currency === currency)?.total ?? 0;
      const collected = -sum('session_revenue');
      const receivable = -sum('session_receivable') - sum('roaming_receivable');
      // Earned counts what was written off too: a write-off is a refund of revenue earned, not unearned revenue.
      const earned = collected + receivable + writtenOff;
      return {
        currency,
        available,
        pending,
        paid,
        hostShare: available + pending + paid,
        sessionRevenue: earned,
        earned,
        collected,
        receivable,
        hostShareHeld: sum('host_share_uncollected'),
        writtenOff,
        providerFees: sum('provider_fee'),
        paidOut: pending + paid,
        roamingReceivable: -sum('roaming_receivable'),
        refunded: sum('refund') + writtenOff,
        unallocated: sum('unallocated'),
        // Paid to the reseller's own account or not, it is the reseller's share of this location (issue 43 part 3).
        resellerShare: seesAllShares ? sum('reseller_share') + sum('reseller_transfer') : null,
        platformFee: seesAllShares ? sum('platform_fee') : null,
      };
    });
    return { locationId, balances, connected };
  };

  const revenueShare = async (locationId: string): Promise<RevenueShareResponse> => {
    const history = (await repo.sharesOf(db, locationId)).map(toShare);
    const current = await shareAt(db, locationId, now());
    if (!current) throw new AppError('REVENUE_SHARE_NOT_FOUND');
    const shown =
      current.source === 'deal'
        ? { id: 'deal', effectiveFrom: now().toISOString(), createdByEmail: null, ...current }
        : history.find((s) => new Date(s.effectiveFrom) <= now())!;
    return { locationId, current: { ...shown, source: current.source }, history };
  };

  const setRevenueShare = async (actor: Actor, body: RevenueShareBody): Promise<RevenueShareResponse> => {
    await db.transaction(async (tx) => {
      // A SuperAdmin reaches every location id, existing or not: an unknown one is a 404, not a foreign-key 500.
      await requireLocationExists(tx, body.locationId);
      const row = await repo.insertShare(tx, {
        locationId: body.locationId,
        effectiveFrom: new Date(body.effectiveFrom),
        hostBps: body.hostBps,
        resellerBps: body.resellerBps,
        platformBps: body.platformBps,
        createdByEmail: actor.email,
      });
      if (!row) throw new AppError('REVENUE_SHARE_EFFECTIVE_TAKEN');
      await recordActivity(tx, actor, {
        action: 'payouts.revenue_share_set',
        entity: 'location',
        entityId: body.locationId,
        locationId: body.locationId,
        changes: createdFields({
          effectiveFrom: body.effectiveFrom,
          hostBps: body.hostBps,
          resellerBps: body.resellerBps,
          platformBps: body.platformBps,
        }),
      });
      await allocatePending(tx, body.locationId);
    });
    return revenueShare(body.locationId);
  };

  const listDeals = async (locationId: string): Promise<Deal[]> => (await repo.dealsOf(db, locationId)).map(toDeal);

  const addDeal = async (actor: Actor, body: DealBody): Promise<Deal> => {
    const row = await db.transaction(async (tx) => {
      await requireLocationExists(tx, body.locationId);
      const deal = await repo.insertDeal(tx, {
        locationId: body.locationId,
        kind: body.kind,
        startDate: body.startDate,
        termMonths: body.termMonths,
        ...(body.kind === 'revenue_share'
          ? { hostBps: body.hostBps, resellerBps: body.resellerBps, platformBps: body.platformBps }
          : { currency: body.currency, monthlyFee: body.monthlyFee }),
        createdByEmail: actor.email,
      });
      const { id: _id, createdAt: _at, createdByEmail: _by, locationId: _l, ...fields } = toDeal(deal);
      await recordActivity(tx, actor, {
        action: 'payouts.deal_added',
        entity: 'deal',
        entityId: deal.id,
        locationId: deal.locationId,
        changes: createdFields(fields),
      });
      if (body.kind === 'revenue_share') await allocatePending(tx, body.locationId);
      else await chargeMonthlyFees(tx, [deal]);
      return deal;
    });
    return toDeal(row);
  };

  /** Each begun month of a fixed-fee deal moves its fee from the host share to the platform, once. */
  const chargeMonthlyFees = async (executor: Executor = db, rows?: repo.DealRow[]) => {
    for (const deal of rows ?? (await repo.fixedFeeDeals(executor))) {
      if (!deal.currency || !deal.monthlyFee) continue;
      for (const month of startedMonths(deal.startDate, deal.termMonths, now()))
        await repo.appendMovement(executor, {
          locationId: deal.locationId,
          currency: deal.currency,
          event: 'monthly_fee',
          reference: `${deal.id}:${month}`,
          occurredAt: now(),
          postings: [
            { account: 'host_share', amount: -deal.monthlyFee },
            { account: 'platform_fee', amount: deal.monthlyFee },
          ],
        });
    }
  };

  /** The CSV statement: every movement of the month (decision 061). */
  const statement = (locationId: string, month: string, locale: Locale) => statementCsv(db, locationId, month, locale);
  /** What the PDF shows: every movement of a quiet month; the days of a busy one, summed without listing it (decision 061). */
  const statementForPdf = async (locationId: string, month: string) => {
    const summary = await statementDays(db, locationId, month);
    return summary.entries > PDF_LINE_LIMIT ? summary : statementLines(db, locationId, month);
  };

  /** Session revenue and reseller share the ledger split for the sessions of the scope's days (decision 056). */
  const resellerShares = (scope: Scope) => repo.sessionSharesIn(db, scope);
  /** The reseller's basis points in force now at a location; null while it has no share (revenue waits). */
  const resellerBpsNow = async (locationId: string) => (await shareAt(db, locationId, now()))?.resellerBps ?? null;

  /** What driver payments call when a payment succeeds or is refunded (PaymentLedger, decision 082). */
  const paymentLedger = createPaymentLedger();

  return {
    recordSessionRevenue,
    paymentLedger,
    collected: (tx: Executor, payment: CollectedPayment) => paymentLedger.collected(tx, payment),
    refunded: (tx: Executor, refund: RefundedPayment) => paymentLedger.refunded(tx, refund),
    paidByCard: (sessionId: string) => repo.sessionPaidByCard(db, sessionId),
    statement,
    statementForPdf,
    resellerShares,
    resellerBpsNow,
    balance,
    revenueShare,
    setRevenueShare,
    listDeals,
    addDeal,
    chargeMonthlyFees,
  };
};

export type LedgerService = ReturnType<typeof createLedgerService>;
