import { AppError, networkMessages, type Company, type CompanyFields, type CompanyResponse } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { createdFields, diffFields, recordActivity, type Actor } from '../../lib/audit.ts';
import * as repo from './company.repository.ts';

const view = (row: repo.CompanyRow): Company => ({
  id: row.id,
  locationId: row.locationId,
  name: row.name,
  addressLine1: row.addressLine1,
  addressLine2: row.addressLine2,
  city: row.city,
  state: row.state,
  zipCode: row.zipCode,
  taxId: row.taxId,
  email: row.email,
  phone: row.phone,
  updatedAt: row.updatedAt.toISOString(),
});

const fieldsOf = (row: repo.CompanyRow): CompanyFields => ({
  name: row.name,
  addressLine1: row.addressLine1,
  addressLine2: row.addressLine2,
  city: row.city,
  state: row.state,
  zipCode: row.zipCode,
  taxId: row.taxId,
  email: row.email,
  phone: row.phone,
});

/** The company behind a location (spec section 7's "company"); location reach is checked by the route's guard. */
export const createCompanyService = ({ db }: { db: Database }) => {
  const get = async (locationId: string): Promise<CompanyResponse> => {
    if (!(await repo.locationExists(db, locationId))) throw new AppError('LOCATION_NOT_FOUND');
    const row = await repo.findByLocation(db, locationId);
    return { company: row ? view(row) : null };
  };

  /** Creates or replaces the company; the activity row holds only the fields that changed, none when nothing did. */
  const save = async (actor: Actor, locationId: string, fields: CompanyFields) => {
    if (!(await repo.locationExists(db, locationId))) throw new AppError('LOCATION_NOT_FOUND');
    const row = await db.transaction(async (tx) => {
      const before = await repo.findByLocationForUpdate(tx, locationId);
      const saved = await repo.upsert(tx, locationId, fields);
      const changes = before ? diffFields(fieldsOf(before), fields) : createdFields(fields);
      if (Object.keys(changes).length)
        await recordActivity(tx, actor, {
          action: before ? 'company.updated' : 'company.created',
          entity: 'company',
          entityId: saved.id,
          locationId,
          changes,
        });
      return saved;
    });
    return { responseCode: 200, msg: [networkMessages.companyUpdated], company: view(row) };
  };

  return { get, save };
};

export type CompanyService = ReturnType<typeof createCompanyService>;
