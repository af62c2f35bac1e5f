import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id, lighter than for people's passwords: charger keys are long (16–40 characters, mostly
 * generated), and a whole network reconnects at once after an outage, each connection verifying one.
 */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 4096, timeCost: 2, parallelism: 1 } as const;

/** 24 random bytes as base64url: 32 characters, inside the 16–40 the OCPP security whitepaper allows. */
export const generateChargerPassword = (): string => randomBytes(24).toString('base64url');

export const hashChargerPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const verifyChargerPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
