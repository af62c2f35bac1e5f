import { ocpiPartners } from '../../db/schema/index.ts';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { connectTestPartner } from '../../../test/ocpi-peer.ts';
import { hashCredentialsToken, newCredentialsToken } from './transport/ocpi-token.ts';

/** Nothing listens on the discard port: calls to this "partner" fail at once, which is all access needs. */
const DEAD_PEER = 'http://127.0.0.1:9';
const UNREACHABLE = { status: 400, code: 'ROAMING_PARTNER_UNREACHABLE' };
const party = () =>
  newCredentialsToken()
    .replace(/[^A-Z0-9]/gi, '')
    .slice(0, 3)
    .toUpperCase()
    .padEnd(3, 'X');

const connected = async (ctx: ExampleContext) =>
  (await connectTestPartner(ctx.db, 'access-examples-secret-of-enough-length', { peerUrl: DEAD_PEER, partyId: party() })).id;

const suspended = async (ctx: ExampleContext) =>
  (
    await ctx.db
      .insert(ocpiPartners)
      .values({
        name: 'Suspended example',
        status: 'SUSPENDED',
        incomingTokenHash: hashCredentialsToken(newCredentialsToken()),
        incomingTokenKind: 'C',
      })
      .returning({ id: ocpiPartners.id })
  )[0]!.id;

export const accessExamples: AccessExample[] = [
  { route: 'GET /web/roaming/partners', request: () => ({}) },
  { route: 'POST /web/roaming/partners', request: () => ({ payload: { name: 'Example eMSP' } }) },
  {
    route: 'POST /web/roaming/partners/connect',
    request: () => ({ payload: { name: 'Example eMSP', versionsUrl: `${DEAD_PEER}/versions`, token: newCredentialsToken() } }),
    permitted: UNREACHABLE,
  },
  { route: 'POST /web/roaming/partners/:id/suspend', request: async (ctx) => ({ params: { id: await connected(ctx) } }) },
  { route: 'POST /web/roaming/partners/:id/resume', request: async (ctx) => ({ params: { id: await suspended(ctx) } }) },
  { route: 'POST /web/roaming/partners/:id/reregister', request: async (ctx) => ({ params: { id: await connected(ctx) } }), permitted: UNREACHABLE },
  { route: 'DELETE /web/roaming/partners/:id', request: async (ctx) => ({ params: { id: await connected(ctx) } }) },
];
