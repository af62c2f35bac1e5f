import type { UserType } from '@wattdesk/shared/roles';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { setApiBaseUrl } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session-store.ts';

/** One request the screen sent, as the server read it: the path without the `/web` prefix. */
export type ApiCall = { method: string; path: string; query: Record<string, string>; body: unknown };

/** A JSON answer, or a file. */
export type ApiAnswer = { status: number; body: unknown } | { status: number; file: string; contentType: string; fileName: string };

/** The answer to a call; undefined: the route is unknown here (404, as the API answers). */
export type ApiRoutes = (call: ApiCall) => ApiAnswer | undefined;

export const ok = (body: unknown): ApiAnswer => ({ status: 200, body });

/** The API's error shape (spec section 8). */
export const refusal = (status: number, message: string, code?: string): ApiAnswer => ({
  status,
  body: { responseCode: status, msg: [message], ...(code ? { code } : {}) },
});

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const isJson = (req.headers['content-type'] ?? '').startsWith('application/json');
      resolve(isJson && text ? (JSON.parse(text) as unknown) : text || undefined);
    });
  });

const reply = (res: ServerResponse, answer: ApiAnswer) => {
  if ('file' in answer) {
    res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-disposition': `attachment; filename="${answer.fileName}"` });
    return res.end(answer.file);
  }
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer.body));
};

/**
 * The API over real HTTP on a free local port: each call is recorded and answered by `routes`, which a test may
 * swap. The web client is pointed at it, so a screen's requests are the ones the product would send.
 */
export const startTestApi = async (routes: ApiRoutes) => {
  const api = {
    calls: [] as ApiCall[],
    routes,
    /** The calls to one path (and method), oldest first. */
    callsTo: (path: string, method = 'GET') => api.calls.filter((call) => call.path === path && call.method === method),
    /** The calls that change something. */
    changes: () => api.calls.filter((call) => call.method !== 'GET'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    void readBody(req).then((body) => {
      const call: ApiCall = {
        method: req.method!,
        path: url.pathname.replace(/^\/web/, ''),
        query: Object.fromEntries(url.searchParams),
        body,
      };
      api.calls.push(call);
      reply(res, api.routes(call) ?? refusal(404, 'Resource was not found'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return api;
};

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/**
 * Signs in a user of the type and renders the screen at `path` with the app's own query client (its error
 * toasts included) and toast container.
 */
export const renderAs = (userType: UserType, screen: ReactNode, locations: string[] = [], path = '/') => {
  useSession.setState({
    user: {
      userId: 'u1',
      userType,
      locations,
      firstName: 'Dana',
      lastName: 'Chen',
      email: 'dana@example.com',
      phoneNumber: null,
      access_token: 'a',
    },
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
};

/** jsdom has no object URLs; downloads hand the browser one. */
export const allowDownloads = () => {
  Object.assign(URL, { createObjectURL: () => 'blob:test-download', revokeObjectURL: () => undefined });
};

/**
 * For the page tests: their waits get a longer limit than the setup's 5 s. A limit, not a measurement: a page
 * with a data grid renders in well under a second alone, but many times slower beside other suites on a busy
 * 2-core machine. Called in a file's beforeAll, it holds for that file only (the setup file runs per file).
 */
export const allowForBusyMachine = () => configure({ asyncUtilTimeout: 20_000 });
