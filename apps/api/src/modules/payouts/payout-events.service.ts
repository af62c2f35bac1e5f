import { AppError } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import { appendMovement } from './ledger.repository.ts';
import * as repo from './transfers.repository.ts';
import { isProviderFailure, type PayoutGateway } from './transfers.service.ts';

const WEBHOOK_ACTOR: Actor = { userId: null, email: 'stripe webhook', userType: null, ip: '127.0.0.1' };

type PayoutObject = { id?: string; failure_message?: string | null; metadata?: Record<string, string> | null };
type TransferObject = { id?: string; amount_reversed?: number; transfer_group?: string | null };

export type PayoutEventsDeps = {
  db: Database;
  gateway: Pick<PayoutGateway, 'verifyEvent'>;
  systemEvents: Pick<SystemEvents, 'record'>;
  now: () => Date;
};

/**
 * Stripe events that settle transfers and payouts (decision 042): verified with the SDK, remembered by id in
 * the same transaction as their effect, so a second delivery changes nothing; each effect moves a transfer
 * only forward from the statuses it expects, so events arriving out of order cannot undo a later state.
 */
export const createPayoutEventsService = ({ db, gateway, systemEvents, now }: PayoutEventsDeps) => {
  const audit = (tx: Executor, row: repo.TransferRow, before: string, changes: Record<string, { before: unknown; after: unknown }>) =>
    recordActivity(tx, WEBHOOK_ACTOR, {
      action: 'payouts.transfer_settled',
      entity: 'transfer',
      entityId: row.id,
      locationId: row.locationId,
      changes: { status: { before, after: row.status }, ...changes },
    });

  const payoutPaid = async (tx: Executor, payout: PayoutObject) => {
    const found = await repo.transferByProvider(tx, { payoutId: payout.id, ourId: payout.metadata?.wattdesk_transfer });
    if (!found) return false;
    const row = await repo.advanceTransfer(tx, found.id, ['pending', 'in_transit'], {
      status: 'paid',
      paidAt: now(),
      providerPayoutId: found.providerPayoutId ?? payout.id ?? null,
    });
    if (row) await audit(tx, row, found.status, {});
    return Boolean(row);
  };

  /** The transfer reached the host's Stripe account; the bank payout failed and Stripe retries it (decision 041). */
  const payoutFailed = async (tx: Executor, payout: PayoutObject) => {
    const found = await repo.transferByProvider(tx, { payoutId: payout.id, ourId: payout.metadata?.wattdesk_transfer });
    if (!found) return false;
    const reason = payout.failure_message ?? 'The bank refused the payout';
    const row = await repo.advanceTransfer(tx, found.id, ['pending', 'in_transit'], { status: 'in_transit', failureReason: reason });
    if (row) await audit(tx, row, found.status, { failureReason: { before: found.failureReason, after: reason } });
    return Boolean(row);
  };

  /** Money Stripe took back from the connected account returns to the host balance; all of it fails the transfer. */
  const transferReversed = async (tx: Executor, transfer: TransferObject) => {
    const found = await repo.transferByProvider(tx, { transferId: transfer.id, ourId: transfer.transfer_group });
    const reversed = Math.min(transfer.amount_reversed ?? 0, found?.amount ?? 0);
    if (!found || !Number.isSafeInteger(reversed) || reversed <= 0) return false;
    const delta = reversed - (await repo.reversedSoFar(tx, found.id));
    if (delta <= 0) return false;
    await appendMovement(tx, {
      locationId: found.locationId,
      currency: found.currency,
      event: 'transfer_reversed',
      reference: `${found.id}:${reversed}`,
      transferId: found.id,
      occurredAt: now(),
      postings: [
        { account: 'transfer', amount: -delta },
        { account: 'host_share', amount: delta },
      ],
    });
    const whole = reversed === found.amount;
    const row = whole
      ? await repo.advanceTransfer(tx, found.id, ['pending', 'in_transit', 'paid'], {
          status: 'failed',
          failureReason: 'Stripe reversed the transfer',
        })
      : found;
    await audit(tx, row ?? found, found.status, { reversed: { before: reversed - delta, after: reversed } });
    return true;
  };

  const receive = async (payload: string, signature: string | undefined) => {
    const event = await gateway.verifyEvent(payload, signature).catch((error: unknown) => {
      const reason = isProviderFailure(error) ? error.reason : 'The event could not be read';
      void systemEvents.record({ level: 'warning', source: 'provider', event: 'stripe.webhook_refused', message: `Stripe webhook: ${reason}` });
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', { messages: ['The event signature could not be verified', reason] });
    });
    return db.transaction(async (tx) => {
      if (!(await repo.rememberEvent(tx, event.id, event.type))) return { received: true, duplicate: true, applied: false };
      const object = event.data.object;
      const applied =
        event.type === 'payout.paid'
          ? await payoutPaid(tx, object)
          : event.type === 'payout.failed'
            ? await payoutFailed(tx, object)
            : event.type === 'transfer.reversed'
              ? await transferReversed(tx, object)
              : false;
      return { received: true, duplicate: false, applied };
    });
  };

  return { receive };
};

export type PayoutEventsService = ReturnType<typeof createPayoutEventsService>;
