import type { AccessExample } from '../../../test/access-examples.ts';

export const accessExamples: AccessExample[] = [
  { route: 'GET /web/system-logs', request: () => ({ query: { level: 'error' } }) },
  { route: 'GET /web/system-logs/export', request: () => ({ query: { source: 'mail' } }) },
];
