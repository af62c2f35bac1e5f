import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INDEX_FILE, MAX_RECORD_LINES, decisionSummary, readRecords, renderIndex } from '../../../scripts/decisions-index.mjs';

describe('docs/decisions', () => {
  const records = readRecords();

  it('has an index that is what the records generate (run `npm run docs:decisions` after adding or retitling one)', () => {
    expect(readFileSync(INDEX_FILE, 'utf8')).toBe(renderIndex(records));
  });

  it(`keeps every record to one page (${MAX_RECORD_LINES} lines; measurement logs go to bench/results/)`, () => {
    const tooLong = records.filter((record) => record.lineCount > MAX_RECORD_LINES).map((record) => `${record.file}: ${record.lineCount} lines`);
    expect(tooLong).toEqual([]);
  });

  it('uses each number once', () => {
    const files = new Map<string, string[]>();
    for (const record of records) files.set(record.number, [...(files.get(record.number) ?? []), record.file]);
    const shared = [...files.values()].filter((names) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it('summarises a record by the first sentence of its Decision section, past a bold lead-in', () => {
    const record = [
      '# 084 — A title',
      '',
      '**Context.** Why.',
      '',
      '## Decision',
      '',
      '**Idle memory.**',
      '',
      '- PGlite starts with `shared_buffers=32MB` (e.g. less). The rest follows.',
      '',
    ].join('\n');
    expect(decisionSummary(record)).toBe('PGlite starts with `shared_buffers=32MB` (e.g. less).');
    expect(decisionSummary('# 083 — No decision section\n\nJust context.\n')).toBeUndefined();
  });
});
