import { AppError } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as repo from './mfa.repository.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, normalizeRecoveryCode, totpSetup, verifyTotp, type TotpSetup } from './totp.ts';

export type MfaServiceDeps = { db: Database; secretBox: SecretBox; now: () => Date };

export type SecondFactor = 'totp' | 'recovery-code';

/** A recovery code is 10 letters and digits; a TOTP code is 6 digits. */
const looksLikeRecoveryCode = (code: string) => normalizeRecoveryCode(code).length === 10;

/**
 * The authenticator-app second factor of local accounts: set-up (pending until a code confirms it), the
 * check at sign-in (each code once), recovery codes, and turning it off. Audit rows are the caller's,
 * in the caller's transaction.
 */
export const createMfaService = ({ db, secretBox, now }: MfaServiceDeps) => {
  const openSecret = (sealed: string | null): string => {
    const secret = sealed ? secretBox.open(sealed) : undefined;
    // A secret sealed with another JWT_SECRET cannot be read: the set-up has to be done again.
    if (!secret) throw new AppError('MFA_SETUP_MISSING');
    return secret;
  };

  const isEnabled = async (executor: Executor, userId: string): Promise<boolean> => Boolean((await repo.findTotp(executor, userId))?.enabledAt);

  const status = async (userId: string) => {
    const row = await repo.findTotp(db, userId);
    const enabled = Boolean(row?.enabledAt);
    return {
      enabled,
      enabledAt: row?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabled ? await repo.unusedRecoveryCodeCount(db, userId) : 0,
    };
  };

  /** A new pending secret; the enabled one (if any) stays until a code from the new app confirms the switch. */
  const beginSetup = async (executor: Executor, userId: string, accountName: string): Promise<TotpSetup> => {
    if (await isEnabled(executor, userId)) throw new AppError('MFA_ALREADY_ENABLED');
    const secret = newTotpSecret();
    await repo.savePendingSecret(executor, userId, secretBox.seal(secret));
    return totpSetup(secret, accountName);
  };

  /** A code from the app confirms the pending secret; answers the ten recovery codes, shown once. */
  const confirmSetup = async (tx: Executor, userId: string, code: string): Promise<string[]> => {
    const row = await repo.findTotpForUpdate(tx, userId);
    if (row?.enabledAt) throw new AppError('MFA_ALREADY_ENABLED');
    if (!row?.pendingSecret) throw new AppError('MFA_SETUP_MISSING');
    const secret = openSecret(row.pendingSecret);
    const step = await verifyTotp(secret, code, now(), null);
    if (step === undefined) throw new AppError('MFA_CODE_INVALID');
    await repo.enableTotp(tx, userId, row.pendingSecret, step, now());
    return issueRecoveryCodes(tx, userId);
  };

  const issueRecoveryCodes = async (tx: Executor, userId: string): Promise<string[]> => {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
    return codes;
  };

  /** Checks a code from the app or a recovery code and spends it; undefined when it does not open the account. */
  const verifySecondFactor = async (tx: Executor, userId: string, code: string): Promise<SecondFactor | undefined> => {
    const row = await repo.findTotpForUpdate(tx, userId);
    if (!row?.enabledAt || !row.secret) return undefined;
    if (looksLikeRecoveryCode(code)) return (await repo.spendRecoveryCode(tx, userId, hashRecoveryCode(code), now())) ? 'recovery-code' : undefined;
    const step = await verifyTotp(openSecret(row.secret), code.trim(), now(), row.lastTimeStep);
    if (step === undefined) return undefined;
    await repo.saveLastTimeStep(tx, userId, step);
    return 'totp';
  };

  const disable = (tx: Executor, userId: string) => repo.deleteMfa(tx, userId);

  return { isEnabled, status, beginSetup, confirmSetup, issueRecoveryCodes, verifySecondFactor, disable };
};

export type MfaService = ReturnType<typeof createMfaService>;
