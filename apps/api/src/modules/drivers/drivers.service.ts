import {
  AppError,
  minorToDecimal,
  parseSort,
  type Driver,
  type DriverExportQuery,
  type DriverListQuery,
  type DriverSortField,
  type MenuRole,
  type Paged,
  type RegisterDriverBody,
  type UpdateDriverBody,
  formatKwhCell,
} from '@wattdesk/shared';
import type { Executor } from '../../db/client.ts';
import { diffFields, recordActivity, type Actor } from '../../lib/audit.ts';
import type { CsvCell } from '../../lib/csv.ts';
import type { CsvHeaderKey } from '../../lib/i18n/csv-headers.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import * as accounts from '../auth/accounts.service.ts';
import { requireLocationExists } from '../locations/locations.service.ts';
import { importDrivers } from './driver-import.ts';
import { createDriverWrites, withConflictMessages, type DriversServiceDeps } from './driver-writes.ts';
import { createDriverAuthorizer } from './driver-authorizer.ts';
import { createDriverRestrictions } from './driver-restrictions.ts';
import * as driverSessions from './driver-sessions.repository.ts';
import * as repo from './drivers.repository.ts';

/** The export's columns, its header line in the reader's language (lib/i18n/csv-headers); the import reads them back. */
export const DRIVER_CSV_COLUMNS = [
  'drivers.firstName',
  'drivers.lastName',
  'drivers.email',
  'drivers.phone',
  'drivers.status',
  'drivers.role',
  'drivers.mainUser',
  'drivers.idTags',
  'drivers.sessions',
  'drivers.energy',
  'drivers.cost',
  'drivers.lastSession',
  'drivers.registered',
] as const satisfies readonly CsvHeaderKey[];
const EXPORT_PAGE = 1000;

export type { DriversServiceDeps };

export const createDriversService = (deps: DriversServiceDeps) => {
  const { db, now } = deps;
  const { insertOne, sendInvitations, issueInvitation } = createDriverWrites(deps);
  const authorizer = createDriverAuthorizer({ db, now });
  const restrictions = createDriverRestrictions({ db, authorizer, requireDriver: (tx, auth, id) => requireDriver(tx, auth, id, true) });

  const requireDriver = async (executor: Executor, auth: AuthContext, driverId: string, lock = false) => {
    if (lock) await repo.lockDriver(executor, driverId);
    const driver = await repo.findDriver(executor, driverId);
    if (!driver) throw new AppError('DRIVER_NOT_FOUND');
    assertLocationAccess(auth, driver.locationId);
    return driver;
  };

  /** A sub-user's main user: a driver of the same location with the role user, never itself. */
  const assertMainUser = async (tx: Executor, locationId: string, role: MenuRole, mainDriverId: string | null, selfId?: string) => {
    if (role !== 'sub-user') return;
    const main = mainDriverId && mainDriverId !== selfId ? await repo.findDriverBasics(tx, mainDriverId) : undefined;
    if (!main || main.locationId !== locationId || main.role !== 'user') throw new AppError('DRIVER_MAIN_INVALID');
  };

  const assertTagsFree = async (tx: Executor, tags: readonly { tag: string }[], driverId?: string) => {
    const taken = await repo.findTakenTags(
      tx,
      tags.map((t) => t.tag),
      driverId,
    );
    if (taken.length) throw new AppError('ID_TAG_TAKEN', { messages: [`ID tag ${taken.join(', ')} already belongs to a driver of the network`] });
  };

  const list = async (query: DriverListQuery): Promise<Paged<Driver>> => {
    const { locationId, search, status, role, page, pageSize } = query;
    const result = await repo.listDrivers(
      db,
      { locationId, search: search || undefined, status, role },
      parseSort<DriverSortField>(query.sort),
      page,
      pageSize,
    );
    return { ...result, page, pageSize };
  };

  async function* exportRows(query: DriverExportQuery): AsyncGenerator<CsvCell[][]> {
    const { locationId, search, status, role } = query;
    for (let page = 1; ; page += 1) {
      const { items } = await repo.listDrivers(
        db,
        { locationId, search: search || undefined, status, role },
        parseSort<DriverSortField>(query.sort),
        page,
        EXPORT_PAGE,
      );
      yield items.map((d) => [
        d.firstName,
        d.lastName,
        d.email,
        d.phoneNumber,
        d.status,
        d.role,
        d.mainDriver?.name,
        d.idTags.map((t) => (t.kind === 'app' ? `app:${t.tag}` : t.tag)).join(';'),
        d.sessionCount,
        formatKwhCell(d.energyKwh),
        d.costs.map((cost) => `${minorToDecimal(cost.amountMinor, cost.currency)} ${cost.currency}`).join('; '),
        d.lastSessionAt,
        d.createdAt,
      ]);
      if (items.length < EXPORT_PAGE) return;
    }
  }

  const get = (auth: AuthContext, driverId: string): Promise<Driver> => requireDriver(db, auth, driverId);

  const register = async (auth: AuthContext, actor: Actor, body: RegisterDriverBody): Promise<Driver> => {
    const { driver, send } = await withConflictMessages(() =>
      db.transaction(async (tx) => {
        await requireLocationExists(tx, body.locationId);
        await assertMainUser(tx, body.locationId, body.role, body.mainDriverId);
        await assertTagsFree(tx, body.idTags);
        const { driverId, token } = await insertOne(tx, auth, actor, body, 'driver.register');
        const send = await sendInvitations(tx, auth, body.locationId, [{ email: body.email, firstName: body.firstName, token }]);
        return { driver: await requireDriver(tx, auth, driverId), send };
      }),
    );
    send();
    return driver;
  };

  const update = async (auth: AuthContext, actor: Actor, driverId: string, body: UpdateDriverBody): Promise<Driver> =>
    withConflictMessages(() =>
      db.transaction(async (tx) => {
        const current = await requireDriver(tx, auth, driverId, true);
        const role = body.role ?? current.role;
        const mainDriverId = role === 'user' ? null : body.mainDriverId !== undefined ? body.mainDriverId : current.mainDriverId;
        if (role === 'sub-user' && current.subUserCount > 0) throw new AppError('DRIVER_HAS_SUB_USERS');
        await assertMainUser(tx, current.locationId, role, mainDriverId, driverId);
        if (body.idTags) await assertTagsFree(tx, body.idTags, driverId);
        const before = { ...current, idTags: current.idTags.map((t) => `${t.kind}:${t.tag}`) };
        const after = { ...body, role, mainDriverId, idTags: body.idTags?.map((t) => `${t.kind}:${t.tag}`) };
        const changes = diffFields(before, after);
        if (!Object.keys(changes).length) return current;
        await repo.updateAccount(tx, driverId, {
          firstName: body.firstName,
          lastName: body.lastName,
          phoneNumber: body.phoneNumber === undefined ? undefined : body.phoneNumber || null,
        });
        await repo.updateDriverRow(tx, driverId, { role, mainDriverId });
        if (body.idTags) await repo.replaceTags(tx, driverId, body.idTags);
        await recordActivity(tx, actor, { action: 'driver.update', entity: 'driver', entityId: driverId, locationId: current.locationId, changes });
        return requireDriver(tx, auth, driverId);
      }),
    );

  const setStatus = async (auth: AuthContext, actor: Actor, driverId: string, next: 'ACTIVE' | 'INACTIVE'): Promise<Driver> =>
    db.transaction(async (tx) => {
      const current = await requireDriver(tx, auth, driverId, true);
      if (current.status === next) throw new AppError(next === 'ACTIVE' ? 'DRIVER_ALREADY_ACTIVE' : 'DRIVER_ALREADY_INACTIVE');
      await repo.updateAccount(tx, driverId, { status: next });
      if (next === 'INACTIVE') await accounts.closeAccountAccess(tx, driverId, 'deactivated', now());
      await recordActivity(tx, actor, {
        action: next === 'ACTIVE' ? 'driver.activate' : 'driver.deactivate',
        entity: 'driver',
        entityId: driverId,
        locationId: current.locationId,
        changes: diffFields({ status: current.status }, { status: next }),
      });
      return requireDriver(tx, auth, driverId);
    });

  const resendInvitation = async (auth: AuthContext, actor: Actor, driverId: string): Promise<Driver> => {
    const { driver, send } = await db.transaction(async (tx) => {
      const driver = await requireDriver(tx, auth, driverId, true);
      if (driver.status !== 'PENDING') throw new AppError('DRIVER_NOT_PENDING');
      const token = await issueInvitation(tx, driverId);
      await recordActivity(tx, actor, { action: 'driver.invitation_resent', entity: 'driver', entityId: driverId, locationId: driver.locationId });
      return { driver, send: await sendInvitations(tx, auth, driver.locationId, [{ email: driver.email, firstName: driver.firstName, token }]) };
    });
    send();
    return driver;
  };

  const remove = async (auth: AuthContext, actor: Actor, driverId: string): Promise<void> =>
    db.transaction(async (tx) => {
      const driver = await requireDriver(tx, auth, driverId, true);
      if (driver.subUserCount > 0) throw new AppError('DRIVER_HAS_SUB_USERS');
      await repo.deleteDriver(tx, driverId);
      await recordActivity(tx, actor, {
        action: 'driver.delete',
        entity: 'driver',
        entityId: driverId,
        locationId: driver.locationId,
        changes: { email: { before: driver.email, after: null }, idTags: { before: driver.idTags.map((t) => t.tag), after: null } },
      });
    });

  const sessions = async (auth: AuthContext, driverId: string, page: number, pageSize: number) => {
    const driver = await requireDriver(db, auth, driverId);
    return { ...(await driverSessions.listDriverSessions(db, driverId, page, pageSize, driver.role === 'user')), page, pageSize };
  };

  const importCsv = async (auth: AuthContext, actor: Actor, locationId: string, csv: Buffer) => {
    const result = await importDrivers(deps, auth, actor, locationId, csv);
    authorizer.forgetAll();
    return result;
  };

  /** Driver changes reach chargers at once: the cached answer for the driver's tags is dropped. */
  const forgetting =
    <A extends unknown[]>(work: (...args: A) => Promise<Driver>) =>
    async (...args: A): Promise<Driver> => {
      const driver = await work(...args);
      authorizer.forget({ driverIds: [driver.id], tags: driver.idTags.map((t) => t.tag) });
      return driver;
    };

  return {
    list,
    exportRows,
    get,
    register: forgetting(register),
    update: forgetting(update),
    setStatus: forgetting(setStatus),
    resendInvitation,
    remove: async (auth: AuthContext, actor: Actor, driverId: string) => {
      await remove(auth, actor, driverId);
      authorizer.forget({ driverIds: [driverId] });
    },
    sessions,
    importCsv,
    ...restrictions,
    /** For the OCPP endpoint: the answer to an idTag at a charger, and a running session's kWh limit. */
    authorizeTag: authorizer.authorize,
    energyLimitWh: authorizer.energyLimitWh,
    /** Driver payments changed what Authorize answers an account (a failed payment, a new card): read it again. */
    forgetAccount: (accountId: string) => authorizer.forget({ driverIds: [accountId] }),
    /** A location's unpaid-session rule changed. */
    forgetLocation: (locationId: string) => authorizer.forgetLocation(locationId),
  };
};

export type DriversService = ReturnType<typeof createDriversService>;
