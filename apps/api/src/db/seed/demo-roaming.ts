import { createHash, randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { chargers, locations, ocpiOutbox, ocpiPartners } from '../schema/index.ts';

const HOUR = 3_600_000;

/** The locations partners see in the demo (Roaming, issue 42). */
export const DEMO_PUBLISHED_LOCATIONS = ['sf-embarcadero', 'oak-jack-london'] as const;

/** A token hash nobody holds the token of: the demo partners' tokens were "handed out" before the demo began. */
const unknownTokenHash = () => createHash('sha256').update(randomBytes(32).toString('base64url'), 'utf8').digest('hex');

/** `.invalid` never resolves (RFC 2606): nothing is ever sent to the demo partner, even if someone resumes it. */
const EXAMPLE_MOBILITY = 'https://ocpi.example-mobility.invalid/ocpi/2.2.1';

/**
 * The Roaming screen of the full demo, without a network: one partner invited and not yet registered (PENDING, the
 * hash of its token A only), one registered and then suspended (NL/EMS) with a few pushes delivered before that, and
 * two published locations. Nothing is left to send: a suspended partner is never pushed to, and every push it had
 * is delivered, so no worker retries against an address that does not exist.
 */
export const seedDemoRoaming = async (tx: Executor, locationIds: Map<string, string>) => {
  const now = Date.now();
  const published = DEMO_PUBLISHED_LOCATIONS.map((key) => locationIds.get(key)!);
  // Before any partner is CONNECTED, so publishing queues nothing.
  await tx.update(locations).set({ publishToRoaming: true }).where(inArray(locations.id, published));

  await tx
    .insert(ocpiPartners)
    .values({ name: 'Greenway Roaming', status: 'PENDING', incomingTokenHash: unknownTokenHash(), incomingTokenKind: 'A' });

  const [partner] = await tx
    .insert(ocpiPartners)
    .values({
      name: 'Example Mobility',
      status: 'SUSPENDED',
      countryCode: 'NL',
      partyId: 'EMS',
      roles: [{ role: 'EMSP', party_id: 'EMS', country_code: 'NL', business_details: { name: 'Example Mobility' } }],
      incomingTokenHash: unknownTokenHash(),
      incomingTokenKind: 'C',
      versionsUrl: 'https://ocpi.example-mobility.invalid/ocpi/versions',
      version: '2.2.1',
      endpoints: [
        { identifier: 'credentials', role: 'SENDER', url: `${EXAMPLE_MOBILITY}/credentials` },
        { identifier: 'locations', role: 'RECEIVER', url: `${EXAMPLE_MOBILITY}/locations` },
        { identifier: 'sessions', role: 'RECEIVER', url: `${EXAMPLE_MOBILITY}/sessions` },
        { identifier: 'cdrs', role: 'RECEIVER', url: `${EXAMPLE_MOBILITY}/cdrs` },
        { identifier: 'tokens', role: 'SENDER', url: `${EXAMPLE_MOBILITY}/tokens` },
      ],
      lastExchangeAt: new Date(now - 26 * HOUR),
      createdAt: new Date(now - 6 * 24 * HOUR),
    })
    .returning({ id: ocpiPartners.id });

  // Recent enough that the worker's weekly prune of delivered pushes leaves them for days.
  const fleet = await tx
    .select({ id: chargers.id, chargerId: chargers.chargerId, locationId: chargers.locationId })
    .from(chargers)
    .where(inArray(chargers.locationId, published));
  const pushes = published.flatMap((locationId, n) => {
    const at = new Date(now - (48 - n * 4) * HOUR);
    const first = fleet.find((charger) => charger.locationId === locationId)!;
    const evse = `${first.chargerId}-1`;
    const delivered = (method: 'PUT' | 'PATCH', path: string, body: unknown, minutes: number) => ({
      partnerId: partner!.id,
      module: 'locations',
      objectKey: `location:${locationId}`,
      method,
      path,
      body,
      attempts: 1,
      createdAt: new Date(at.getTime() + minutes * 60_000),
      nextAttemptAt: new Date(at.getTime() + minutes * 60_000),
      deliveredAt: new Date(at.getTime() + minutes * 60_000 + 800),
    });
    const stamp = (minutes: number) => new Date(at.getTime() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return [
      delivered('PUT', `/US/WDK/${locationId}`, { id: locationId, publish: true, last_updated: stamp(0) }, 0),
      delivered('PATCH', `/US/WDK/${locationId}/${evse}`, { status: 'CHARGING', last_updated: stamp(35) }, 35),
      delivered('PATCH', `/US/WDK/${locationId}/${evse}`, { status: 'AVAILABLE', last_updated: stamp(95) }, 95),
    ];
  });
  await tx.insert(ocpiOutbox).values(pushes);
};
