import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { hashToken } from '../../lib/tokens.ts';

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s steps. */
const ISSUER = 'Wattdesk';
/** One step either side: a phone clock a little off, or a code typed as it turned. */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export type TotpSetup = { secret: string; otpauthUrl: string; qrCode: string };

/** What the authenticator app needs: the otpauth URL, as a QR code (an SVG data URL, fine under the CSP) and as text. */
export const totpSetup = async (secret: string, accountName: string): Promise<TotpSetup> => {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: accountName, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
};

/**
 * The time step of a valid code, or undefined. Steps at or before `afterTimeStep` are refused, so a code
 * that was accepted once (or an older one) cannot be used again.
 */
export const verifyTotp = async (secret: string, code: string, now: Date, afterTimeStep: number | null): Promise<number | undefined> => {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  // The TOTP strategy always names the time step it matched (an HOTP result would not).
  if (!result.valid || !('timeStep' in result)) return undefined;
  return afterTimeStep !== null && result.timeStep <= afterTimeStep ? undefined : result.timeStep;
};

export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of ten characters (xxxxx-xxxxx) from an alphabet without look-alikes. */
export const newRecoveryCodes = (): string[] => {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
};

/** Codes are compared as typed without spaces, dashes or case. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

export const hashRecoveryCode = (code: string): string => hashToken(`recovery:${normalizeRecoveryCode(code)}`);
