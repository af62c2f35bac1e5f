import { AppError, failureMessages, type BankAccount, type BankAccountStatus, type BankLinkToken, type ErrorCode } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import * as repo from './bank-account.repository.ts';
import { locationExists } from './payments.repository.ts';
import type { LinkedAccount, PlaidGateway } from './plaid-gateway.ts';
import { GatewayError } from './stripe-gateway.ts';

export type BankAccountDeps = {
  db: Database;
  gateway: PlaidGateway;
  /** Seals Plaid's access token at rest (it is needed again only to remove the Item). */
  secretBox: SecretBox;
  systemEvents: Pick<SystemEvents, 'record'>;
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
});

/** What the activity log keeps of an account: what a person recognises it by, nothing more. */
const described = (row: Pick<repo.BankAccountRow, 'institutionName' | 'mask' | 'accountSubtype'> | undefined) =>
  row ? `${row.institutionName} ${row.accountSubtype ?? 'account'} ••••${row.mask ?? '????'}` : null;

/** A location's bank account through Plaid (decision 049): link token, save, update (re-link), remove. */
export const createBankAccountService = ({ db, gateway, secretBox, systemEvents, now }: BankAccountDeps) => {
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
  ) => {
    if (!(error instanceof GatewayError)) return error;
    await recordProviderError(event, error, locationId);
    return new AppError(codes[error.kind], { messages: [message, error.reason] });
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

  const valuesOf = (auth: AuthContext, locationId: string, linked: LinkedAccount): repo.BankAccountValues => ({
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
    const row = await db.transaction(async (tx) => {
      const saved = await repo.insertBankAccount(tx, valuesOf(auth, locationId, linked));
      if (!saved) return undefined;
      await recordActivity(tx, actor, {
        action: 'payouts.bank_account_save',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: { bankAccount: { before: null, after: described(saved) } },
      });
      return saved;
    });
    if (!row) {
      await release(linked.accessToken, locationId);
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
    const row = await db.transaction(async (tx) => {
      const saved = await repo.replaceBankAccount(tx, before.itemId, valuesOf(auth, locationId, linked));
      if (!saved) return undefined;
      await recordActivity(tx, actor, {
        action: 'payouts.bank_account_update',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: { bankAccount: { before: described(before), after: described(saved) } },
      });
      return saved;
    });
    if (!row) {
      await release(linked.accessToken, locationId);
      throw new AppError('BANK_ACCOUNT_UPDATE_FAILED', {
        messages: [failureMessages.updateBankAccount, 'The bank account was changed meanwhile. Reload and try again'],
      });
    }
    const previousToken = accessTokenOf(before);
    if (previousToken) await release(previousToken, locationId);
    return toBankAccount(row);
  };

  const remove = async (actor: Actor, locationId: string): Promise<void> => {
    const row = await existing(locationId);
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

  return { status, linkToken, save, update, remove };
};

export type BankAccountService = ReturnType<typeof createBankAccountService>;
