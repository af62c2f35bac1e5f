import { grantableTypes, type UserType } from '@wattdesk/shared';
import { randomUUID } from 'node:crypto';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';

/** A type the caller may grant (managers), or any administrator type (the call is refused before it matters). */
const grantable = (ctx: ExampleContext): UserType => grantableTypes(ctx.user.type)[0] ?? 'ReadonlyAdmin';

/** An administrator within the caller's reach: a grantable type on the caller's own location. */
const target = (ctx: ExampleContext, status: 'ACTIVE' | 'PENDING' | 'INACTIVE') =>
  ctx.createUser({ userType: grantable(ctx), status, withPassword: status !== 'PENDING', locationIds: [ctx.insideLocation] });

const invitation = (ctx: ExampleContext, locationId: string) => ({
  email: `invitee-${randomUUID()}@example.com`,
  firstName: 'Matrix',
  lastName: 'Invitee',
  userType: grantable(ctx),
  locationIds: [locationId],
});

export const accessExamples: AccessExample[] = [
  { route: 'GET /web/admins', request: () => ({ query: { search: 'example', sort: '-createdAt' } }) },
  {
    route: 'POST /web/admins/invite',
    request: (ctx) => ({ payload: invitation(ctx, ctx.insideLocation) }),
    outside: (ctx) => ({ payload: invitation(ctx, ctx.outsideLocation) }),
  },
  {
    route: 'PATCH /web/admins/:userId',
    request: async (ctx) => ({ params: { userId: await target(ctx, 'ACTIVE') }, payload: { locationIds: [ctx.insideLocation] } }),
    outside: async (ctx) => ({ params: { userId: await target(ctx, 'ACTIVE') }, payload: { locationIds: [ctx.outsideLocation] } }),
  },
  { route: 'POST /web/admins/:userId/deactivate', request: async (ctx) => ({ params: { userId: await target(ctx, 'ACTIVE') } }) },
  { route: 'POST /web/admins/:userId/reactivate', request: async (ctx) => ({ params: { userId: await target(ctx, 'INACTIVE') } }) },
  { route: 'POST /web/admins/:userId/end-sessions', request: async (ctx) => ({ params: { userId: await target(ctx, 'ACTIVE') } }) },
  { route: 'POST /web/admins/:userId/resend-invitation', request: async (ctx) => ({ params: { userId: await target(ctx, 'PENDING') } }) },
];
