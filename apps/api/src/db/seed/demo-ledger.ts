import { splitByShare, type ShareBps } from '@wattdesk/shared';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { revenueShares, sessionPrices } from '../schema/index.ts';
import { bulkInsert } from './bulk-insert.ts';

const CHUNK = 4000;
const COLUMNS = {
  movement_id: 'uuid',
  location_id: 'uuid',
  account: 'text',
  amount_minor: 'bigint',
  currency: 'text',
  event: 'text',
  reference: 'text',
  session_id: 'uuid',
  occurred_at: 'timestamptz',
};

/** The demo split: a reseller's cut only where the location has a reseller. */
export const demoShare = (hasReseller: boolean): ShareBps =>
  hasReseller ? { hostBps: 8000, resellerBps: 500, platformBps: 1500 } : { hostBps: 8500, resellerBps: 0, platformBps: 1500 };

/** Sessions of the last days are still waiting for their drivers' payments (decision 082): the demo shows a receivable. */
const UNPAID_DAYS = 3;
/** A card fee like Stripe's (2.9 % + 30 cents), borne by the platform's part as the ledger books it. */
const demoFee = (total: number, platform: number) => Math.min(platform, Math.round(total * 0.029) + 30);

/**
 * Revenue shares for the demo locations with sessions, and the ledger movements their stored prices would have
 * written when they stopped (decisions 040, 903): each price booked as a receivable with the host's part held, then
 * — except for the last days' sessions — the driver's payment collected a minute later, releasing the host's part
 * and booking the card fee, so balances and statements have something to show under every heading.
 */
export const seedDemoLedger = async (tx: Executor, locations: readonly { id: string; hasReseller: boolean }[]) => {
  if (locations.length === 0) return;
  const shares = new Map(locations.map((location) => [location.id, demoShare(location.hasReseller)]));
  await tx
    .insert(revenueShares)
    .values(
      locations.map((location) => ({ locationId: location.id, effectiveFrom: new Date(Date.now() - 365 * 86_400_000), ...shares.get(location.id)! })),
    );
  const prices = await tx
    .select()
    .from(sessionPrices)
    .where(inArray(sessionPrices.locationId, [...shares.keys()]));
  // Thousands of sessions with the 90-day history: the entries go in a few JSON statements, not one per session.
  const unpaidFrom = Date.now() - UNPAID_DAYS * 86_400_000;
  const entries = prices.flatMap((price) => {
    const parts = splitByShare(price.total, shares.get(price.locationId)!);
    const base = {
      movement_id: crypto.randomUUID(),
      location_id: price.locationId,
      currency: price.currency,
      event: 'session_priced',
      reference: price.sessionId,
      session_id: price.sessionId,
      occurred_at: price.pricedAt.toISOString(),
    };
    const priced = [
      { ...base, account: 'session_receivable', amount_minor: -price.total },
      { ...base, account: 'host_share_uncollected', amount_minor: parts.host },
      { ...base, account: 'reseller_share', amount_minor: parts.reseller },
      { ...base, account: 'platform_fee', amount_minor: parts.platform },
    ];
    const fee = demoFee(price.total, parts.platform);
    const paid = {
      ...base,
      movement_id: crypto.randomUUID(),
      event: 'payment_collected',
      occurred_at: new Date(price.pricedAt.getTime() + 60_000).toISOString(),
    };
    const collected =
      price.pricedAt.getTime() < unpaidFrom
        ? [
            { ...paid, account: 'session_receivable', amount_minor: price.total },
            { ...paid, account: 'session_revenue', amount_minor: -price.total },
            { ...paid, account: 'host_share_uncollected', amount_minor: -parts.host },
            { ...paid, account: 'host_share', amount_minor: parts.host },
            { ...paid, account: 'platform_fee', amount_minor: -fee },
            { ...paid, account: 'provider_fee', amount_minor: fee },
          ]
        : [];
    return [...priced, ...collected].filter((entry) => entry.amount_minor !== 0);
  });
  for (let from = 0; from < entries.length; from += CHUNK) await bulkInsert(tx, 'ledger_entries', COLUMNS, entries.slice(from, from + CHUNK));
};
