import {
  AppError,
  failureMessages,
  type ResellerBalance,
  type ResellerPayoutsResponse,
  type ResellerTransfer,
  type ResellerTransferBody,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import { toResellerAccount } from '../payments/reseller-account.service.ts';
import { appendMovement } from './ledger.repository.ts';
import { isProviderFailure, type PayoutGateway } from './transfers.service.ts';
import * as repo from './reseller-payouts.repository.ts';

export type ResellerPayoutsDeps = {
  db: Database;
  gateway: Pick<PayoutGateway, 'isSandbox' | 'createTransfer' | 'createPayout' | 'retrievePayout'>;
  systemEvents: Pick<SystemEvents, 'record'>;
  now: () => Date;
};

const HISTORY = 50;

const toTransfer = (row: repo.ResellerTransferRow): ResellerTransfer => ({
  id: row.id,
  currency: row.currency,
  amount: row.amount,
  status: row.status,
  destination: row.destination,
  failureReason: row.failureReason,
  providerTransferId: row.providerTransferId,
  providerPayoutId: row.providerPayoutId,
  requestedByEmail: row.requestedByEmail,
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

/** One movement per location of the transfer, both directions: `sign` 1 pays out, -1 gives back (a refusal). */
const movements = (row: repo.ResellerTransferRow, parts: readonly { locationId: string; amount: number }[], sign: 1 | -1, at: Date) =>
  parts.map((part) => ({
    locationId: part.locationId,
    currency: row.currency,
    event: sign === 1 ? ('transfer_started' as const) : ('transfer_failed' as const),
    reference: `reseller:${row.id}:${part.locationId}`,
    transferId: row.id,
    occurredAt: at,
    postings: [
      { account: 'reseller_share' as const, amount: -sign * part.amount },
      { account: 'reseller_transfer' as const, amount: sign * part.amount },
    ],
  }));

/**
 * Pays the reseller's collected share to its own connected account (issue 43 part 3), as a host's balance is paid
 * (decision 041): the amount leaves reseller_share in the ledger when the transfer is created, is sent with the
 * transfer's own idempotency key, and comes back only when the provider refuses. The client's key makes the request
 * itself idempotent: the same key again answers the same transfer and pays nothing more.
 */
export const createResellerPayoutsService = ({ db, gateway, systemEvents, now }: ResellerPayoutsDeps) => {
  const balances = async (): Promise<ResellerBalance[]> => {
    const sums = await repo.shareSums(db);
    return [...new Set(sums.map((row) => row.currency))].sort().map((currency) => {
      const rows = sums.filter((row) => row.currency === currency);
      const total = (field: 'earned' | 'available' | 'paidOut') => rows.reduce((sum, row) => sum + row[field], 0);
      // Transfers' own postings are sessionless reseller_share rows: available is already net of what was paid out.
      const available = total('available');
      const paidOut = total('paidOut');
      return { currency, earned: total('earned'), collected: available + paidOut, paidOut, available };
    });
  };

  /** A payout the provider has since paid is marked so when the reseller looks (the payout webhook knows host transfers only). */
  const followInTransit = async () => {
    for (const row of await repo.transfersInStatus(db, ['in_transit'])) {
      const payout = await gateway.retrievePayout(row.providerPayoutId!, row.destination).catch(() => undefined);
      if (payout?.status === 'paid') await repo.advanceTransfer(db, row.id, ['in_transit'], { status: 'paid', paidAt: now() });
    }
  };

  const overview = async (sandbox: boolean): Promise<ResellerPayoutsResponse> => {
    await followInTransit();
    const [account, money, transfers] = await Promise.all([repo.findAccount(db), balances(), repo.latestTransfers(db, HISTORY)]);
    return { account: account ? toResellerAccount(account) : null, sandbox, balances: money, transfers: transfers.map(toTransfer) };
  };

  const send = async (actor: Actor, transfer: repo.ResellerTransferRow): Promise<repo.ResellerTransferRow> => {
    try {
      const sent = await gateway.createTransfer({
        amount: transfer.amount,
        currency: transfer.currency,
        destination: transfer.destination,
        group: transfer.id,
        idempotencyKey: `${transfer.idempotencyKey}:transfer`,
      });
      const payout = await gateway.createPayout({
        amount: transfer.amount,
        currency: transfer.currency,
        account: transfer.destination,
        transferId: transfer.id,
        idempotencyKey: `${transfer.idempotencyKey}:payout`,
      });
      const paid = payout.status === 'paid';
      return await db.transaction(async (tx) => {
        const row = await repo.advanceTransfer(tx, transfer.id, ['pending'], {
          status: paid ? 'paid' : 'in_transit',
          providerTransferId: sent.id,
          providerPayoutId: payout.id,
          paidAt: paid ? now() : null,
        });
        if (row)
          await recordActivity(tx, actor, {
            action: 'payouts.reseller_transfer_sent',
            entity: 'reseller_transfer',
            entityId: row.id,
            changes: { status: { before: 'pending', after: row.status } },
          });
        return row ?? transfer;
      });
    } catch (error) {
      if (!isProviderFailure(error)) throw error;
      await systemEvents.record({
        level: error.kind === 'unreachable' ? 'error' : 'warning',
        source: 'provider',
        event: 'stripe.reseller_transfer_failed',
        message: `Stripe: ${error.reason}`,
        details: { provider: 'stripe', kind: error.kind, transferId: transfer.id, sandbox: gateway.isSandbox },
      });
      if (error.kind === 'unreachable')
        throw new AppError('TRANSFER_UNAVAILABLE', {
          messages: [
            failureMessages.transfer,
            'Stripe did not answer. The transfer is kept as pending and sent again with the same key, so it cannot be paid twice',
          ],
        });
      await db.transaction(async (tx) => {
        const row = await repo.advanceTransfer(tx, transfer.id, ['pending'], { status: 'failed', failureReason: error.reason });
        if (!row) return;
        // The money never left: each location's part goes back to the reseller's share.
        const parts = (await repo.transferParts(tx, row.id)).filter((part) => part.amount !== 0);
        for (const movement of movements(row, parts, -1, now())) await appendMovement(tx, movement);
        await recordActivity(tx, actor, {
          action: 'payouts.reseller_transfer_failed',
          entity: 'reseller_transfer',
          entityId: row.id,
          changes: { status: { before: 'pending', after: 'failed' }, failureReason: { before: null, after: error.reason } },
        });
      });
      throw new AppError('TRANSFER_FAILED', { messages: [failureMessages.transfer, error.reason] });
    }
  };

  /** The transfer of all that is available in a currency, created with its ledger movements and audit row in one transaction. */
  const create = async (actor: Actor, body: ResellerTransferBody): Promise<{ row: repo.ResellerTransferRow; repeated: boolean }> =>
    db.transaction(async (tx) => {
      await repo.lockAccount(tx);
      const earlier = await repo.transferByRequestKey(tx, body.idempotencyKey);
      if (earlier) return { row: earlier, repeated: true };
      const account = await repo.findAccount(tx);
      if (!account)
        throw new AppError('TRANSFER_FAILED', {
          messages: [failureMessages.transfer, "Connect the reseller's Stripe account in Reseller payouts first"],
        });
      const [pending] = await repo.transfersInStatus(tx, ['pending'], body.currency);
      if (pending) return { row: pending, repeated: true };
      // Per location, so each location's collected reseller share and what was paid from it stay readable in its ledger.
      // A location below zero (a refund after its share was paid) is netted: the reseller is one payee with one balance.
      const parts = (await repo.shareSums(tx))
        .filter((row) => row.currency === body.currency && row.available !== 0)
        .map((row) => ({ locationId: row.locationId, amount: row.available }));
      const amount = parts.reduce((sum, part) => sum + part.amount, 0);
      if (amount <= 0)
        throw new AppError('BALANCE_NOT_FOUND', { messages: [failureMessages.balanceNotFound, 'There is no collected reseller share to transfer'] });
      const id = crypto.randomUUID();
      const row = await repo.insertTransfer(tx, {
        id,
        currency: body.currency,
        amount,
        destination: account.accountId,
        requestKey: body.idempotencyKey,
        idempotencyKey: `wd_reseller_payout_${id}`,
        requestedByEmail: actor.email,
      });
      for (const movement of movements(row, parts, 1, now())) await appendMovement(tx, movement);
      await recordActivity(tx, actor, {
        action: 'payouts.reseller_transfer_started',
        entity: 'reseller_transfer',
        entityId: id,
        changes: {
          amount: { before: null, after: amount },
          currency: { before: null, after: body.currency },
          destination: { before: null, after: account.accountId },
        },
      });
      return { row, repeated: false };
    });

  /** A repeated request answers the same transfer; one still pending (a lost answer) is sent again with its own key. */
  const transfer = async (actor: Actor, body: ResellerTransferBody): Promise<{ transfer: ResellerTransfer; repeated: boolean }> => {
    const { row, repeated } = await create(actor, body);
    const sent = row.status === 'pending' ? await send(actor, row) : row;
    return { transfer: toTransfer(sent), repeated };
  };

  return { overview, transfer };
};

export type ResellerPayoutsService = ReturnType<typeof createResellerPayoutsService>;
