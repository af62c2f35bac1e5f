import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { parseChargerBatch } from './charger-batch.ts';

const HEADER = 'chargerId,name,kind,model,serialNumber,connectorTypes,maxPowerKw';
const LOCATION = '00000000-0000-4000-8000-000000000001';

/** Starts the work on the next turn of the event loop and counts the turns the loop takes while it runs. */
const turnsDuring = async <T>(work: () => T | Promise<T>) => {
  let done = false;
  const result = nextTurn()
    .then(work)
    .finally(() => (done = true));
  let turns = 0;
  while (!done) {
    await nextTurn();
    turns += 1;
  }
  return { result: await result, turns };
};

describe('charger batch parsing', () => {
  // A 1.8 MB file used to be parsed in one synchronous go, holding /healthz and every other user for seconds.
  it('parses a large file a slice at a time, letting the event loop turn between slices', async () => {
    const longRows = `${HEADER}\n${Array.from({ length: 1000 }, (_, i) => `WD-L-${i},"${'x'.repeat(1800)}",smart,,,,`).join('\n')}\n`;
    expect(longRows.length).toBeGreaterThan(1_800_000);
    const { result, turns } = await turnsDuring(() => parseChargerBatch(Buffer.from(longRows), LOCATION));
    expect(result).toMatchObject({
      rows: [],
      errors: expect.arrayContaining([{ row: 2, chargerId: 'WD-L-0', errors: [expect.stringMatching(/Name/)] }]),
    });
    // Counted, not timed (a busy machine stalls everything): at least one turn per 64 KiB read.
    expect(turns).toBeGreaterThan(longRows.length / 65_536);
  });

  it('stops reading a file as soon as it has more rows than allowed', async () => {
    const tooManyRows = `${HEADER}\n${'WD-BIG,Big,smart,,,,\n'.repeat(85_000)}`;
    const { result, turns } = await turnsDuring(() => parseChargerBatch(Buffer.from(tooManyRows), LOCATION));
    expect(result).toEqual({ fileError: 'At most 1000 chargers per file' });
    // Counted, not timed (a timed comparison failed on a quiet machine by 4 ms): the file is read a 16 KiB slice per
    // turn, so reading it whole takes over 100 turns; stopping at row 1,001 takes a tenth of that at most.
    expect(turns).toBeLessThan(tooManyRows.length / 16_384 / 10);
  });
});
