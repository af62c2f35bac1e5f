import type { AccessExample } from '../../test/access-examples.ts';

export const accessExamples: AccessExample[] = [{ route: 'GET /web/app-config', request: () => ({}) }];
