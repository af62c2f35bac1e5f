import { AppError, type Meter, type MeterFields } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { createdFields, diffFields, recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import * as repo from './meters.repository.ts';
import { locationExists } from './utility.repository.ts';

const view = (row: repo.MeterRow): Meter => ({
  id: row.id,
  locationId: row.locationId,
  meterNumber: row.meterNumber,
  utility: row.utility,
  unit: row.unit,
  note: row.note,
  updatedAt: row.updatedAt.toISOString(),
});
const fieldsOf = (row: repo.MeterRow): MeterFields => ({ meterNumber: row.meterNumber, utility: row.utility, unit: row.unit, note: row.note });

/** 23505: the location already has a meter with that number. */
const isTaken = (error: { code?: string; cause?: { code?: string } }) => error.code === '23505' || error.cause?.code === '23505';

/** Meters of a location (menu utility-info, spec section 7's "meters"), with an activity row per change. */
export const createMetersService = ({ db }: { db: Database }) => {
  const requireMeter = async (auth: AuthContext, id: string) => {
    const meter = await repo.findMeter(db, id);
    if (!meter) throw new AppError('METER_NOT_FOUND');
    assertLocationAccess(auth, meter.locationId);
    return meter;
  };

  const list = async (locationId: string) => ({ items: (await repo.listMeters(db, locationId)).map(view) });

  const create = async (actor: Actor, locationId: string, fields: MeterFields) => {
    if (!(await locationExists(db, locationId))) throw new AppError('LOCATION_NOT_FOUND');
    const row = await db.transaction(async (tx) => {
      const inserted = await repo.insertMeter(tx, locationId, fields);
      if (!inserted) throw new AppError('METER_TAKEN');
      await recordActivity(tx, actor, { action: 'meter.added', entity: 'meter', entityId: inserted.id, locationId, changes: createdFields(fields) });
      return inserted;
    });
    return { responseCode: 201, msg: ['meter added'], meter: view(row) };
  };

  const update = async (auth: AuthContext, actor: Actor, id: string, fields: MeterFields) => {
    const before = await requireMeter(auth, id);
    const row = await db.transaction(async (tx) => {
      const updated = await repo.updateMeter(tx, id, fields).catch((error: { code?: string; cause?: { code?: string } }) => {
        if (isTaken(error)) throw new AppError('METER_TAKEN');
        throw error;
      });
      if (!updated) throw new AppError('METER_NOT_FOUND');
      const changes = diffFields(fieldsOf(before), fields);
      if (Object.keys(changes).length)
        await recordActivity(tx, actor, { action: 'meter.updated', entity: 'meter', entityId: id, locationId: before.locationId, changes });
      return updated;
    });
    return { responseCode: 200, msg: ['meter updated'], meter: view(row) };
  };

  const remove = async (auth: AuthContext, actor: Actor, id: string) => {
    const before = await requireMeter(auth, id);
    await db.transaction(async (tx) => {
      await repo.deleteMeter(tx, id);
      const changes = Object.fromEntries(Object.entries(fieldsOf(before)).map(([key, value]) => [key, { before: value, after: null }]));
      await recordActivity(tx, actor, { action: 'meter.removed', entity: 'meter', entityId: id, locationId: before.locationId, changes });
    });
    return { responseCode: 200, msg: ['meter removed'] };
  };

  return { list, create, update, remove };
};

export type MetersService = ReturnType<typeof createMetersService>;
