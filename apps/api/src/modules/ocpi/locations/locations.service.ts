import { AppError, evseUidOf, parseEvseUid, type OcpiConnector, type OcpiEvse, type OcpiLocation } from '@wattdesk/shared';
import type { Database, Executor } from '../../../db/client.ts';
import { recordActivity, type Actor } from '../../../lib/audit.ts';
import { enqueueForPartners } from '../outbox/outbox.repository.ts';
import { ocpiErrors } from '../../../lib/ocpi-envelope.ts';
import { locationOf, ocpiDateTime, type OcpiParty } from './location-objects.ts';
import * as repo from './locations.repository.ts';

export type OcpiLocationsDeps = { db: Database; party: OcpiParty & { businessName: string } };

/** Pushes of one location (PUTs of the whole object, PATCHes of its EVSEs) are delivered in order (outbox). */
export const locationObjectKey = (locationId: string) => `location:${locationId}`;

/** Kept Location copies per node: 4,000 locations of 25 EVSEs (about 10 KB of JSON each) hold about 40 MB. */
const MAX_KEPT_LOCATIONS = 4_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our locations as OCPI 2.2.1 Locations (we are SENDER): what partners GET, and the PUTs we queue for them when a
 * location changes or its roaming switch turns. EVSE status PATCHes are queued by the database (sql/locations.sql).
 */
export const createOcpiLocations = ({ db, party }: OcpiLocationsDeps) => {
  const buildOne = async (executor: Executor, location: repo.LocationRow, chargerId?: string) =>
    locationOf(party, location, await repo.evsesOf(executor, [location.id], chargerId));

  /**
   * Each published Location's JSON as last built, with the last_updated and tariff it was built at. Every change of
   * a Location's object moves its last_updated (sql/locations.sql: statuses, charger and location edits, the switch)
   * and the tariff in force is the other input, so a kept copy with both unchanged is the object itself: a partner
   * paging through the network re-reads only what changed (a page of 100 is about 1 MB, 2,500 EVSEs).
   */
  const kept = new Map<string, { key: string; json: string }>();
  const keyOf = (row: repo.LocationRow) => `${row.version}|${row.tariffId ?? ''}`;

  /** A page of published Locations (a JSON array), oldest change first, with the total for X-Total-Count. */
  const page = async (filter: repo.PublishedFilter, offset: number, limit: number) => {
    const { rows, total } = await repo.publishedPage(db, filter, offset, limit);
    const stale = rows.filter((row) => kept.get(row.id)?.key !== keyOf(row));
    const evses = new Map<string, repo.EvseRow[]>();
    for (const evse of await repo.evsesOf(
      db,
      stale.map((row) => row.id),
    )) {
      const list = evses.get(evse.locationId);
      if (list) list.push(evse);
      else evses.set(evse.locationId, [evse]);
    }
    for (const row of stale) {
      kept.delete(row.id);
      kept.set(row.id, { key: keyOf(row), json: JSON.stringify(locationOf(party, row, evses.get(row.id) ?? [])) });
    }
    // The oldest kept copies go first once the map outgrows a large network (Map keeps insertion order).
    for (const id of kept.keys()) {
      if (kept.size <= MAX_KEPT_LOCATIONS) break;
      kept.delete(id);
    }
    return { total, json: `[${rows.map((row) => kept.get(row.id)?.json ?? 'null').join(',')}]` };
  };

  /** Unknown and unpublished look the same to a partner: 404 with 2003 (Unknown Location). */
  const published = async (locationId: string) => {
    const location = UUID.test(locationId) ? await repo.locationById(db, locationId) : undefined;
    if (!location?.publish) throw ocpiErrors.unknownLocation();
    return location;
  };

  const location = async (locationId: string): Promise<OcpiLocation> => buildOne(db, await published(locationId));

  const evse = async (locationId: string, evseUid: string): Promise<OcpiEvse> => {
    const parsed = parseEvseUid(evseUid);
    const found = parsed && (await buildOne(db, await published(locationId), parsed.chargerId)).evses?.find((item) => item.uid === evseUid);
    if (!found) throw ocpiErrors.unknownLocation('Unknown EVSE');
    return found;
  };

  const connector = async (locationId: string, evseUid: string, connectorId: string): Promise<OcpiConnector> => {
    const found = (await evse(locationId, evseUid)).connectors.find((item) => item.id === connectorId);
    if (!found) throw ocpiErrors.unknownLocation('Unknown connector');
    return found;
  };

  /**
   * Queues a PUT of the whole Location to every connected partner, in the caller's transaction. An unpublished one
   * goes out with publish false and every EVSE REMOVED: 2.2.1 has no delete, and a Location without a valid EVSE
   * "can be considered expired and should no longer be displayed" (Flow and Lifecycle).
   */
  const pushLocation = async (tx: Executor, locationId: string) => {
    const row = await repo.locationById(tx, locationId);
    if (!row) return 0;
    const body = locationOf(party, row, await repo.evsesOf(tx, [row.id]));
    return enqueueForPartners(tx, {
      module: 'locations',
      objectKey: locationObjectKey(row.id),
      method: 'PUT',
      path: `/${party.countryCode}/${party.partyId}/${row.id}`,
      body,
    });
  };

  /** A location edit: partners of a published location get the new object (an unpublished one is none of theirs). */
  const locationEdited = async (tx: Executor, locationId: string) => {
    const row = await repo.locationById(tx, locationId);
    if (row?.publish) await pushLocation(tx, locationId);
  };

  /**
   * A charger moved away or deleted: its EVSEs are PATCHed REMOVED ("Flow and Lifecycle": 2.2.1 deletes nothing, a
   * partner keeps what it was told), then the Location without them is put again.
   */
  const chargerLeft = async (tx: Executor, locationId: string, chargerId: string, connectorCount: number) => {
    const row = await repo.locationById(tx, locationId);
    if (!row?.publish) return;
    const lastUpdated = ocpiDateTime(new Date());
    for (let connectorId = 1; connectorId <= connectorCount; connectorId += 1) {
      await enqueueForPartners(tx, {
        module: 'locations',
        objectKey: locationObjectKey(locationId),
        method: 'PATCH',
        path: `/${party.countryCode}/${party.partyId}/${locationId}/${evseUidOf(chargerId, connectorId)}`,
        body: { status: 'REMOVED', last_updated: lastUpdated },
      });
    }
    await pushLocation(tx, locationId);
  };

  /** The roaming switch (Roaming_Update): audited, and partners hear of it in the same transaction. */
  const setPublishToRoaming = (actor: Actor, locationId: string, publishToRoaming: boolean) =>
    db.transaction(async (tx) => {
      const before = await repo.setPublishToRoaming(tx, locationId, publishToRoaming);
      if (before === undefined) throw new AppError('LOCATION_NOT_FOUND');
      if (before !== publishToRoaming) {
        await recordActivity(tx, actor, {
          action: 'location.roaming',
          entity: 'location',
          entityId: locationId,
          locationId,
          changes: { publishToRoaming: { before, after: publishToRoaming } },
        });
        await pushLocation(tx, locationId);
      }
      return { locationId, publishToRoaming };
    });

  const syncParty = () => repo.syncParty(db, party);

  return { page, location, evse, connector, pushLocation, locationEdited, chargerLeft, setPublishToRoaming, syncParty };
};

export type OcpiLocations = ReturnType<typeof createOcpiLocations>;
