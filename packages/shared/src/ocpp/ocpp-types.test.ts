import { describe, expect, it } from 'vitest';
import { staleFiles } from '../../scripts/generate-ocpp-types.mjs';

describe('OCPP types generated from the official schemas', () => {
  // Generating both protocols takes about 1.5 s of CPU; the limit leaves room for a loaded machine.
  it('are committed exactly as the generator writes them (run `npm run generate:ocpp -w packages/shared`)', { timeout: 30_000 }, async () => {
    expect(await staleFiles()).toEqual([]);
  });
});
