import { and, asc, eq } from 'drizzle-orm';
import { locations, ocpiCommands, ocpiOutbox } from '../src/db/schema/index.ts';
import { eventually, startOcppApp, type OcppTestApp } from './ocpp-harness.ts';
import { connectTestPartner, startOcpiPeer } from './ocpi-peer.ts';

/** What the partner's driver app presents: an APP_USER token of the partner's party. */
export const appToken = (uid: string) => ({
  country_code: 'NL',
  party_id: 'EMS',
  uid,
  type: 'APP_USER',
  contract_id: `NL-EMS-C${uid}`,
  issuer: 'Test eMSP',
  valid: true,
  whitelist: 'ALLOWED',
  last_updated: '2026-12-01T10:00:00Z',
});

type Envelope = { status_code: number; status_message?: string; data?: { result: string; timeout: number; message?: { text: string }[] } };

/**
 * A test app with chargers (OCPP call timeout 1 s, so a silent charger times out quickly), an eMSP peer connected
 * as a partner, and the demo location 'oak-jack-london' published to roaming partners.
 */
export const startCommandsApp = async () => {
  const t: OcppTestApp = await startOcppApp({ env: { OCPP_CALL_TIMEOUT_MS: '1000' } });
  const peer = await startOcpiPeer();
  const partner = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url });
  const locationId = t.locations['oak-jack-london']!;
  await t.database.db.update(locations).set({ publishToRoaming: true }).where(eq(locations.id, locationId));

  const post = async (command: string, body: unknown, authorization = partner.authorization) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/ocpi/2.2.1/commands/${command}`,
      headers: { authorization, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json<Envelope>() };
  };

  /** The CommandResult queued to a response_url, once there is one. */
  const resultAt = (url: string) =>
    eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(ocpiOutbox)
        .where(and(eq(ocpiOutbox.partnerId, partner.id), eq(ocpiOutbox.url, url)))
        .orderBy(asc(ocpiOutbox.id));
      if (rows.length !== 1) throw new Error(`${rows.length} results queued to ${url}`);
      return rows[0]!;
    }, 10_000);

  const commandAt = async (url: string) => {
    const [row] = await t.database.db.select().from(ocpiCommands).where(eq(ocpiCommands.responseUrl, url));
    return row;
  };

  let serial = 0;
  const responseUrl = (command: string) => `${peer.url}/commands/${command}/${++serial}`;

  return {
    t,
    peer,
    partner,
    locationId,
    post,
    resultAt,
    commandAt,
    responseUrl,
    close: async () => {
      await t.close();
      await peer.close();
    },
  };
};
