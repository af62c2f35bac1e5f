import type { OcpiEndpoint } from '../src/db/schema/index.ts';
import { ocpiPartners } from '../src/db/schema/index.ts';
import type { Database } from '../src/db/client.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ocpiCredentialsBox } from '../src/modules/ocpi/partner-credentials.ts';
import { authorizationHeaderOf, hashCredentialsToken, newCredentialsToken } from '../src/modules/ocpi/transport/ocpi-token.ts';

export type PeerRequest = { method: string; path: string; authorization: string | undefined; body: unknown };
type Handler = (request: PeerRequest) => { status?: number; body?: unknown } | undefined;

/**
 * An eMSP in the test: an HTTP server that records every OCPI request it receives and answers with the
 * envelope (status 1000) unless `respond` says otherwise (e.g. 503 while "down").
 */
export const startOcpiPeer = async () => {
  const requests: PeerRequest[] = [];
  let handler: Handler | undefined;
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => resolve(text));
    });
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void read(request).then((text) => {
      const entry: PeerRequest = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        authorization: request.headers.authorization,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(entry);
      const answer = handler?.(entry);
      response.writeHead(answer?.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer?.body ?? { status_code: 1000, timestamp: new Date().toISOString() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    respond: (next: Handler | undefined) => (handler = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Our fetch keeps connections alive; close() alone would wait for them to time out.
        server.closeAllConnections();
      }),
  };
};

/**
 * A partner already registered, as if the credentials exchange had happened: `tokenC` is what it calls us with
 * (send `authorization`), `tokenB` what we call it with; its RECEIVER endpoints are the peer's `/<module>`.
 */
export const connectTestPartner = async (
  db: Database,
  jwtSecret: string,
  {
    peerUrl,
    modules = ['locations', 'sessions', 'cdrs', 'tariffs', 'tokens', 'commands'],
    countryCode = 'NL',
    partyId = 'EMS',
    name = 'Test eMSP',
  }: { peerUrl: string; modules?: string[]; countryCode?: string; partyId?: string; name?: string },
) => {
  const tokenC = newCredentialsToken();
  const tokenB = newCredentialsToken();
  const endpoints: OcpiEndpoint[] = modules.map((identifier) => ({
    identifier,
    role: identifier === 'tokens' || identifier === 'commands' ? 'SENDER' : 'RECEIVER',
    url: `${peerUrl}/${identifier}`,
  }));
  const [partner] = await db
    .insert(ocpiPartners)
    .values({
      name,
      status: 'CONNECTED',
      countryCode,
      partyId,
      roles: [{ role: 'EMSP', country_code: countryCode, party_id: partyId, business_details: { name } }],
      incomingTokenHash: hashCredentialsToken(tokenC),
      incomingTokenKind: 'C',
      outgoingTokenSealed: ocpiCredentialsBox(jwtSecret).seal(tokenB),
      versionsUrl: `${peerUrl}/versions`,
      version: '2.2.1',
      endpoints,
    })
    .returning({ id: ocpiPartners.id });
  return { id: partner!.id, tokenB, tokenC, authorization: authorizationHeaderOf(tokenC) };
};
