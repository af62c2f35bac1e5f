import { describe, expect, it } from 'vitest';
import { hashChargerPassword, verifyChargerPassword } from './charger-password.ts';
import { createVerifiedCredentials } from './verified-credentials.ts';

/** The real argon2id check, counted: how many handshakes paid for it. */
const countedArgon2 = () => {
  const counter = { calls: 0 };
  const verify = async (storedHash: string, password: string) => {
    counter.calls += 1;
    return verifyChargerPassword(storedHash, password);
  };
  return { counter, verify };
};

describe('verified charger credentials', () => {
  it('runs argon2 once per charger and password: a reconnect is answered from memory', async () => {
    const hash = await hashChargerPassword('right-password-0123456789');
    const { counter, verify } = countedArgon2();
    const credentials = createVerifiedCredentials(verify);
    expect(await credentials.verify('CP-1', hash, 'right-password-0123456789')).toBe(true);
    expect(await credentials.verify('CP-1', hash, 'right-password-0123456789')).toBe(true);
    expect(await credentials.verify('CP-1', hash, 'right-password-0123456789')).toBe(true);
    expect(counter.calls).toBe(1);
    expect(credentials.stats()).toMatchObject({ size: 1, hits: 2, misses: 1 });
  });

  it('refuses a wrong password every time, each through argon2, and keeps accepting the right one', async () => {
    const hash = await hashChargerPassword('right-password-0123456789');
    const { counter, verify } = countedArgon2();
    const credentials = createVerifiedCredentials(verify);
    expect(await credentials.verify('CP-1', hash, 'right-password-0123456789')).toBe(true);
    expect(await credentials.verify('CP-1', hash, 'wrong-password-0123456789')).toBe(false);
    expect(await credentials.verify('CP-1', hash, 'wrong-password-0123456789')).toBe(false);
    expect(counter.calls).toBe(3);
    expect(await credentials.verify('CP-1', hash, 'right-password-0123456789')).toBe(true);
    expect(counter.calls).toBe(3);
  });

  it('forgets the old password as soon as the stored hash changes (a reset), on any node', async () => {
    const before = await hashChargerPassword('old-password-0123456789');
    const after = await hashChargerPassword('new-password-0123456789');
    const credentials = createVerifiedCredentials(verifyChargerPassword);
    expect(await credentials.verify('CP-1', before, 'old-password-0123456789')).toBe(true);
    expect(await credentials.verify('CP-1', after, 'old-password-0123456789')).toBe(false);
    expect(await credentials.verify('CP-1', after, 'new-password-0123456789')).toBe(true);
  });

  it("does not let one charger's remembered password open another charger", async () => {
    const hash = await hashChargerPassword('shared-password-0123456789');
    const other = await hashChargerPassword('other-password-0123456789');
    const credentials = createVerifiedCredentials(verifyChargerPassword);
    expect(await credentials.verify('CP-1', hash, 'shared-password-0123456789')).toBe(true);
    expect(await credentials.verify('CP-2', other, 'shared-password-0123456789')).toBe(false);
  });

  it('holds at most its limit of chargers, dropping the oldest', async () => {
    const hash = await hashChargerPassword('right-password-0123456789');
    const { counter, verify } = countedArgon2();
    const credentials = createVerifiedCredentials(verify, 2);
    for (const code of ['CP-1', 'CP-2', 'CP-3']) await credentials.verify(code, hash, 'right-password-0123456789');
    expect(credentials.stats().size).toBe(2);
    await credentials.verify('CP-1', hash, 'right-password-0123456789');
    expect(counter.calls).toBe(4);
  });
});
