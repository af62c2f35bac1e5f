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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our locations as OCPI 2.2.1 Locations (we are SENDER): what partners GET, and the PUTs we queue for them when a
 * location changes or its roaming switch turns. EVSE status PATCHes are queued by the database (sql/locations.sql).
 */
export const createOcpiLocations = ({ db, party }: OcpiLocationsDeps) => {
  const buildOne = async (executor: Executor, location: repo.LocationRow, chargerId?: string) =>
    locationOf(party, location, await repo.evsesOf(executor, [location.id], chargerId));

  /** A page of published Locations, oldest change first, with the total for X-Total-Count. */
  const page = async (filter: repo.PublishedFilter, offset: number, limit: number) => {
    const { rows, total } = await repo.publishedPage(db, filter, offset, limit);
    const evses = new Map<string, repo.EvseRow[]>();
    for (const evse of await repo.evsesOf(
      db,
      rows.map((row) => row.id),
    )) {
      const list = evses.get(evse.locationId);
      if (list) list.push(evse);
      else evses.set(evse.locationId, [evse]);
    }
    return { total, data: rows.map((row) => locationOf(party, row, evses.get(row.id) ?? [])) };
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
