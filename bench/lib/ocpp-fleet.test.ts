import { describe, expect, it } from 'vitest';
import { speaks201 } from './ocpp-fleet.ts';

const count201 = (from: number, to: number, share: number) => {
  let count = 0;
  for (let index = from; index < to; index += 1) if (speaks201(index, share)) count += 1;
  return count;
};

describe('which chargers of a mixed fleet speak OCPP 2.0.1', () => {
  it('gives the share asked for, in the whole fleet and in each range a node or a fleet process drives', () => {
    expect(count201(0, 20_000, 0.5)).toBe(10_000);
    // Two nodes, two fleet processes each: every quarter holds its half.
    for (const start of [0, 5_000, 10_000, 15_000]) expect(count201(start, start + 5_000, 0.5)).toBe(2_500);
    expect(count201(0, 1_000, 0.25)).toBe(250);
  });

  it('leaves a 1.6J-only fleet without a 2.0.1 charger, and makes a whole 2.0.1 fleet of share 1', () => {
    expect(count201(0, 1_000, 0)).toBe(0);
    expect(count201(0, 1_000, 1)).toBe(1_000);
  });
});
