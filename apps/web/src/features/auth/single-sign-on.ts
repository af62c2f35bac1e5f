import type { AuthenticationMethod } from '@wattdesk/shared/schemas/auth';
import type { SsoConfig } from '@wattdesk/shared/schemas/sso';
import { withTimeout } from '../../lib/lazy-with-timeout.ts';
import { notifyError } from '../../lib/notify.tsx';
import type { LoginT } from './login-text.ts';

/**
 * Hands the sign-in over to the identity provider of the account (workforce or customer admins).
 * The sign-in library loads only now, so the login page stays small for password users.
 */
export const startSingleSignOn = async (method: Exclude<AuthenticationMethod, 'password'>, email: string, sso: SsoConfig | undefined, t: LoginT) => {
  const provider = method === 'workforce-sso' ? 'workforce' : 'customer';
  const config = sso?.[provider];
  if (!config) {
    notifyError(t('sso.notConfigured'));
    return;
  }
  try {
    const { beginSignIn } = await withTimeout(() => import('./sso/sso-sign-in.ts'));
    await beginSignIn(provider, config, email);
  } catch {
    notifyError(t('sso.unreachable'));
  }
};
