import { randomInt } from 'node:crypto';

/** The six-digit code drivers type to charge at a private location. */
export const newAccessCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
