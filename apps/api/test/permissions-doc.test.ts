import { renderPermissionsDoc } from '@wattdesk/shared/permissions-doc';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_DOC_FILE } from '../scripts/write-permissions-doc.ts';

describe('docs/permissions.md', () => {
  it('is what the permission catalogue generates (run `npm run docs:permissions` after changing it)', () => {
    expect(readFileSync(PERMISSIONS_DOC_FILE, 'utf8')).toBe(renderPermissionsDoc());
  });
});
