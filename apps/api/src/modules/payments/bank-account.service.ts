import { AppError, failureMessages, type BankAccount, type BankAccountStatus, type BankLinkToken, type ErrorCode } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { FieldChanges } from '../../db/schema/index.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import * as repo from './bank-account.repository.ts';
import { locationExists } from './payments.repository.ts';
import { DestinationError, type Attachment, type PayoutDestination } from './payout-destination.ts';
import type { LinkedAccount, PlaidGateway } from './plaid-gateway.ts';
import { GatewayError } from './stripe-gateway.ts';

export type BankAccountDeps = {
  db: Database;
  gateway: PlaidGateway;
  /** Seals Plaid's access token at rest (it is needed again only to remove the Item). */
  secretBox: SecretBox;
  systemEvents: Pick<SystemEvents, 'record'>;
  /** Attaches the account to the location's connected Stripe account, so payouts land in it (issue 43). */
  destination: PayoutDestination;
  now: () => Date;
};

const toBankAccount = (row: repo.BankAccountRow): BankAccount => ({
  locationId: row.locationId,
  institutionName: row.institutionName,
  accountName: row.accountName,
  mask: row.mask,
  accountType: row.accountType,
  accountSubtype: row.accountSubtype,
  sandbox: row.sandbox,
  linkedAt: row.linkedAt.toISOString(),
  linkedByEmail: row.linkedByEmail,
  payoutsFrom: row.stripeExternalAccountId ? row.stripeAccountId : null,
});

const attachmentOf = (row: repo.BankAccountRow): Attachment | null =>
  row.stripeAccountId && row.stripeExternalAccountId
    ? { stripeAccountId: row.stripeAccountId, stripeExternalAccountId: row.stripeExternalAccountId }
    : null;

/** The payout source in the activity log, only when it changes. */
const payoutsFromChange = (before: string | null, after: string | null): FieldChanges => (before === after ? {} : { payoutsFrom: { before, after } });

/** Said under a refused link: the refusal changed nothing, and where payouts go now. */
const nothingSaved = (connected: string) => `Nothing was saved: payouts of Stripe account ${connected} go where they went before`;

/** What the activity log keeps of an account: what a person recognises it by, nothing more. */
const described = (row: Pick<repo.BankAccountRow, 'institutionName' | 'mask' | 'accountSubtype'> | undefined) =>
  row ? `${row.institutionName} ${row.accountSubtype ?? 'account'} ••••${row.mask ?? '????'}` : null;

/** A location's bank account through Plaid (decision 049): link token, save, update (re-link), remove. */
export const createBankAccountService = ({ db, gateway, secretBox, systemEvents, destination, now }: BankAccountDeps) => {
  const recordProviderError = (event: string, error: GatewayError, locationId: string) =>
    systemEvents.record({
      level: error.kind === 'unreachable' ? 'error' : 'warning',
      source: 'provider',
      event,
      message: `Plaid: ${error.reason}`,
      details: { provider: 'plaid', kind: error.kind, locationId, sandbox: gateway.isSandbox },
    });

  /** Turns the provider's refusal into the spec's message with Plaid's reason under it. */
  const providerFailure = async (
    error: unknown,
    event: string,
    locationId: string,
    codes: { rejected: ErrorCode; unreachable: ErrorCode },
    message: string,
    ...more: string[]
  ) => {
    if (!(error instanceof GatewayError)) return error;
    // The destination's refusals are logged where they happen, with the provider that refused.
    if (!(error instanceof DestinationError)) await recordProviderError(event, error, locationId);
    return new AppError(codes[error.kind], { messages: [message, error.reason, ...more] });
  };

  const status = async (locationId: string): Promise<BankAccountStatus> => {
    const row = await repo.findBankAccount(db, locationId);
    return { account: row ? toBankAccount(row) : null, sandbox: gateway.isSandbox };
  };

  const linkToken = async (auth: AuthContext, locationId: string): Promise<BankLinkToken> => {
    if (!(await locationExists(db, locationId))) throw new AppError('LOCATION_NOT_FOUND');
    try {
      return { ...(await gateway.createLinkToken(auth.userId)), sandbox: gateway.isSandbox };
    } catch (error) {
      const codes = { rejected: 'BANK_LINK_UNAVAILABLE', unreachable: 'BANK_LINK_UNAVAILABLE' } as const;
      throw await providerFailure(error, 'plaid.link_token_failed', locationId, codes, failureMessages.addBankAccount);
    }
  };

  const valuesOf = (auth: AuthContext, locationId: string, linked: LinkedAccount, attachment: Attachment | null): repo.BankAccountValues => ({
    locationId,
    itemId: linked.itemId,
    accessTokenSealed: secretBox.seal(linked.accessToken),
    providerAccountId: linked.accountId,
    institutionName: linked.institutionName,
    accountName: linked.accountName,
    mask: linked.mask,
    accountType: linked.accountType,
    accountSubtype: linked.accountSubtype,
    sandbox: gateway.isSandbox,
    stripeAccountId: attachment?.stripeAccountId ?? null,
    stripeExternalAccountId: attachment?.stripeExternalAccountId ?? null,
    linkedByUserId: auth.userId,
    linkedByEmail: auth.email,
    linkedAt: now(),
  });

  /** Releases an Item at Plaid that we will not keep; a failure is only worth a line in the system log. */
  const release = async (accessToken: string, locationId: string) => {
    try {
      await gateway.remove(accessToken);
    } catch (error) {
      if (error instanceof GatewayError) await recordProviderError('plaid.item_release_failed', error, locationId);
    }
  };

  /**
   * With a connected account, a new bank account is only kept once it is that account's payout destination: a
   * refusal (Plaid's token or Stripe's attach) releases the Item and saves nothing.
   */
  const attachNew = async (locationId: string, linked: LinkedAccount, codes: { rejected: ErrorCode; unreachable: ErrorCode }, message: string) => {
    const connected = await destination.connectedAccountOf(locationId);
    if (!connected) return null;
    try {
      return await destination.attach(locationId, connected, linked);
    } catch (error) {
      await release(linked.accessToken, locationId);
      throw await providerFailure(error, 'plaid.link_failed', locationId, codes, message, nothingSaved(connected));
    }
  };

  /** A change that lost a race keeps nothing: its Item is released and its external account taken off again. */
  const undo = async (linked: LinkedAccount, attachment: Attachment | null, locationId: string) => {
    await release(linked.accessToken, locationId);
    if (attachment) await destination.detach(locationId, attachment);
  };

  const exists = (message: string) =>
    new AppError('BANK_ACCOUNT_EXISTS', { messages: [message, 'This location already has a bank account. Update it instead'] });

  const save = async (auth: AuthContext, actor: Actor, input: { locationId: string; publicToken: string; accountId?: string | undefined }) => {
    const { locationId } = input;
    if (!(await locationExists(db, locationId))) throw new AppError('LOCATION_NOT_FOUND');
    if (await repo.findBankAccount(db, locationId)) throw exists(failureMessages.saveBankAccount);
    let linked: LinkedAccount;
    try {
      linked = await gateway.link(input.publicToken, input.accountId);
    } catch (error) {
      const codes = { rejected: 'BANK_ACCOUNT_ADD_FAILED', unreachable: 'BANK_LINK_UNAVAILABLE' } as const;
      throw await providerFailure(error, 'plaid.link_failed', locationId, codes, failureMessages.addBankAccount);
    }
    const attachment = await attachNew(
      locationId,
      linked,
      { rejected: 'BANK_ACCOUNT_ADD_FAILED', unreachable: 'BANK_LINK_UNAVAILABLE' },
      failureMessages.addBankAccount,
    );
    const row = await db.transaction(async (tx) => {
      const saved = await repo.insertBankAccount(tx, valuesOf(auth, locationId, linked, attachment));
      if (!saved) return undefined;
      await recordActivity(tx, actor, {
        action: 'payouts.bank_account_save',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: {
          bankAccount: { before: null, after: described(saved) },
          ...payoutsFromChange(null, attachment?.stripeAccountId ?? null),
        },
      });
      return saved;
    });
    if (!row) {
      await undo(linked, attachment, locationId);
      throw exists(failureMessages.saveBankAccount);
    }
    return toBankAccount(row);
  };

  const existing = async (locationId: string) => {
    const row = await repo.findBankAccount(db, locationId);
    if (!row) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
    return row;
  };

  /** The sealed token of an account linked through this same provider; none for a sandbox leftover or a changed secret. */
  const accessTokenOf = (row: repo.BankAccountRow) => (row.sandbox === gateway.isSandbox ? secretBox.open(row.accessTokenSealed) : undefined);

  const update = async (auth: AuthContext, actor: Actor, input: { locationId: string; publicToken: string; accountId?: string | undefined }) => {
    const { locationId } = input;
    const before = await existing(locationId);
    let linked: LinkedAccount;
    try {
      linked = await gateway.link(input.publicToken, input.accountId);
    } catch (error) {
      const codes = { rejected: 'BANK_ACCOUNT_UPDATE_FAILED', unreachable: 'BANK_ACCOUNT_UPDATE_UNAVAILABLE' } as const;
      throw await providerFailure(error, 'plaid.link_failed', locationId, codes, failureMessages.updateBankAccount);
    }
    const attachment = await attachNew(
      locationId,
      linked,
      { rejected: 'BANK_ACCOUNT_UPDATE_FAILED', unreachable: 'BANK_ACCOUNT_UPDATE_UNAVAILABLE' },
      failureMessages.updateBankAccount,
    );
    const row = await db.transaction(async (tx) => {
      const saved = await repo.replaceBankAccount(tx, before.itemId, valuesOf(auth, locationId, linked, attachment));
      if (!saved) return undefined;
      await recordActivity(tx, actor, {
        action: 'payouts.bank_account_update',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: {
          bankAccount: { before: described(before), after: described(saved) },
          ...payoutsFromChange(attachmentOf(before)?.stripeAccountId ?? null, attachment?.stripeAccountId ?? null),
        },
      });
      return saved;
    });
    if (!row) {
      await undo(linked, attachment, locationId);
      throw new AppError('BANK_ACCOUNT_UPDATE_FAILED', {
        messages: [failureMessages.updateBankAccount, 'The bank account was changed meanwhile. Reload and try again'],
      });
    }
    const previousToken = accessTokenOf(before);
    if (previousToken) await release(previousToken, locationId);
    // The new account is the default now, so Stripe lets the former one go.
    const previous = attachmentOf(before);
    if (previous && previous.stripeExternalAccountId !== attachment?.stripeExternalAccountId) await destination.detach(locationId, previous);
    return toBankAccount(row);
  };

  const remove = async (actor: Actor, locationId: string): Promise<void> => {
    const row = await existing(locationId);
    const attached = attachmentOf(row);
    if (attached && attached.stripeAccountId === (await destination.connectedAccountOf(locationId))) {
      // Stripe keeps paying into its default bank account: removing it here would only hide where the money goes.
      throw new AppError('BANK_ACCOUNT_RECEIVES_PAYOUTS', {
        messages: [
          failureMessages.removeBankAccount,
          `Payouts of Stripe account ${attached.stripeAccountId} are paid into this bank account. Replace it with another bank account, or disconnect Stripe first`,
        ],
      });
    }
    const accessToken = accessTokenOf(row);
    if (accessToken) {
      try {
        await gateway.remove(accessToken);
      } catch (error) {
        const codes = { rejected: 'BANK_ACCOUNT_REMOVE_FAILED', unreachable: 'BANK_ACCOUNT_REMOVE_FAILED' } as const;
        throw await providerFailure(error, 'plaid.remove_failed', locationId, codes, failureMessages.removeBankAccount);
      }
    }
    await db.transaction(async (tx) => {
      if (!(await repo.deleteBankAccount(tx, locationId, row.itemId))) return;
      await recordActivity(tx, actor, {
        action: 'payouts.bank_account_remove',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: { bankAccount: { before: described(row), after: null } },
      });
    });
  };

  /**
   * A Stripe account connected after the bank account was linked: attach the bank account to it now. A refusal
   * leaves the bank account unattached (shown so on the screen, and in the system log); the connection stands.
   */
  const attachToConnected = async (actor: Actor, locationId: string, stripeAccountId: string): Promise<void> => {
    const row = await repo.findBankAccount(db, locationId);
    if (!row || attachmentOf(row)?.stripeAccountId === stripeAccountId) return;
    const accessToken = accessTokenOf(row);
    if (!accessToken) return;
    let attachment: Attachment;
    try {
      attachment = await destination.attach(locationId, stripeAccountId, { accessToken, accountId: row.providerAccountId });
    } catch (error) {
      if (error instanceof DestinationError) return;
      throw error;
    }
    const saved = await db.transaction(async (tx) => {
      const updated = await repo.setAttachment(tx, locationId, row.itemId, attachment);
      if (!updated) return undefined;
      await recordActivity(tx, actor, {
        action: 'payouts.bank_account_attach',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: { payoutsFrom: { before: row.stripeAccountId, after: stripeAccountId } },
      });
      return updated;
    });
    // The bank account was replaced meanwhile: that change attached its own account.
    if (!saved) await destination.detach(locationId, attachment);
  };

  /** The bank account payouts to this connected account land in, as the host knows it; null when none is attached. */
  const payoutBank = async (locationId: string, stripeAccountId: string): Promise<string | null> => {
    const row = await repo.findBankAccount(db, locationId);
    return row && attachmentOf(row)?.stripeAccountId === stripeAccountId ? `${row.institutionName} ••••${row.mask ?? '????'}` : null;
  };

  return { status, linkToken, save, update, remove, attachToConnected, payoutBank };
};

export type BankAccountService = ReturnType<typeof createBankAccountService>;
