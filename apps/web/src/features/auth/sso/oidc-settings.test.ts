import { describe, expect, it } from 'vitest';
import { createUserManager, userManagerSettings } from './oidc-settings.ts';

const config = { issuer: 'https://login.example.com/oauth2/default', clientId: 'wattdesk', scope: 'openid email', isDevelopmentProvider: false };
const epochSeconds = () => Math.floor(Date.now() / 1000);

describe('sign-in library settings (spec section 9)', () => {
  it('carries the spec’s timing: 30 s early expiry, 120000 ms popup timeout, 1800000 ms transaction lifetime', () => {
    const settings = createUserManager('workforce', config).settings;
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(30);
    expect((settings.popupWindowFeatures.closePopupWindowAfterInSeconds ?? 0) * 1000).toBe(120_000);
    expect(settings.staleStateAgeInSeconds * 1000).toBe(1_800_000);
  });

  it('uses the code flow with PKCE and a callback of the route', () => {
    const settings = createUserManager('customer', config).settings;
    expect(settings).toMatchObject({
      response_type: 'code',
      disablePKCE: false,
      redirect_uri: `${window.location.origin}/login/customers/callback`,
      loadUserInfo: false,
    });
    expect(userManagerSettings('workforce', config, 'https://wattdesk.example').redirect_uri).toBe('https://wattdesk.example/login/callback');
  });

  it('forgets sign-in transactions older than 1800 s, and only those, in this tab’s storage for this provider', async () => {
    const store = (id: string, ageSeconds: number, provider = 'workforce') =>
      sessionStorage.setItem(`wattdesk.oidc.${provider}.${id}`, JSON.stringify({ id, created: epochSeconds() - ageSeconds, request_type: 'si:r' }));
    store('old', 1801);
    store('young', 1700);
    store('other-provider', 1801, 'customer');
    await createUserManager('workforce', config).clearStaleState();
    expect(sessionStorage.getItem('wattdesk.oidc.workforce.old')).toBeNull();
    expect(sessionStorage.getItem('wattdesk.oidc.workforce.young')).not.toBeNull();
    expect(sessionStorage.getItem('wattdesk.oidc.customer.other-provider')).not.toBeNull();
    sessionStorage.clear();
  });
});
