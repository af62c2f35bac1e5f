import {
  AppError,
  failureMessages,
  type DriverPaymentMethod,
  type LocationPaymentRule,
  type LocationPaymentRuleBody,
  type LocationSessionPaymentsQuery,
  type Paged,
  type SessionPayment,
  type SessionPaymentListQuery,
  type StartCardSetupResponse,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import * as repo from './driver-payments.repository.ts';
import { GatewayError, type DriverPaymentGateway } from './payment-gateway.ts';
import type { PaymentLedger } from '../../lib/payment-ledger.ts';
import type { SessionCharges } from './session-charges.ts';

export type DriverPaymentsDeps = {
  db: Database;
  now: () => Date;
  gateway: DriverPaymentGateway;
  charges: SessionCharges;
  ledger: PaymentLedger | null;
  publicUrl: string;
  /** The drivers module: reading a driver checks the caller may reach its location. */
  drivers: {
    get: (auth: AuthContext, driverId: string) => Promise<{ id: string; locationId: string }>;
    forgetAccount: (accountId: string) => void;
    forgetLocation: (locationId: string) => void;
  };
  /** Charges now, after the answer: the account's payments a new card made due. */
  chargeSoon: () => void;
};

const cardLabel = (row: { brand: string | null; last4: string | null } | undefined) => (row?.last4 ? `${row.brand} •••• ${row.last4}` : null);

const toPayment = (row: repo.ListedPayment): SessionPayment => ({
  sessionId: row.payment.sessionId,
  locationId: row.payment.locationId,
  locationName: row.locationName,
  timeZone: row.timeZone,
  driverId: row.payment.driverId,
  driverName: [row.firstName, row.lastName].filter(Boolean).join(' '),
  amountMinor: row.payment.amount,
  currency: row.payment.currency,
  status: row.payment.status,
  providerPaymentId: row.payment.providerPaymentId,
  providerFeeMinor: row.payment.providerFee,
  refundedMinor: row.payment.refunded,
  attempts: row.payment.attempts,
  lastError: row.payment.lastError,
  nextAttemptAt: row.payment.nextAttemptAt?.toISOString() ?? null,
  paidAt: row.payment.paidAt?.toISOString() ?? null,
  createdAt: row.payment.createdAt.toISOString(),
});

/**
 * Drivers' cards on file and their sessions' payments (issue 43, decision 083). The card is typed on the provider's
 * page (Checkout in setup mode), never ours; a sub-user's sessions are charged to its main user's card, so every card
 * action on a sub-user acts on its main user's.
 */
export const createDriverPaymentsService = (deps: DriverPaymentsDeps) => {
  const { db, now, gateway, charges } = deps;

  const accountOf = async (auth: AuthContext, driverId: string) => {
    await deps.drivers.get(auth, driverId);
    const account = await repo.findDriverAccount(db, driverId);
    if (!account) throw new AppError('DRIVER_NOT_FOUND');
    return account;
  };

  const methodOf = async (driverId: string, accountId: string): Promise<DriverPaymentMethod> => {
    const card = await repo.findCard(db, accountId);
    return {
      driverId,
      accountDriverId: accountId,
      card:
        card?.providerPaymentMethodId && card.brand && card.last4 && card.expMonth && card.expYear
          ? {
              brand: card.brand as NonNullable<DriverPaymentMethod['card']>['brand'],
              last4: card.last4,
              expMonth: card.expMonth,
              expYear: card.expYear,
              status: card.status,
              updatedAt: card.updatedAt.toISOString(),
            }
          : null,
      hasFailedPayment: await repo.hasFailedPayment(db, accountId),
      sandbox: gateway.isSandbox,
    };
  };

  const providerFailure = (error: unknown): never => {
    if (!(error instanceof GatewayError)) throw error;
    throw new AppError(error.kind === 'unreachable' ? 'PAYMENT_INFO_UNAVAILABLE' : 'PAYMENT_INFO_FAILED', {
      messages: [failureMessages.updatePaymentInfo, error.reason],
    });
  };

  const paymentMethod = async (auth: AuthContext, driverId: string) => methodOf(driverId, (await accountOf(auth, driverId)).accountId);

  /** The provider's card page for the account's customer, made on first use (and again if the provider forgot it). */
  const startSetup = async (auth: AuthContext, driverId: string): Promise<StartCardSetupResponse> => {
    const { accountId } = await accountOf(auth, driverId);
    const back = `${deps.publicUrl}/dashboard/drivers?driver=${driverId}`;
    const successUrl = `${back}&card_session={CHECKOUT_SESSION_ID}`;
    const cancelUrl = `${back}&card=cancelled`;
    try {
      let card = await repo.findCard(db, accountId);
      if (!card) {
        const person = await repo.findPerson(db, accountId);
        const customerId = await gateway.createCustomer(
          accountId,
          person?.email ?? '',
          [person?.firstName, person?.lastName].filter(Boolean).join(' '),
        );
        card = await repo.saveCustomer(db, accountId, customerId);
      }
      try {
        return { url: await gateway.startCardSetup(card.providerCustomerId, successUrl, cancelUrl), sandbox: gateway.isSandbox };
      } catch (error) {
        if (!(error instanceof GatewayError) || !/no such customer/i.test(error.reason)) throw error;
        const person = await repo.findPerson(db, accountId);
        const customerId = await gateway.createCustomer(`${accountId}_${now().getTime()}`, person?.email ?? '', person?.firstName ?? '');
        await repo.replaceCustomer(db, accountId, customerId);
        return { url: await gateway.startCardSetup(customerId, successUrl, cancelUrl), sandbox: gateway.isSandbox };
      }
    } catch (error) {
      return providerFailure(error);
    }
  };

  /** The browser is back from the card page: read the card the provider saved; its failed and waiting payments are due at once. */
  const completeSetup = async (
    auth: AuthContext,
    actor: Actor,
    driverId: string,
    sessionId: string,
  ): Promise<{ msg: string; paymentMethod: DriverPaymentMethod }> => {
    const account = await accountOf(auth, driverId);
    const existing = await repo.findCard(db, account.accountId);
    if (!existing) throw new AppError('PAYMENT_INFO_FAILED', { messages: [failureMessages.updatePaymentInfo, 'Start again with Add card'] });
    const saved = await gateway.finishCardSetup(existing.providerCustomerId, sessionId).catch(providerFailure);
    const reopened = await db.transaction(async (tx) => {
      const before = await repo.findCard(tx, account.accountId, true);
      const after = await repo.saveCard(tx, account.accountId, saved, now());
      if (before?.providerPaymentMethodId !== saved.paymentMethodId)
        await recordActivity(tx, actor, {
          action: 'driver_payments.card_update',
          entity: 'driver',
          entityId: account.accountId,
          locationId: account.locationId,
          changes: { card: { before: cardLabel(before), after: cardLabel(after) } },
        });
      return repo.reopenPayments(tx, account.accountId, now());
    });
    deps.drivers.forgetAccount(account.accountId);
    if (reopened.length) deps.chargeSoon();
    return { msg: 'Card on file saved', paymentMethod: await methodOf(driverId, account.accountId) };
  };

  const removeCard = async (auth: AuthContext, actor: Actor, driverId: string): Promise<{ msg: string; paymentMethod: DriverPaymentMethod }> => {
    const account = await accountOf(auth, driverId);
    await db.transaction(async (tx) => {
      const before = await repo.findCard(tx, account.accountId, true);
      if (!before?.providerPaymentMethodId) throw new AppError('DRIVER_CARD_NOT_ON_FILE');
      await repo.clearCard(tx, account.accountId, now());
      await repo.parkPayments(tx, account.accountId, now());
      await recordActivity(tx, actor, {
        action: 'driver_payments.card_remove',
        entity: 'driver',
        entityId: account.accountId,
        locationId: account.locationId,
        changes: { card: { before: cardLabel(before), after: null } },
      });
    });
    deps.drivers.forgetAccount(account.accountId);
    return { msg: 'Card on file removed', paymentMethod: await methodOf(driverId, account.accountId) };
  };

  const page = (rows: { items: repo.ListedPayment[]; total: number }, query: { page: number; pageSize: number }): Paged<SessionPayment> => ({
    items: rows.items.map(toPayment),
    total: rows.total,
    page: query.page,
    pageSize: query.pageSize,
  });

  const driverPayments = async (auth: AuthContext, driverId: string, query: SessionPaymentListQuery) => {
    const { accountId } = await accountOf(auth, driverId);
    return page(await repo.listPayments(db, { accountId, statuses: query.status ? [query.status] : undefined }, query.page, query.pageSize), query);
  };

  /** A location's sessions not paid yet (pending and failed) unless a status is asked for. */
  const locationPayments = async (query: LocationSessionPaymentsQuery) =>
    page(
      await repo.listPayments(
        db,
        { locationId: query.locationId, statuses: query.status ? [query.status] : ['pending', 'failed'] },
        query.page,
        query.pageSize,
      ),
      query,
    );

  const sessionPayment = async (auth: AuthContext, sessionId: string): Promise<{ payment: SessionPayment | null }> => {
    const locationId = await repo.findSessionLocation(db, sessionId);
    if (!locationId) throw new AppError('SESSION_NOT_FOUND');
    assertLocationAccess(auth, locationId);
    const row = await repo.findListedPayment(db, sessionId);
    return { payment: row ? toPayment(row) : null };
  };

  const rule = async (locationId: string): Promise<LocationPaymentRule> => {
    if (!(await repo.locationExists(db, locationId))) throw new AppError('LOCATION_NOT_FOUND');
    return { locationId, unpaidSessionRule: await repo.findRule(db, locationId) };
  };

  const setRule = async (actor: Actor, body: LocationPaymentRuleBody): Promise<LocationPaymentRule> => {
    const before = await rule(body.locationId);
    await db.transaction(async (tx) => {
      await repo.saveRule(tx, body.locationId, body.unpaidSessionRule);
      await recordActivity(tx, actor, {
        action: 'driver_payments.rule_update',
        entity: 'location',
        entityId: body.locationId,
        locationId: body.locationId,
        changes: { unpaidSessionRule: { before: before.unpaidSessionRule, after: body.unpaidSessionRule } },
      });
    });
    deps.drivers.forgetLocation(body.locationId);
    return { locationId: body.locationId, unpaidSessionRule: body.unpaidSessionRule };
  };

  return { paymentMethod, startSetup, completeSetup, removeCard, driverPayments, locationPayments, sessionPayment, rule, setRule, charges };
};

export type DriverPaymentsService = ReturnType<typeof createDriverPaymentsService>;
