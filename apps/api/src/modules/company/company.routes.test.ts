import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { DEMO_COMPANY } from '../../db/seed/demo-company.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { expectRefusal } from '../../../test/expect-refusal.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';
import type { UserType } from '@wattdesk/shared';

const company = {
  name: 'Mission Bay Holdings Inc.',
  addressLine1: '1600 Owens Street',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94158',
  taxId: '77-1234567',
  email: 'ap@missionbay.example.com',
  phone: '+1 415 555 0199',
};

describe('company (spec section 7): the organisation behind a location', () => {
  let t: TestApp;
  let ids: Record<string, string>;
  const tokens = new Map<UserType, string>();
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoLocationIds(t.database.db);
    for (const type of ['Admin', 'ReadonlyAdmin', 'PortfolioManager', 'Reseller', 'MobileAdmin'] as const)
      tokens.set(type, (await loginAs(t.app, type)).access_token);
  });
  afterAll(() => t.close());

  const call = (type: UserType, method: 'GET' | 'PUT', locationId: string, body?: Record<string, unknown>) =>
    t.app.inject(
      authed(tokens.get(type)!, {
        method,
        url: '/web/company',
        ...(method === 'GET' ? { query: { locationId } } : { payload: { locationId, ...body } }),
      }),
    );
  const auditOf = (locationId: string) =>
    t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'company'), eq(activityLogs.locationId, locationId)));

  it('shows the demo company, and null for a location without one', async () => {
    const seeded = await call('ReadonlyAdmin', 'GET', ids['sf-embarcadero']!);
    expect(seeded.statusCode).toBe(200);
    expect(seeded.json()).toMatchObject({ company: { ...DEMO_COMPANY, locationId: ids['sf-embarcadero'] } });
    expect((await call('Admin', 'GET', ids['sf-civic-center']!)).json()).toEqual({ company: null });
  });

  it('creates then changes a company, with one audit row per save holding only what changed', async () => {
    const locationId = ids['sf-mission-bay']!;
    const created = await call('Admin', 'PUT', locationId, company);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ msg: ['company information updated'], company: { ...company, addressLine2: '', locationId } });
    const changed = await call('PortfolioManager', 'PUT', locationId, { ...company, phone: '', email: 'billing@missionbay.example.com' });
    expect(changed.json()).toMatchObject({ company: { email: 'billing@missionbay.example.com', phone: '' } });
    // The same fields again change nothing and log nothing.
    await call('PortfolioManager', 'PUT', locationId, { ...company, phone: '', email: 'billing@missionbay.example.com' });
    const rows = await auditOf(locationId);
    expect(rows.map((row) => row.action).sort()).toEqual(['company.created', 'company.updated']);
    expect(rows.find((row) => row.action === 'company.updated')?.changes).toEqual({
      email: { before: company.email, after: 'billing@missionbay.example.com' },
      phone: { before: company.phone, after: '' },
    });
    expect((await call('Admin', 'GET', locationId)).json()).toMatchObject({ company: { email: 'billing@missionbay.example.com' } });
  });

  it('answers 400 with each field’s message', async () => {
    const response = await call('Admin', 'PUT', ids['sf-civic-center']!, {
      name: ' ',
      addressLine1: '1 Main',
      city: 'S4n Fr4ncisco',
      state: 'CA',
      zipCode: '1',
      taxId: '#',
      email: 'not-an-email',
      phone: 'call me',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string[] }>().msg).toEqual(
      expect.arrayContaining([
        'Company name Field is required',
        'City Should be alphabetic only',
        'Zip code must be 3 to 10 letters or digits',
        'Tax id must be 2 to 30 letters, digits, spaces, dots or dashes',
        'Please enter a valid email-id',
        'Contact phone must be a phone number, e.g. +1 415 555 0100',
      ]),
    );
    expect(await auditOf(ids['sf-civic-center']!)).toEqual([]);
    const unknownField = await call('Admin', 'PUT', ids['sf-civic-center']!, { ...company, owner: 'me' });
    expect(unknownField.statusCode).toBe(400);
  });

  it('refuses types without the permission, read-only types’ changes, and locations out of reach', async () => {
    expect((await call('Reseller', 'GET', ids['sj-diridon']!)).statusCode).toBe(403);
    expect((await call('MobileAdmin', 'GET', ids['oak-uptown']!)).statusCode).toBe(403);
    expect((await call('ReadonlyAdmin', 'PUT', ids['sf-embarcadero']!, company)).statusCode).toBe(403);
    expect((await call('Admin', 'PUT', ids['oak-uptown']!, company)).statusCode).toBe(403);
    expect((await call('Admin', 'GET', ids['oak-uptown']!)).statusCode).toBe(403);
    expect((await call('ReadonlyAdmin', 'GET', ids['sf-embarcadero']!)).json()).toMatchObject({ company: { name: DEMO_COMPANY.name } });
  });

  it('answers 404 for a location that does not exist, for SuperAdmin who reaches every location', async () => {
    const token = (await loginAs(t.app, 'SuperAdmin')).access_token;
    const response = await t.app.inject(
      authed(token, { method: 'GET', url: '/web/company', query: { locationId: '00000000-0000-4000-8000-000000000000' } }),
    );
    expectRefusal(response, 404, 'LOCATION_NOT_FOUND', ['Location not found']);
  });
});
