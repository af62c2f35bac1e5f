import {
  AppError,
  parseSort,
  type Charger,
  type CreatedCharger,
  type ChargerListQuery,
  type CreateChargerBody,
  type UpdateChargerBody,
} from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/sql-helpers.ts';
import { diffFields, recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess, locationScope } from '../../lib/location-access.ts';
import { requireLocationExists } from '../locations/locations.service.ts';
import { generateChargerPassword, hashChargerPassword } from '../../lib/charger-password.ts';
import { parseChargerBatch } from './charger-batch.ts';
import * as repo from './chargers.repository.ts';
import type { SessionPricing } from '../tariffs/session-pricing.service.ts';
import type { BillingService } from '../billing/billing.service.ts';

const DETAIL_FIELDS = ['name', 'kind', 'model', 'serialNumber', 'connectorTypes', 'maxPowerKw'] as const;
const detailsOf = (charger: Charger): Record<string, unknown> => Object.fromEntries(DETAIL_FIELDS.map((field) => [field, charger[field]]));

export const thingNameFor = (chargerId: string) => `thing-${chargerId.toLowerCase()}`;

/** The database's unique constraints, turned into the messages a person can act on. */
const withConflictMessages = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'chargers_charger_id_unique') throw new AppError('CHARGER_ID_TAKEN');
    if (constraint === 'chargers_location_name_unique') throw new AppError('CHARGER_NAME_TAKEN');
    throw error;
  }
};

/** Roaming partners see the chargers of published locations (OCPI): a change owes them the location's new object. */
type Roaming = {
  locationEdited: (tx: Executor, locationId: string) => Promise<void>;
  chargerLeft: (tx: Executor, locationId: string, chargerId: string, connectorCount: number) => Promise<void>;
};

/** The location's plan (billing service, decision 080): how many chargers it may hold. */
type Plans = Pick<BillingService['plans'], 'assertChargerRoom'>;

export const createChargersService = ({
  db,
  pricing,
  roaming,
  plans,
}: {
  db: Database;
  pricing: Pick<SessionPricing, 'costsOf'>;
  roaming: Roaming;
  plans: Plans;
}) => {
  /** The running cost of each active session: the control center shows it on the card. */
  const withCosts = async (list: Charger[]): Promise<Charger[]> => {
    const sessions = list.flatMap((charger) => charger.activeSessions.map((session) => ({ id: session.id, status: 'active' as const })));
    if (!sessions.length) return list;
    const costs = await pricing.costsOf(sessions);
    return list.map((charger) => ({
      ...charger,
      activeSessions: charger.activeSessions.map((session) => ({ ...session, cost: costs.get(session.id) ?? null })),
    }));
  };

  const requireCharger = async (executor: Executor, auth: AuthContext, id: string): Promise<Charger> => {
    const charger = await repo.findCharger(executor, id);
    if (!charger) throw new AppError('CHARGER_NOT_FOUND');
    assertLocationAccess(auth, charger.locationId);
    return charger;
  };

  const list = async (auth: AuthContext, query: ChargerListQuery) => {
    const page = await repo.listChargers(db, {
      filter: { scope: locationScope(auth), locationId: query.locationId, search: query.search || undefined, kinds: query.kind },
      statuses: query.status,
      sort: parseSort<'name' | 'chargerId' | 'status' | 'kind' | 'lastSeenAt'>(query.sort),
      page: query.page,
      pageSize: query.pageSize,
    });
    return { ...page, items: await withCosts(page.items), page: query.page, pageSize: query.pageSize };
  };

  const get = async (auth: AuthContext, id: string) => (await withCosts([await requireCharger(db, auth, id)]))[0]!;

  /** Registering a charger adds it to the location's list and count (spec section 4). */
  const create = (actor: Actor, { ocppPassword: chosenPassword, ...body }: CreateChargerBody): Promise<CreatedCharger> =>
    withConflictMessages(async () => {
      const ocppPassword = chosenPassword ?? generateChargerPassword();
      const ocppPasswordHash = await hashChargerPassword(ocppPassword);
      const id = await db.transaction(async (tx) => {
        await requireLocationExists(tx, body.locationId);
        await plans.assertChargerRoom(tx, body.locationId, 1);
        const [created] = await repo.insertChargers(tx, [{ ...body, ocppPasswordHash, thingName: body.thingName || thingNameFor(body.chargerId) }]);
        await recordActivity(tx, actor, {
          action: 'charger.create',
          entity: 'charger',
          entityId: body.chargerId,
          locationId: body.locationId,
          changes: diffFields({}, { ...body, locationId: undefined }),
        });
        await roaming.locationEdited(tx, body.locationId);
        return created!;
      });
      return { ...(await repo.findCharger(db, id))!, ocppPassword };
    });

  /** A new OCPP password; the old one stops working for new connections at once. */
  const rotateOcppPassword = async (auth: AuthContext, actor: Actor, id: string): Promise<string> => {
    const ocppPassword = generateChargerPassword();
    const ocppPasswordHash = await hashChargerPassword(ocppPassword);
    await db.transaction(async (tx) => {
      const charger = await requireCharger(tx, auth, id);
      await repo.updateCharger(tx, id, { ocppPasswordHash });
      await recordActivity(tx, actor, {
        action: 'charger.ocpp_password_reset',
        entity: 'charger',
        entityId: charger.chargerId,
        locationId: charger.locationId,
      });
    });
    return ocppPassword;
  };

  const update = (auth: AuthContext, actor: Actor, id: string, body: UpdateChargerBody) =>
    withConflictMessages(async () => {
      await db.transaction(async (tx) => {
        const before = await requireCharger(tx, auth, id);
        const changes = diffFields(detailsOf(before), body);
        if (Object.keys(changes).length === 0) return;
        await repo.updateCharger(tx, id, body);
        await recordActivity(tx, actor, {
          action: 'charger.update',
          entity: 'charger',
          entityId: before.chargerId,
          locationId: before.locationId,
          changes,
        });
        await roaming.locationEdited(tx, before.locationId);
      });
      return (await repo.findCharger(db, id))!;
    });

  /** Both locations must be in reach; each keeps a row in its own activity log. */
  const move = (auth: AuthContext, actor: Actor, id: string, targetLocationId: string) =>
    withConflictMessages(async () => {
      await db.transaction(async (tx) => {
        const before = await requireCharger(tx, auth, id);
        assertLocationAccess(auth, targetLocationId);
        if (before.locationId === targetLocationId) throw new AppError('CHARGER_SAME_LOCATION');
        await requireLocationExists(tx, targetLocationId);
        await plans.assertChargerRoom(tx, targetLocationId, 1);
        await repo.updateCharger(tx, id, { locationId: targetLocationId });
        const changes = { locationId: { before: before.locationId, after: targetLocationId } };
        for (const [action, locationId] of [
          ['charger.move_out', before.locationId],
          ['charger.move_in', targetLocationId],
        ] as const) {
          await recordActivity(tx, actor, { action, entity: 'charger', entityId: before.chargerId, locationId, changes });
        }
        await roaming.chargerLeft(tx, before.locationId, before.chargerId, before.connectorTypes.length);
        await roaming.locationEdited(tx, targetLocationId);
      });
      return (await repo.findCharger(db, id))!;
    });

  const remove = async (auth: AuthContext, actor: Actor, id: string) => {
    await db.transaction(async (tx) => {
      const before = await requireCharger(tx, auth, id);
      await repo.deleteCharger(tx, id);
      await recordActivity(tx, actor, {
        action: 'charger.delete',
        entity: 'charger',
        entityId: before.chargerId,
        locationId: before.locationId,
        changes: diffFields(
          { chargerId: before.chargerId, ...detailsOf(before) },
          Object.fromEntries([...DETAIL_FIELDS, 'chargerId'].map((field) => [field, null])),
        ),
      });
      await roaming.chargerLeft(tx, before.locationId, before.chargerId, before.connectorTypes.length);
    });
  };

  /** All or nothing: one bad row and no charger of the file is registered; every bad row is reported. */
  const batchCreate = async (auth: AuthContext, actor: Actor, locationId: string, csv: Buffer) => {
    assertLocationAccess(auth, locationId);
    await requireLocationExists(db, locationId);
    const parsed = await parseChargerBatch(csv, locationId);
    if ('fileError' in parsed) throw new AppError('BATCH_INVALID', { messages: [parsed.fileError], details: { rows: [] } });
    const conflicts = await repo.findConflicts(
      db,
      locationId,
      parsed.rows.map((r) => r.body.chargerId),
      parsed.rows.map((r) => r.body.name),
    );
    const rowErrors = [...parsed.errors];
    for (const { row, body } of parsed.rows) {
      const errors = [
        ...(conflicts.chargerIds.has(body.chargerId) ? [`Charger id ${body.chargerId} is already registered`] : []),
        ...(conflicts.names.has(body.name) ? [`This location already has a charger named ${body.name}`] : []),
      ];
      if (errors.length) rowErrors.push({ row, chargerId: body.chargerId, errors });
    }
    if (rowErrors.length) {
      rowErrors.sort((a, b) => a.row - b.row);
      const message = `${rowErrors.length} row${rowErrors.length === 1 ? ' has' : 's have'} errors; no charger was imported`;
      throw new AppError('BATCH_INVALID', { messages: [message], details: { rows: rowErrors } });
    }
    const passwords = parsed.rows.map(({ body }) => body.ocppPassword ?? generateChargerPassword());
    const hashes = await Promise.all(passwords.map(hashChargerPassword));
    const ids = await withConflictMessages(() =>
      db.transaction(async (tx) => {
        await plans.assertChargerRoom(tx, locationId, parsed.rows.length);
        const created = await repo.insertChargers(
          tx,
          parsed.rows.map(({ body: { ocppPassword: _chosen, ...body } }, index) => ({
            ...body,
            ocppPasswordHash: hashes[index]!,
            thingName: thingNameFor(body.chargerId),
          })),
        );
        for (const { body } of parsed.rows) {
          await recordActivity(tx, actor, {
            action: 'charger.batch_create',
            entity: 'charger',
            entityId: body.chargerId,
            locationId,
            changes: diffFields({}, { chargerId: body.chargerId, name: body.name, kind: body.kind }),
          });
        }
        await roaming.locationEdited(tx, locationId);
        return created;
      }),
    );
    const passwordOf = new Map(parsed.rows.map(({ body }, index) => [body.chargerId, passwords[index]!]));
    const chargers = (await repo.findChargersByIds(db, ids)).map((charger) => ({ ...charger, ocppPassword: passwordOf.get(charger.chargerId)! }));
    return { created: chargers.length, chargers };
  };

  return { list, get, create, update, move, remove, batchCreate, rotateOcppPassword };
};

export type ChargersService = ReturnType<typeof createChargersService>;
