import { DEFAULT_LOCALE } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { paymentFailedMail } from './driver-payments.mail.ts';
import * as repo from './driver-payments.repository.ts';
import type { ChargeOutcome, DriverPaymentGateway } from './payment-gateway.ts';
import type { PaymentLedger } from '../../lib/payment-ledger.ts';

/** A session priced in the pricing transaction (session-pricing.service.ts's PricedHook). */
export type PricedDriverSession = { sessionId: string; locationId: string; currency: string; total: number; pricedAt: Date };

export const NO_CARD = 'no card on file';
/** The provider did not answer: no attempt is counted, the same idempotency key is tried again soon. */
const UNREACHABLE_RETRY_MS = 5 * 60_000;
const DUE_BATCH = 200;
/**
 * Charges in flight at once in a pass. One at a time, a charge's database round trips and the provider's answer
 * (which waits for the sandbox's write) left the pass idle most of the time: 10,000 due payments took minutes
 * (bench/money-in.ts). Concurrent charges of one payment stay safe (same idempotency key, recorded once under the
 * row lock); 8 keeps a pass well inside the pool (DB_POOL_SIZE default 10) and Stripe's rate limit per node.
 */
const CHARGE_CONCURRENCY = 8;

/**
 * Attempt n's idempotency key: the first is `wd_session_<id>`, so two workers charging the same session at once get
 * the same PaymentIntent; a retry after a decline needs a key of its own (Stripe answers a key's decline forever).
 */
export const chargeKey = (sessionId: string, attempts: number) =>
  attempts === 0 ? `wd_session_${sessionId}` : `wd_session_${sessionId}_retry_${attempts}`;

export type SessionChargesDeps = {
  db: Database;
  now: () => Date;
  gateway: DriverPaymentGateway;
  ledger: PaymentLedger | null;
  retryMinutes: readonly number[];
  maxFailures: number;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Authorize's cached answer for the account is stale (it failed, or was fixed). */
  forgetAccount: (accountId: string) => void;
  /** A payment was collected: the receipt goes out (after the commit). */
  onPaid: (sessionId: string) => void;
};

/**
 * Charging priced sessions to the card on file, off-session (decision 083): a pending row is written in the pricing
 * transaction, the charge runs after the commit and again from the job until it is paid or out of retries.
 */
export const createSessionCharges = (deps: SessionChargesDeps) => {
  const { db, now, gateway, ledger, retryMinutes, maxFailures } = deps;

  /** In the pricing transaction: the session's payment, due at once, or waiting for a card. Roaming and driverless sessions have none. */
  const recordPriced = async (tx: Executor, priced: PricedDriverSession, payerPartnerId: string | null): Promise<boolean> => {
    if (payerPartnerId !== null || priced.total <= 0) return false;
    const account = await repo.sessionAccount(tx, priced.sessionId);
    if (!account) return false;
    const card = await repo.findCard(tx, account.accountId);
    const hasCard = Boolean(card?.providerPaymentMethodId);
    await repo.insertPayment(tx, {
      sessionId: priced.sessionId,
      locationId: priced.locationId,
      driverId: account.accountId,
      amount: priced.total,
      currency: priced.currency,
      status: 'pending',
      lastError: hasCard ? null : NO_CARD,
      nextAttemptAt: hasCard ? priced.pricedAt : null,
    });
    return hasCard;
  };

  const retryAt = (attempts: number) => new Date(now().getTime() + (retryMinutes[Math.min(attempts - 1, retryMinutes.length - 1)] ?? 60) * 60_000);

  const tellDriver = async (payment: repo.PaymentRow, reason: string) => {
    const person = await repo.findPerson(db, payment.driverId);
    if (!person) return;
    await deps.mailer.send(
      paymentFailedMail({
        to: person.email,
        firstName: person.firstName ?? '',
        amount: payment.amount,
        currency: payment.currency,
        reason,
        attempts: payment.attempts,
        link: `${deps.publicUrl}/dashboard/drivers?driver=${payment.driverId}`,
        locale: person.language ?? DEFAULT_LOCALE,
      }),
    );
  };

  /**
   * One attempt at a pending, due payment. Safe to call twice at once: both calls send the same idempotency key, so
   * the provider makes one PaymentIntent, and only the call that still finds the attempt unrecorded records it.
   */
  const charge = async (sessionId: string): Promise<repo.PaymentRow | undefined> => {
    const payment = await repo.findPayment(db, sessionId);
    if (!payment || payment.status !== 'pending') return payment;
    const card = await repo.findCard(db, payment.driverId);
    if (!card?.providerPaymentMethodId) {
      return repo.updatePayment(db, sessionId, { lastError: NO_CARD, nextAttemptAt: null });
    }
    const outcome = await gateway.charge({
      sessionId,
      customerId: card.providerCustomerId,
      paymentMethodId: card.providerPaymentMethodId,
      amount: payment.amount,
      currency: payment.currency,
      idempotencyKey: chargeKey(sessionId, payment.attempts),
    });
    return (await record(sessionId, payment.attempts, outcome)) ?? repo.findPayment(db, sessionId);
  };

  /**
   * Records one attempt's outcome, once: only while the payment is still pending at the attempt count it was charged
   * with (a concurrent charge with the same key, or the provider's event for it, may have recorded it first). Answers
   * the row it changed, or undefined when another recorded it.
   */
  const record = async (
    sessionId: string,
    attemptsBefore: number,
    outcome: ChargeOutcome,
    expectedPaymentId?: string,
  ): Promise<repo.PaymentRow | undefined> => {
    let failedNow = false;
    const recorded = await db.transaction(async (tx) => {
      const current = await repo.findPayment(tx, sessionId, true);
      if (!current || current.status !== 'pending' || current.attempts !== attemptsBefore) return undefined;
      // An event about an attempt already recorded (its PaymentIntent is the one on the row) changes nothing.
      if (expectedPaymentId !== undefined && current.providerPaymentId === expectedPaymentId) return undefined;
      const at = now();
      if (outcome.kind === 'unreachable') {
        return repo.updatePayment(tx, sessionId, { lastError: outcome.reason, nextAttemptAt: new Date(at.getTime() + UNREACHABLE_RETRY_MS) });
      }
      if (outcome.kind === 'paid') {
        const paid = await repo.updatePayment(tx, sessionId, {
          status: 'paid',
          providerPaymentId: outcome.paymentId,
          providerFee: outcome.fee,
          attempts: current.attempts + 1,
          lastError: null,
          nextAttemptAt: null,
          paidAt: at,
        });
        await ledger?.collected(tx, {
          sessionId,
          locationId: paid.locationId,
          currency: paid.currency,
          amount: paid.amount,
          providerFee: outcome.fee,
          providerPaymentId: outcome.paymentId,
          at,
        });
        return paid;
      }
      const attempts = current.attempts + 1;
      failedNow = attempts >= maxFailures;
      if (failedNow) await repo.setCardStatus(tx, current.driverId, 'requires_update', at);
      return repo.updatePayment(tx, sessionId, {
        status: failedNow ? 'failed' : 'pending',
        providerPaymentId: outcome.paymentId ?? current.providerPaymentId,
        attempts,
        lastError: outcome.reason,
        nextAttemptAt: failedNow ? null : retryAt(attempts),
      });
    });
    if (!recorded) return undefined;
    if (recorded.status === 'paid') deps.onPaid(sessionId);
    if (failedNow && outcome.kind === 'declined') {
      deps.forgetAccount(recorded.driverId);
      deps.background.run('driver-payments.failed-mail', () => tellDriver(recorded, outcome.reason));
    }
    return recorded;
  };

  /**
   * The provider's word on a PaymentIntent of ours (webhook payment_intent.succeeded / payment_failed, read back
   * through the SDK): applied as the attempt's outcome when that attempt is not recorded yet, e.g. its answer was lost.
   */
  const applyProviderOutcome = async (sessionId: string, paymentId: string): Promise<boolean> => {
    const payment = await repo.findPayment(db, sessionId);
    if (!payment || payment.status !== 'pending') return false;
    const outcome = await gateway.retrieve(paymentId);
    if (outcome.kind === 'unreachable') throw new Error(outcome.reason);
    return (await record(sessionId, payment.attempts, outcome, paymentId)) !== undefined;
  };

  const chargeOne = async (sessionId: string) => {
    try {
      await charge(sessionId);
    } catch (error) {
      deps.log.warn({ err: error, sessionId }, 'Session payment not charged');
      // A payment that keeps throwing must not hold the pass: it is tried again at the next one.
      await repo.updatePayment(db, sessionId, { nextAttemptAt: new Date(now().getTime() + UNREACHABLE_RETRY_MS) }).catch(() => undefined);
    }
  };

  /** Charges every due payment (the job, and at once after a card is saved): oldest first, CHARGE_CONCURRENCY at a time. */
  const chargeDue = async (): Promise<number> => {
    let charged = 0;
    for (;;) {
      const due = await repo.duePayments(db, now(), DUE_BATCH);
      let next = 0;
      const lane = async () => {
        for (let index = next++; index < due.length; index = next++) {
          await chargeOne(due[index]!);
          charged += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CHARGE_CONCURRENCY, due.length) }, lane));
      if (due.length < DUE_BATCH) return charged;
    }
  };

  return { recordPriced, charge, chargeDue, applyProviderOutcome };
};

export type SessionCharges = ReturnType<typeof createSessionCharges>;
