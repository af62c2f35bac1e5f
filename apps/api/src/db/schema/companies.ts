import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { locations } from './locations.ts';

/** The company behind a location (spec section 7's "company"): one per location, removed with it. */
export const companies = pgTable('companies', {
  id: id(),
  locationId: uuid('location_id')
    .notNull()
    .unique('companies_location_unique')
    .references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull(),
  taxId: text('tax_id').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  ...timestamps(),
});
