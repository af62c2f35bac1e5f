import type { AuthenticationMethod } from '@wattdesk/shared/schemas/auth';
import type { SsoConfig } from '@wattdesk/shared/schemas/sso';
import { withTimeout } from '../../lib/lazy-with-timeout.ts';
import { notifyError } from '../../lib/notify.tsx';

/**
 * Hands the sign-in over to the identity provider of the account (workforce or customer admins).
 * The sign-in library loads only now, so the login page stays small for password users.
 */
export const startSingleSignOn = async (method: Exclude<AuthenticationMethod, 'password'>, email: string, sso: SsoConfig | undefined) => {
  const provider = method === 'workforce-sso' ? 'workforce' : 'customer';
  const config = sso?.[provider];
  if (!config) {
    notifyError('Single sign-on is not configured on this server');
    return;
  }
  try {
    const { beginSignIn } = await withTimeout(() => import('./sso/sso-sign-in.ts'));
    await beginSignIn(provider, config, email);
  } catch {
    notifyError('The identity provider cannot be reached. Please try again later');
  }
};
