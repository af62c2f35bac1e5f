import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum: 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id; a const enum cannot be imported under isolatedModules
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/**
 * Whether a stored hash was made with weaker settings than today's (another algorithm, less memory, fewer
 * iterations or lanes): such a hash is replaced at the next successful sign-in, the only moment the
 * password is known. Reads the PHC string, e.g. `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`.
 */
export const needsRehash = (passwordHash: string): boolean => {
  const [, algorithm, version, params] = passwordHash.split('$');
  if (algorithm !== 'argon2id' || version !== 'v=19' || !params) return true;
  const settings = new Map(params.split(',').map((pair) => [pair.slice(0, 1), Number(pair.slice(2))] as const));
  // `!(a >= b)` rather than `a < b`: a malformed (NaN) setting counts as weak too.
  const isWeak = (key: string, current: number) => !((settings.get(key) ?? 0) >= current);
  return isWeak('m', OPTIONS.memoryCost) || isWeak('t', OPTIONS.timeCost) || isWeak('p', OPTIONS.parallelism);
};

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/**
 * A hash of a random password, verified against when the account does not exist,
 * so a failed sign-in takes the same time whether or not the e-mail is known.
 */
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
};
