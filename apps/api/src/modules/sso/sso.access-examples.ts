import type { AccessExample } from '../../../test/access-examples.ts';

/**
 * The exchanges are public: they take a provider's token instead of ours. A body without a token
 * answers 400, which shows the route is reachable; the token checks have their own tests (sso.*.test.ts).
 */
export const accessExamples: AccessExample[] = [
  { route: 'POST /web/tokens-exchange/workforce-tokens', request: () => ({ payload: {} }) },
  { route: 'POST /web/tokens-exchange/okta-customer-admins-tokens', request: () => ({ payload: {} }) },
];
