import type { ErrorResponse } from '@wattdesk/shared/schemas/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureMessages } from '@wattdesk/shared/messages';
import { ApiError, messageOf } from './api-error.ts';
import { api, buildUrl, resetRenewalThrottle, setApiBaseUrl } from './api-client.ts';
import { getAppConfig } from './app-config.ts';
import { useSession } from './session-store.ts';
import type { AppConfigResponse } from '@wattdesk/shared/schemas/app-config';
import type { RefreshTokenResponse, SessionUser } from '@wattdesk/shared/schemas/auth';

/** A real HTTP server answering the way the API does, so the client is tested over a real round trip. */
let server: Server;
let refreshCalls = 0;
/** What the browser's cookie jar would send to the refresh call: Node's fetch keeps no cookies, so the test plays the jar. */
let refreshCookie: string | null = null;
let refreshBodies: Record<string, string>[] = [];
let appConfigAuth: (string | null)[] = [];
/** 401s sent by /web/protected; the parallel test holds the refresh answer until all of them are out. */
let protectedRefusals = 0;
let refreshAnswer: Promise<void> = Promise.resolve();
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};
const readBody = async (req: IncomingMessage) => {
  let data = '';
  for await (const chunk of req) data += chunk;
  return data ? (JSON.parse(data) as Record<string, string>) : {};
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    const auth = req.headers.authorization;
    switch (url.pathname) {
      case '/web/echo':
        return send(res, 200, { query: url.search, auth: auth ?? null });
      case '/web/bad':
        return send(res, 400, { responseCode: 400, msg: ['Name Field is required', 'second'] } satisfies ErrorResponse);
      case '/web/gone':
        return send(res, 404, { responseCode: 404, msg: ['Location not found'] } satisfies ErrorResponse);
      case '/web/nothing':
        return send(res, 404, 'not json');
      case '/web/crash':
        return send(res, 502, '<html>bad gateway</html>');
      case '/web/report':
        if (auth !== 'Bearer fresh') return send(res, 401, { responseCode: 401, msg: ['Please sign in to continue'] } satisfies ErrorResponse);
        res.writeHead(200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="activity-log-2026-11-22.csv"',
        });
        return res.end(`Action\r\n${url.searchParams.get('action') ?? ''}\r\n`);
      case '/web/app-config':
        appConfigAuth.push(auth ?? null);
        return auth === undefined || auth === 'Bearer fresh'
          ? send(res, 200, { websiteUrl: 'https://example.com' } satisfies Pick<AppConfigResponse, 'websiteUrl'>)
          : send(res, 401, { responseCode: 401, msg: ['Please sign in to continue'] } satisfies ErrorResponse);
      case '/web/protected':
        if (auth === 'Bearer fresh') return send(res, 200, { ok: true });
        protectedRefusals += 1;
        return send(res, 401, { responseCode: 401, msg: ['Please sign in to continue'] } satisfies ErrorResponse);
      case '/web/users/refresh-token': {
        refreshCalls += 1;
        refreshBodies.push(await readBody(req));
        await refreshAnswer;
        return refreshCookie === 'good-refresh'
          ? send(res, 200, { access_token: 'fresh' } satisfies RefreshTokenResponse)
          : send(res, 401, { responseCode: 401, msg: ['Your session has ended. Please sign in again'] } satisfies ErrorResponse);
      }
      default:
        return send(res, 500, { oops: true });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Signs in with a login answer as the API sends it (refresh token included); the cookie holds `cookie`. */
const signInWith = (cookie: string) => {
  refreshCookie = cookie;
  const answer: SessionUser = {
    access_token: 'stale',
    refresh_token: cookie,
    userId: 'u1',
    userType: 'Admin',
    locations: [],
    firstName: 'Dana',
    lastName: 'Chen',
    email: 'admin@example.com',
    phoneNumber: null,
  };
  useSession.getState().signIn(answer);
};

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

beforeEach(() => {
  refreshCalls = 0;
  refreshBodies = [];
  protectedRefusals = 0;
  refreshAnswer = Promise.resolve();
  appConfigAuth = [];
  resetRenewalThrottle();
  useSession.setState({ user: null });
});

const jwtExpiringIn = (seconds: number) =>
  `h.${btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })).replace(/=+$/, '')}.s`;

describe('api client (spec section 7 and 8)', () => {
  it('drops null and undefined GET parameters and keeps the rest', () => {
    expect(buildUrl('/x', { a: 1, b: null, c: undefined, d: 'two words', e: false })).toMatch(/\/web\/x\?a=1&d=two\+words&e=false$/);
  });

  it('sends the bearer token of the signed-in user', async () => {
    signInWith('good-refresh');
    expect(await api.get('/echo', { query: { page: 2, q: null } })).toEqual({ query: '?page=2', auth: 'Bearer stale' });
  });

  it('fetches the app config with the bearer token once signed in; a 401 there refreshes once and repeats', async () => {
    expect(await getAppConfig()).toEqual({ websiteUrl: 'https://example.com' });
    expect(appConfigAuth).toEqual([null]);
    signInWith('good-refresh');
    expect(await getAppConfig()).toEqual({ websiteUrl: 'https://example.com' });
    expect(appConfigAuth).toEqual([null, 'Bearer stale', 'Bearer fresh']);
    expect(refreshCalls).toBe(1);
  });

  it('shows the first server message for responseCode ≥ 400', async () => {
    const error = await failure(api.get('/bad'));
    expect(error.message).toBe('Name Field is required');
    expect(error.messages).toEqual(['Name Field is required', 'second']);
  });

  it('404: the server message when there is one, else Resource was not found', async () => {
    expect((await failure(api.get('/gone'))).message).toBe('Location not found');
    expect((await failure(api.get('/nothing'))).message).toBe('Resource was not found');
  });

  it('anything else without a message: Server error!', async () => {
    expect((await failure(api.get('/crash'))).message).toBe('Server error!');
  });

  it('network failure: Service unavailable', async () => {
    setApiBaseUrl('http://127.0.0.1:1');
    try {
      expect((await failure(api.get('/echo'))).message).toBe('Service unavailable');
    } finally {
      setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });

  it("a call's own failure message ('Unable to login') stands in only when the server sent none", async () => {
    expect(messageOf(await failure(api.get('/bad')), failureMessages.login)).toBe('Name Field is required');
    expect(messageOf(await failure(api.get('/crash')), failureMessages.login)).toBe('Unable to login');
    expect(messageOf(await failure(api.get('/nothing')), failureMessages.resetPassword)).toBe('Unable to reset your password');
    setApiBaseUrl('http://127.0.0.1:1');
    try {
      expect(messageOf(await failure(api.get('/echo')), failureMessages.sendResetLink)).toBe('Unable to send password reset link');
    } finally {
      setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });

  it('401: refreshes once, stores the new tokens and repeats the request', async () => {
    signInWith('good-refresh');
    expect(await api.get('/protected')).toEqual({ ok: true });
    expect(useSession.getState().user).toMatchObject({ access_token: 'fresh' });
  });

  it('refreshes by the HttpOnly cookie: no token in the body, credentials included', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    signInWith('good-refresh');
    expect(await api.get('/protected')).toEqual({ ok: true });
    expect(refreshBodies).toEqual([{}]);
    const refreshCall = fetchSpy.mock.calls.find(([url]) => typeof url === 'string' && url.endsWith('/web/users/refresh-token'));
    expect(refreshCall?.[1]).toMatchObject({ method: 'POST', credentials: 'include' });
    fetchSpy.mockRestore();
  });

  it('writes nothing named like a refresh token, nor its value, to local or session storage', async () => {
    signInWith('good-refresh');
    await api.get('/protected');
    const everything = [localStorage, sessionStorage].flatMap((storage) =>
      Array.from({ length: storage.length }, (_, index) => {
        const key = storage.key(index)!;
        return `${key}=${storage.getItem(key)}`;
      }),
    );
    expect(everything.join('\n')).toContain('wattdesk.session');
    expect(everything.join('\n')).not.toMatch(/refresh|good-refresh/i);
  });

  it('parallel 401s share one refresh (a second use of a rotated token would end the session)', async () => {
    signInWith('good-refresh');
    // The refresh stays in flight until every request has had its 401: each 401 then meets the refresh underway.
    let answerRefresh!: () => void;
    refreshAnswer = new Promise((resolve) => (answerRefresh = resolve));
    const all = Promise.all([api.get('/protected'), api.get('/protected'), api.get('/protected')]);
    await vi.waitFor(() => expect(protectedRefusals).toBe(3));
    answerRefresh();
    await all;
    expect(refreshCalls).toBe(1);
  });

  it('401 with a failed refresh: forced logout clears all local storage', async () => {
    signInWith('revoked-refresh');
    localStorage.setItem('wattdesk.selectedLocation', 'loc-1');
    const error = await failure(api.get('/protected'));
    expect(error.status).toBe(401);
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem('wattdesk.selectedLocation')).toBeNull();
  });

  it('downloads a report with the bearer token, refreshing on 401, under the server’s file name', async () => {
    signInWith('good-refresh');
    // jsdom has no object URLs; the browser's own download is what happens after the click.
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:report'), revokeObjectURL: () => undefined }),
    );
    const clicked: { href: string; download: string }[] = [];
    document.addEventListener(
      'click',
      (event) => {
        const link = event.target as HTMLAnchorElement;
        clicked.push({ href: link.href, download: link.download });
        event.preventDefault();
      },
      { once: true },
    );
    const name = await api.download('/report', { query: { action: 'auth', actor: null }, fallbackName: 'report.csv' });
    expect(name).toBe('activity-log-2026-11-22.csv');
    expect(clicked).toEqual([{ href: 'blob:report', download: 'activity-log-2026-11-22.csv' }]);
    expect(await blobs[0]!.text()).toBe('Action\r\nauth\r\n');
    vi.unstubAllGlobals();
  });

  it('renews an access token within 30 s of its expiry before the call, instead of after a 401', async () => {
    signInWith('good-refresh');
    useSession.getState().updateTokens({ access_token: jwtExpiringIn(20) });
    expect(await api.get('/echo')).toMatchObject({ auth: 'Bearer fresh' });
    expect(refreshCalls).toBe(1);
  });

  it('leaves a token with more than 30 s left alone', async () => {
    signInWith('good-refresh');
    const token = jwtExpiringIn(120);
    useSession.getState().updateTokens({ access_token: token });
    expect(await api.get('/echo')).toMatchObject({ auth: `Bearer ${token}` });
    expect(refreshCalls).toBe(0);
  });

  it('stops renewing after 10 renewals within 30 s: the 11th 401 ends the session without calling the server', async () => {
    signInWith('good-refresh');
    for (let i = 0; i < 10; i += 1) {
      useSession.getState().updateTokens({ access_token: 'stale' });
      expect(await api.get('/protected')).toEqual({ ok: true });
    }
    useSession.getState().updateTokens({ access_token: 'stale' });
    const error = await failure(api.get('/protected'));
    expect(error.status).toBe(401);
    expect(refreshCalls).toBe(10);
    expect(useSession.getState().user).toBeNull();
  });
});
