import { AppError, isAdminType, userTypeForWorkforceGroups, type SsoConfig, type SsoProvider, type TokensExchangeResponse } from '@wattdesk/shared';
import type { JWTPayload } from 'jose';
import { hashToken } from '../../lib/tokens.ts';
import type { AppConfig, SsoSettings } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AccessCache } from '../../lib/access-cache.ts';
import { diffFields, recordActivity } from '../../lib/audit.ts';
import * as accounts from '../auth/accounts.service.ts';
import type { ClientInfo } from '../../lib/request-auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { verifyDpopProof, SeenProofs } from './dpop-proof.ts';
import { assertAuthorizedParty, assertNonce, boundKeyThumbprint, emailOf, groupsOf, stringClaim } from './sso-claims.ts';
import * as repo from './sso.repository.ts';
import type { IssuerVerifier } from './token-verifier.ts';
import type { SystemEvents } from '../../lib/system-events.ts';

export type SsoServiceDeps = {
  db: Database;
  auth: AuthService;
  accessCache: AccessCache;
  settings: SsoSettings;
  verifiers: Partial<Record<SsoProvider, IssuerVerifier>>;
  /** Public address of the customer exchange, which a DPoP proof must name. */
  customerExchangeUrl: string;
  /** Staff read an unreachable provider in the system log; a refused person is in the activity log. */
  systemEvents: Pick<SystemEvents, 'recordError'>;
  now: () => Date;
};

type KnownUser = { id: string | null; email: string };

export type CustomerExchange = { oktaAccessToken: string; dpopProof: string | undefined };

const toExchangeResponse = (session: Awaited<ReturnType<AuthService['startSession']>>): TokensExchangeResponse => ({
  accessToken: session.access_token,
  refreshToken: session.refresh_token,
  userId: session.userId,
  userType: session.userType,
  locations: session.locations,
  firstName: session.firstName,
  lastName: session.lastName,
  email: session.email,
  phoneNumber: session.phoneNumber,
});

export const createSsoService = (deps: SsoServiceDeps) => {
  const { db, auth, now } = deps;
  const seenProofs = new SeenProofs();

  /** Every refused single sign-on leaves an activity row; the e-mail only once the token proved it. */
  const refuse = async (provider: SsoProvider, client: ClientInfo, error: unknown, user?: KnownUser | null): Promise<never> => {
    const reason = error instanceof AppError ? error.code : 'INTERNAL';
    await db.transaction((tx) =>
      recordActivity(
        tx,
        { userId: user?.id ?? null, email: user?.email ?? null, userType: null, ip: client.ip },
        {
          action: 'auth.sso_refused',
          entity: 'user',
          entityId: user?.id ?? null,
          changes: { provider: { before: null, after: provider }, reason: { before: null, after: reason } },
        },
      ),
    );
    throw error;
  };

  const verify = async (provider: SsoProvider, token: string, client: ClientInfo): Promise<JWTPayload> => {
    const verifier = deps.verifiers[provider];
    if (!verifier || !deps.settings[provider]) throw new AppError('SSO_NOT_CONFIGURED');
    try {
      return await verifier(token);
    } catch (error) {
      // An unreachable provider is not a refusal of this person.
      if (error instanceof AppError && error.code === 'SSO_PROVIDER_UNAVAILABLE') {
        await deps.systemEvents.recordError('provider', `sso.${provider}.unavailable`, error.cause ?? error, { provider });
        throw error;
      }
      return refuse(provider, client, error);
    }
  };

  /** Creates or updates the row from the directory, in one transaction with its activity row. */
  const syncWorkforceUser = (profile: repo.WorkforceProfile, client: ClientInfo) =>
    db.transaction(async (tx) => {
      const before = await repo.findUserByEmailForUpdate(tx, profile.email);
      if (before && before.authProvider === 'customer') throw new AppError('WORKFORCE_ACCOUNT_CONFLICT');
      const after = await repo.upsertWorkforceUser(tx, profile);
      const changes = diffFields((before ?? {}) as Record<string, unknown>, {
        userType: after.userType,
        firstName: after.firstName,
        lastName: after.lastName,
        authProvider: after.authProvider,
      });
      if (Object.keys(changes).length) {
        await recordActivity(
          tx,
          { userId: after.id, email: after.email, userType: after.userType, ip: client.ip },
          {
            action: before ? 'user.update' : 'user.create',
            entity: 'user',
            entityId: after.id,
            changes: { ...changes, source: { before: null, after: 'workforce-sso' } },
          },
        );
      }
      // Removed from the groups: sign-ins this person already has end now, not when their tokens run out.
      if (after.userType === 'None') await accounts.endAllSessions(tx, after.id, 'workforce group removed', now());
      return { before, after };
    });

  /**
   * A provider's token opens one sign-in: a copy (from a log, a proxy, the browser's history) opens none. It is
   * remembered by issuer and `jti` when it has one (a re-encoded copy is the same token), else by its SHA-256,
   * until it expires; expired entries are pruned on the way (sso.repository.ts).
   */
  const spendOnce = async (token: string, claims: JWTPayload) => {
    const expiresAt = new Date((claims.exp ?? 0) * 1000);
    const key = typeof claims.jti === 'string' && claims.jti ? hashToken(`jti\n${claims.iss ?? ''}\n${claims.jti}`) : hashToken(token);
    if (!(await repo.spendToken(db, key, expiresAt, now()))) throw new AppError('SSO_TOKEN_REUSED');
  };

  const exchangeWorkforce = async (body: { idToken: string; nonceVerifier: string }, client: ClientInfo): Promise<TokensExchangeResponse> => {
    const claims = await verify('workforce', body.idToken, client);
    const settings = deps.settings.workforce!; // verify() refused when the route is not configured
    let user: KnownUser | null = null;
    try {
      assertAuthorizedParty(claims, settings.clientId);
      assertNonce(claims, body.nonceVerifier);
      await spendOnce(body.idToken, claims);
      const email = emailOf(claims);
      user = { id: null, email };
      const profile: repo.WorkforceProfile = {
        email,
        firstName: stringClaim(claims, 'given_name') ?? email.split('@')[0]!,
        lastName: stringClaim(claims, 'family_name') ?? '',
        phoneNumber: stringClaim(claims, 'phone_number'),
        userType: userTypeForWorkforceGroups(groupsOf(claims, settings.groupsClaim)),
      };
      const { after } = await syncWorkforceUser(profile, client);
      user = { id: after.id, email: after.email };
      // A changed type applies to this person's other sign-ins at once on this node.
      deps.accessCache.invalidateUser(after.id);
      if (after.userType === 'None') throw new AppError('WORKFORCE_NO_ACCESS');
      if (after.status !== 'ACTIVE') throw new AppError('ACCOUNT_INACTIVE');
      return toExchangeResponse(await auth.startSession(after, { deviceId: null, client, method: 'workforce-sso' }));
    } catch (error) {
      return refuse('workforce', client, error, user);
    }
  };

  const exchangeCustomer = async (input: CustomerExchange, client: ClientInfo): Promise<TokensExchangeResponse> => {
    const claims = await verify('customer', input.oktaAccessToken, client);
    const settings = deps.settings.customer!; // verify() refused when the route is not configured
    let known: KnownUser | null = null;
    try {
      assertAuthorizedParty(claims, settings.clientId);
      const jkt = boundKeyThumbprint(claims);
      if (jkt) {
        const check = { proof: input.dpopProof, accessToken: input.oktaAccessToken, jkt, method: 'POST', url: deps.customerExchangeUrl, now: now() };
        await verifyDpopProof(check, seenProofs);
      }
      // Spent once its holder is proven: a stolen DPoP-bound token without its key cannot burn the owner's sign-in.
      await spendOnce(input.oktaAccessToken, claims);
      const user = await accounts.findUserByEmail(db, emailOf(claims));
      if (!user || user.authProvider !== 'customer') throw new AppError('CUSTOMER_ADMIN_UNKNOWN');
      known = { id: user.id, email: user.email };
      if (user.status !== 'ACTIVE') throw new AppError('ACCOUNT_INACTIVE');
      if (!isAdminType(user.userType)) throw new AppError('NOT_AN_ADMIN');
      return toExchangeResponse(await auth.startSession(user, { deviceId: null, client, method: 'customer-sso' }));
    } catch (error) {
      return refuse('customer', client, error, known);
    }
  };

  return { exchangeWorkforce, exchangeCustomer };
};

export type SsoService = ReturnType<typeof createSsoService>;

/** What GET /web/app-config tells the browser about each route. */
export const publicSsoConfig = (config: AppConfig): SsoConfig => {
  const entry = (provider: SsoProvider) => {
    const settings = config.sso[provider];
    return settings
      ? { issuer: settings.issuer, clientId: settings.clientId, scope: settings.scope, isDevelopmentProvider: settings.isDevelopmentProvider }
      : null;
  };
  return { workforce: entry('workforce'), customer: entry('customer') };
};
