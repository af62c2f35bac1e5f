import { randomBytes } from 'node:crypto';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { agreements } from '../../db/schema/index.ts';

/** An agreement at the location, made in the database; `signed` ones carry a (tiny) signed copy. */
const makeAgreement = async (ctx: ExampleContext, locationId: string, signed: boolean): Promise<string> => {
  const [row] = await ctx.db
    .insert(agreements)
    .values({
      tokenId: randomBytes(16).toString('hex'),
      locationId,
      accountName: 'Example Account',
      propertyName: 'Example Property',
      street: '1 Example Way',
      city: 'Oakland',
      state: 'CA',
      zip: '94607',
      signerName: 'Sam Signer',
      signerEmail: 'sam.signer@example.com',
      status: signed ? 'signed' : 'sent',
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      ...(signed ? { signedAt: new Date(), signedPdf: Buffer.from('%PDF-1.7\n%%EOF\n'), signedPdfSha256: 'example' } : {}),
    })
    .returning({ id: agreements.id });
  return row!.id;
};

const newAgreement = (locationId: string) => ({
  locationId,
  accountName: 'Example Account',
  signerName: 'Sam Signer',
  signerEmail: 'sam.signer@example.com',
  expiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
});

export const accessExamples: AccessExample[] = [
  // The signing page's calls are public: they are reached with the agreement's own token.
  { route: 'GET /web/terms-and-conditions', request: () => ({ query: { tokenId: 'demo-agreement' } }) },
  { route: 'GET /web/terms-and-conditions/document', request: () => ({ query: { tokenId: 'demo-agreement' } }) },
  { route: 'POST /web/terms-and-conditions', request: () => ({ payload: { tokenId: 'no-such-agreement' } }) },
  {
    route: 'GET /web/agreements',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/agreements',
    request: (ctx) => ({ payload: newAgreement(ctx.insideLocation) }),
    outside: (ctx) => ({ payload: newAgreement(ctx.outsideLocation) }),
  },
  {
    route: 'POST /web/agreements/:agreementId/resend',
    request: async (ctx) => ({ params: { agreementId: await makeAgreement(ctx, ctx.insideLocation, false) }, payload: {} }),
    outside: async (ctx) => ({ params: { agreementId: await makeAgreement(ctx, ctx.outsideLocation, false) }, payload: {} }),
  },
  {
    route: 'GET /web/agreements/:agreementId/signed-pdf',
    request: async (ctx) => ({ params: { agreementId: await makeAgreement(ctx, ctx.insideLocation, true) } }),
    outside: async (ctx) => ({ params: { agreementId: await makeAgreement(ctx, ctx.outsideLocation, true) } }),
  },
];
