/** A revenue share in basis points (1/100 of a percent): host + reseller + platform = 10,000. */
export type ShareBps = { hostBps: number; resellerBps: number; platformBps: number };
export type ShareAmounts = { host: number; reseller: number; platform: number };

export const FULL_SHARE_BPS = 10_000;

/**
 * Splits an amount in integer minor units by basis points with the largest-remainder method: each part gets
 * the floor of its exact share, and the cents left over go to the parts with the largest remainders (ties:
 * host, then reseller, then platform). The parts always add up to the amount, to the cent, with no
 * floating point. Negative amounts (refunds) split as the mirror image of the positive amount.
 */
export const splitByShare = (amount: number, share: ShareBps): ShareAmounts => {
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be a safe integer of minor units');
  if (share.hostBps + share.resellerBps + share.platformBps !== FULL_SHARE_BPS) throw new RangeError('shares must add up to 100%');
  if (amount < 0) {
    const mirror = splitByShare(-amount, share);
    return { host: -mirror.host, reseller: -mirror.reseller, platform: -mirror.platform };
  }
  const big = BigInt(amount);
  const parts = (['host', 'reseller', 'platform'] as const).map((key, order) => {
    const exact = big * BigInt(share[`${key}Bps`]);
    return { key, order, floor: exact / 10_000n, remainder: exact % 10_000n };
  });
  let left = big - parts.reduce((sum, part) => sum + part.floor, 0n);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.order - b.order : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.floor += 1n;
    left -= 1n;
  }
  const [host, reseller, platform] = parts.map((part) => Number(part.floor)) as [number, number, number];
  return { host, reseller, platform };
};

/** "12.5" (percent as typed) → 1250 basis points; undefined when it has more than two decimals or is out of 0–100. */
export const percentToBps = (value: string | number): number | undefined => {
  const text = String(value).trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps <= FULL_SHARE_BPS ? bps : undefined;
};

/** 1250 → "12.50". */
export const bpsToPercent = (bps: number): string => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
