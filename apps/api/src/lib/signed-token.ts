import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A small signed, expiring token: base64url(JSON payload) + "." + HMAC-SHA256. Stateless, so any API
 * node that shares the secret can check one another node issued. `purpose` keeps the kinds apart.
 */
export const createTokenSigner = (secret: string, purpose: string) => {
  const key = createHmac('sha256', secret).update(`wattdesk:${purpose}`).digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  const sign = <T extends object>(payload: T, expiresAt: Date): string => {
    const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt.getTime(), n: randomBytes(9).toString('base64url') })).toString('base64url');
    return `${body}.${mac(body)}`;
  };

  /** The payload when the signature is ours and the token has not expired; otherwise undefined. */
  const verify = <T extends object>(token: string, now: Date): T | undefined => {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(mac(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp?: unknown };
      return typeof payload.exp === 'number' && payload.exp > now.getTime() ? payload : undefined;
    } catch {
      return undefined;
    }
  };

  return { sign, verify };
};
