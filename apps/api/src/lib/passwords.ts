import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum: 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id; a const enum cannot be imported under isolatedModules
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

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
