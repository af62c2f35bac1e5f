import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets at rest (AES-256-GCM) with a key derived from JWT_SECRET and a purpose, so a copy
 * of the database alone does not reveal them. Every API node that shares JWT_SECRET can read them.
 */
export const createSecretBox = (secret: string, purpose: string) => {
  const key = createHmac('sha256', secret).update(`wattdesk:secret-box:${purpose}`).digest();

  const seal = (plain: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  };

  /** Undefined when the value was sealed with another key or altered. */
  const open = (sealed: string): string | undefined => {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !body || !tag) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  };

  return { seal, open };
};

export type SecretBox = ReturnType<typeof createSecretBox>;
