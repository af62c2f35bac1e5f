import { DEMO_LOCATIONS } from '../src/db/seed/demo-locations.ts';

/** Where global-setup.ts tells the test files about the templates it prepared for this run. */
export const TEMPLATE_ENV = {
  pgliteMigrated: 'WATTDESK_TEST_PGLITE_MIGRATED',
  pgliteSeeded: 'WATTDESK_TEST_PGLITE_SEEDED',
  pgliteSeededAt: 'WATTDESK_TEST_PGLITE_SEEDED_AT',
  postgresMigrated: 'WATTDESK_TEST_POSTGRES_MIGRATED',
  postgresSeeded: 'WATTDESK_TEST_POSTGRES_SEEDED',
  postgresSeededAt: 'WATTDESK_TEST_POSTGRES_SEEDED_AT',
} as const;

const ZONES = ['UTC', ...new Set(DEMO_LOCATIONS.map((location) => location.timeZone))];
const dayIn = (at: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/**
 * Whether demo data seeded at `seededAt` still says what seeding it now would say. The seed places its
 * sessions, licences and rates by day, so a copy seeded before a midnight (in UTC or at a demo location) is
 * not used after it: the test file seeds its own instead, as every file did before the templates.
 */
export const seededTemplateIsCurrent = (seededAt: number, now = Date.now()) =>
  Number.isFinite(seededAt) && seededAt > 0 && ZONES.every((zone) => dayIn(seededAt, zone) === dayIn(now, zone));
