import type { Executor } from '../client.ts';
import { companies } from '../schema/index.ts';
import { DEMO_LOCATIONS } from './demo-locations.ts';

/** The demo host's company, the one its agreement names (seedAgreement), behind the first demo location. */
export const DEMO_COMPANY = {
  name: 'Embarcadero Properties LLC',
  addressLine1: '4 Embarcadero Center',
  addressLine2: 'Suite 1400',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94111',
  taxId: '94-3175521',
  email: 'facilities@embarcadero-properties.example.com',
  phone: '+1 415 555 0142',
} as const;

export const seedCompany = async (tx: Executor, locationIds: Map<string, string>) => {
  await tx.insert(companies).values({ locationId: locationIds.get(DEMO_LOCATIONS[0]!.key)!, ...DEMO_COMPANY });
};
