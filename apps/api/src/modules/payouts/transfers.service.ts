import { AppError, failureMessages, parseSort, type Transfer, type TransferListQuery, type TransferListResponse } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { locationTimeZone } from '../../db/location-time-zone.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import { appendMovement } from './ledger.repository.ts';
import * as repo from './transfers.repository.ts';

/** The provider calls a payout needs; the payments module's Stripe gateway provides them. */
export type PayoutGateway = {
  isSandbox: boolean;
  createTransfer: (input: {
    amount: number;
    currency: string;
    destination: string;
    group: string;
    idempotencyKey: string;
  }) => Promise<{ id: string }>;
  createPayout: (input: {
    amount: number;
    currency: string;
    account: string;
    transferId: string;
    idempotencyKey: string;
  }) => Promise<{ id: string; status: string }>;
  retrievePayout: (id: string, account: string) => Promise<{ id: string; status: string; failureMessage: string | null }>;
  /** A webhook event checked against its signature; throws a `rejected` failure when it cannot be trusted. */
  verifyEvent: (payload: string, signature: string | undefined) => Promise<{ id: string; type: string; data: { object: object } }>;
};
/** Told apart by `kind` like the gateway's own error: rejected (a reason) or unreachable (no answer). */
type ProviderFailure = Error & { kind: 'rejected' | 'unreachable'; reason: string };
export const isProviderFailure = (error: unknown): error is ProviderFailure =>
  error instanceof Error && 'kind' in error && 'reason' in error && (error.kind === 'rejected' || error.kind === 'unreachable');

export type TransfersDeps = {
  db: Database;
  gateway: PayoutGateway;
  /** The connected account a location's payouts go to (payments module). */
  connectedAccount: (locationId: string) => Promise<string | null>;
  /** The bank account attached to that connected account, as the host knows it (payments module); null if none. */
  payoutBank?: (locationId: string, account: string) => Promise<string | null>;
  systemEvents: Pick<SystemEvents, 'record'>;
  now: () => Date;
};

const SCHEDULE_ACTOR: Actor = { userId: null, email: 'payout schedule', userType: null, ip: '127.0.0.1' };

export const toTransfer = (row: repo.TransferRow): Transfer => ({
  id: row.id,
  locationId: row.locationId,
  currency: row.currency,
  amount: row.amount,
  status: row.status,
  periodFrom: row.periodFrom?.toISOString() ?? null,
  periodTo: row.periodTo.toISOString(),
  trigger: row.trigger,
  failureReason: row.failureReason,
  providerTransferId: row.providerTransferId,
  providerPayoutId: row.providerPayoutId,
  destination: row.destination,
  destinationBank: row.destinationBank,
  requestedByEmail: row.requestedByEmail,
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

/**
 * Pays a location's host balance to its connected account (decision 041): the amount leaves the host share
 * in the ledger when the transfer is created, is sent with an idempotency key, and comes back only when the
 * provider refuses. A lost answer leaves it pending; a retry sends the same key, so it is paid once.
 */
export const createTransfersService = ({ db, gateway, connectedAccount, payoutBank, systemEvents, now }: TransfersDeps) => {
  const providerEvent = (event: string, failure: ProviderFailure, transfer: repo.TransferRow) =>
    systemEvents.record({
      level: failure.kind === 'unreachable' ? 'error' : 'warning',
      source: 'provider',
      event,
      message: `Stripe: ${failure.reason}`,
      details: { provider: 'stripe', kind: failure.kind, locationId: transfer.locationId, transferId: transfer.id, sandbox: gateway.isSandbox },
    });

  /** Sends (or sends again) a pending transfer; every call carries the transfer's own keys. */
  const send = async (actor: Actor, transfer: repo.TransferRow): Promise<repo.TransferRow> => {
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
            action: 'payouts.transfer_sent',
            entity: 'transfer',
            entityId: row.id,
            locationId: row.locationId,
            changes: { status: { before: 'pending', after: row.status } },
          });
        return row ?? (await repo.findTransfer(tx, transfer.id))!;
      });
    } catch (error) {
      if (!isProviderFailure(error)) throw error;
      await providerEvent('stripe.transfer_failed', error, transfer);
      if (error.kind === 'unreachable')
        throw new AppError('TRANSFER_UNAVAILABLE', {
          messages: [
            failureMessages.transfer,
            'Stripe did not answer. The transfer is kept as pending and retried with the same key, so it cannot be paid twice',
          ],
        });
      await db.transaction(async (tx) => {
        const row = await repo.advanceTransfer(tx, transfer.id, ['pending'], { status: 'failed', failureReason: error.reason });
        if (!row) return;
        // The money never left: it goes back to the host's balance.
        await appendMovement(tx, {
          locationId: row.locationId,
          currency: row.currency,
          event: 'transfer_failed',
          reference: row.id,
          transferId: row.id,
          occurredAt: now(),
          postings: [
            { account: 'transfer', amount: -row.amount },
            { account: 'host_share', amount: row.amount },
          ],
        });
        await recordActivity(tx, actor, {
          action: 'payouts.transfer_failed',
          entity: 'transfer',
          entityId: row.id,
          locationId: row.locationId,
          changes: { status: { before: 'pending', after: 'failed' }, failureReason: { before: null, after: error.reason } },
        });
      });
      throw new AppError('TRANSFER_FAILED', { messages: [failureMessages.transfer, error.reason] });
    }
  };

  /** Creates the transfer of the whole host balance in one currency, in one transaction with its ledger movement. */
  const create = async (actor: Actor, locationId: string, trigger: 'manual' | 'schedule'): Promise<repo.TransferRow[]> => {
    const destination = await connectedAccount(locationId);
    if (!destination)
      throw new AppError('TRANSFER_FAILED', { messages: [failureMessages.transfer, 'Connect a Stripe account in Payouts Account first'] });
    // Kept on the row: the history keeps saying where each payout went after the bank account changes.
    const destinationBank = (await payoutBank?.(locationId, destination)) ?? null;
    return db.transaction(async (tx) => {
      await repo.lockLocation(tx, locationId);
      const pending = await repo.transfersInStatus(tx, ['pending'], locationId);
      if (pending.length) return pending;
      const balances = (await repo.hostBalances(tx, locationId)).filter((balance) => balance.total > 0);
      if (balances.length === 0)
        throw new AppError('BALANCE_NOT_FOUND', { messages: [failureMessages.balanceNotFound, 'There is no balance to transfer'] });
      const rows: repo.TransferRow[] = [];
      for (const { currency, total } of balances) {
        const id = crypto.randomUUID();
        const row = await repo.insertTransfer(tx, {
          id,
          locationId,
          currency,
          amount: total,
          destination,
          destinationBank,
          idempotencyKey: `wd_payout_${id}`,
          periodFrom: await repo.lastTransferEnd(tx, locationId, currency),
          periodTo: now(),
          trigger,
          requestedByEmail: actor.email,
        });
        await appendMovement(tx, {
          locationId,
          currency,
          event: 'transfer_started',
          reference: id,
          transferId: id,
          occurredAt: now(),
          postings: [
            { account: 'host_share', amount: -total },
            { account: 'transfer', amount: total },
          ],
        });
        await recordActivity(tx, actor, {
          action: 'payouts.transfer_started',
          entity: 'transfer',
          entityId: id,
          locationId,
          changes: { amount: { before: null, after: total }, currency: { before: null, after: currency } },
        });
        rows.push(row);
      }
      return rows;
    });
  };

  /** On demand: the balance now (or a transfer still pending from before, sent again with its own key). */
  const transfer = async (actor: Actor, locationId: string): Promise<Transfer> => {
    const rows = await create(actor, locationId, 'manual');
    let last: repo.TransferRow | undefined;
    for (const row of rows) last = await send(actor, row);
    return toTransfer(last!);
  };

  /** A payout paid (provider event or poll): moves in_transit to paid once, however often it is told. */
  const markPaid = async (payoutId: string, transferRow?: repo.TransferRow) => {
    const row = transferRow ?? (await repo.transfersInStatus(db, ['in_transit'])).find((t) => t.providerPayoutId === payoutId);
    if (!row) return false;
    return Boolean(await repo.advanceTransfer(db, row.id, ['in_transit'], { status: 'paid', paidAt: now() }));
  };

  /** The background job: retry pending, follow in-transit payouts, pay out positive balances. */
  const runSchedule = async (minimum: number, chargeMonthlyFees: () => Promise<void>) => {
    await chargeMonthlyFees();
    for (const row of await repo.transfersInStatus(db, ['pending'])) await send(SCHEDULE_ACTOR, row).catch(() => undefined);
    for (const row of await repo.transfersInStatus(db, ['in_transit'])) {
      const payout = await gateway.retrievePayout(row.providerPayoutId!, row.destination).catch(() => undefined);
      if (payout?.status === 'paid') await markPaid(row.providerPayoutId!, row);
    }
    for (const locationId of await repo.locationsWithBalance(db, minimum)) {
      if (!(await connectedAccount(locationId))) continue;
      const rows = await create(SCHEDULE_ACTOR, locationId, 'schedule').catch(() => []);
      for (const row of rows) await send(SCHEDULE_ACTOR, row).catch(() => undefined);
    }
  };

  const list = async (query: TransferListQuery): Promise<TransferListResponse> => {
    const page = await repo.listTransfers(
      db,
      { locationId: query.locationId, status: query.status },
      parseSort<'createdAt' | 'amount'>(query.sort),
      query.page,
      query.pageSize,
    );
    return {
      items: page.items.map(toTransfer),
      total: page.total,
      page: query.page,
      pageSize: query.pageSize,
      timeZone: await locationTimeZone(db, query.locationId),
    };
  };

  return { transfer, list, markPaid, runSchedule };
};

export type TransfersService = ReturnType<typeof createTransfersService>;
