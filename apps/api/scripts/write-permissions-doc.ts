import { renderPermissionsDoc } from '@wattdesk/shared/permissions-doc';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** docs/permissions.md of the repository; test/permissions-doc.test.ts fails when it is out of date. */
export const PERMISSIONS_DOC_FILE = path.resolve(import.meta.dirname, '../../../docs/permissions.md');

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(PERMISSIONS_DOC_FILE, renderPermissionsDoc());
  console.log(`wrote ${path.relative(process.cwd(), PERMISSIONS_DOC_FILE)}`);
}
