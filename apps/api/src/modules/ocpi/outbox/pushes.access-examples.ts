import { ocpiPartners } from '../../../db/schema/index.ts';
import type { AccessExample } from '../../../../test/access-examples.ts';
import { hashCredentialsToken, newCredentialsToken } from '../transport/ocpi-token.ts';

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/roaming/partners/:id/pushes',
    request: async (ctx) => {
      const [partner] = await ctx.db
        .insert(ocpiPartners)
        .values({ name: 'Access example eMSP', incomingTokenHash: hashCredentialsToken(newCredentialsToken()) })
        .returning({ id: ocpiPartners.id });
      return { params: { id: partner!.id }, query: { state: 'pending' } };
    },
  },
];
