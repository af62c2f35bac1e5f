import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from './import-graph.ts';

const repository = path.resolve(import.meta.dirname, '../../..');

describe('import cycles', () => {
  it.each(['packages/shared/src', 'apps/web/src', 'apps/api/src', 'packages/simulator/src'])('%s has none', (tree) => {
    expect(importCycles(path.join(repository, tree))).toEqual([]);
  });

  it('finds a value cycle and lets a type-only one be', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'wattdesk-cycles-'));
    mkdirSync(path.join(root, 'schemas'));
    writeFileSync(path.join(root, 'schemas/chargers.ts'), "import { sessionSchema } from './sessions.ts';\nexport const a = sessionSchema;\n");
    writeFileSync(path.join(root, 'schemas/sessions.ts'), "import { a } from './chargers';\nexport const sessionSchema = a;\n");
    writeFileSync(path.join(root, 'left.ts'), "import { type Right } from './right.ts';\nexport type Left = Right;\n");
    writeFileSync(path.join(root, 'right.ts'), "import type { Left } from './left.ts';\nexport type Right = Left;\n");
    expect(importCycles(root)).toEqual([['schemas/chargers.ts', 'schemas/sessions.ts', 'schemas/chargers.ts']]);
  });
});
