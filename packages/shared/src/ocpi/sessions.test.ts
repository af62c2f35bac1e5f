import { describe, expect, it } from 'vitest';
import { ocpiCdrSchema } from './cdrs.ts';
import { ocpiSessionPatchSchema, ocpiSessionSchema } from './sessions.ts';

/*
 * The 2.2.1 release's own examples (examples/cdr_example.json, session_example_2_short_finished.json,
 * session_patch_example_charging_period.json). Their cdr_token lacks country_code and party_id, which the CdrToken
 * class of the same release requires (an erratum of the examples): added here.
 */
const cdr = {
  country_code: 'BE',
  party_id: 'BEC',
  id: '12345',
  start_date_time: '2015-06-29T21:39:09Z',
  end_date_time: '2015-06-29T23:37:32Z',
  cdr_token: { country_code: 'DE', party_id: 'ACC', uid: '012345678', type: 'RFID', contract_id: 'DE8ACC12E46L89' },
  auth_method: 'WHITELIST',
  cdr_location: {
    id: 'LOC1',
    name: 'Gent Zuid',
    address: 'F.Rooseveltlaan 3A',
    city: 'Gent',
    postal_code: '9000',
    country: 'BEL',
    coordinates: { latitude: '3.729944', longitude: '51.047599' },
    evse_uid: '3256',
    evse_id: 'BE*BEC*E041503003',
    connector_id: '1',
    connector_standard: 'IEC_62196_T2',
    connector_format: 'SOCKET',
    connector_power_type: 'AC_1_PHASE',
  },
  currency: 'EUR',
  tariffs: [
    {
      country_code: 'BE',
      party_id: 'BEC',
      id: '12',
      currency: 'EUR',
      elements: [{ price_components: [{ type: 'TIME', price: 2.0, vat: 10.0, step_size: 300 }] }],
      last_updated: '2015-02-02T14:15:01Z',
    },
  ],
  charging_periods: [{ start_date_time: '2015-06-29T21:39:09Z', dimensions: [{ type: 'TIME', volume: 1.973 }], tariff_id: '12' }],
  total_cost: { excl_vat: 4.0, incl_vat: 4.4 },
  total_energy: 15.342,
  total_time: 1.973,
  total_time_cost: { excl_vat: 4.0, incl_vat: 4.4 },
  last_updated: '2015-06-29T22:01:13Z',
};
const finished = {
  country_code: 'BE',
  party_id: 'BEC',
  id: '101',
  start_date_time: '2015-06-29T22:39:09Z',
  end_date_time: '2015-06-29T23:50:16Z',
  kwh: 41.0,
  cdr_token: { country_code: 'DE', party_id: 'ACC', uid: '123abc', type: 'RFID', contract_id: 'NL-TST-C12345678-S' },
  auth_method: 'WHITELIST',
  location_id: 'LOC1',
  evse_uid: '3256',
  connector_id: '1',
  currency: 'EUR',
  charging_periods: [
    {
      start_date_time: '2015-06-29T22:39:09Z',
      dimensions: [
        { type: 'ENERGY', volume: 120 },
        { type: 'MAX_CURRENT', volume: 30 },
      ],
    },
    {
      start_date_time: '2015-06-29T22:40:54Z',
      dimensions: [
        { type: 'ENERGY', volume: 41000 },
        { type: 'MIN_CURRENT', volume: 34 },
      ],
    },
    { start_date_time: '2015-06-29T23:07:09Z', dimensions: [{ type: 'PARKING_TIME', volume: 0.718 }], tariff_id: '12' },
  ],
  total_cost: { excl_vat: 8.5, incl_vat: 9.35 },
  status: 'COMPLETED',
  last_updated: '2015-06-29T23:50:17Z',
};
const patch = {
  kwh: 15.0,
  charging_periods: [{ start_date_time: '2019-06-23T08:16:02Z', dimensions: [{ type: 'ENERGY', volume: 2200 }] }],
  total_cost: { excl_vat: 0.8, incl_vat: 0.88 },
  last_updated: '2019-06-23T08:16:02Z',
};

describe('OCPI 2.2.1 Session and CDR schemas', () => {
  it('accept the specification’s examples', () => {
    expect(ocpiCdrSchema.safeParse(cdr).success).toBe(true);
    expect(ocpiSessionSchema.safeParse(finished).success).toBe(true);
    expect(ocpiSessionPatchSchema.safeParse(patch).success).toBe(true);
  });

  it('refuse what the text forbids: a token without its party, a float price as text, a PATCH without last_updated', () => {
    const { country_code: _country, ...token } = finished.cdr_token;
    expect(ocpiSessionSchema.safeParse({ ...finished, cdr_token: token }).success).toBe(false);
    expect(ocpiCdrSchema.safeParse({ ...cdr, total_cost: { excl_vat: '4.00' } }).success).toBe(false);
    const { last_updated: _updated, ...noDate } = patch;
    expect(ocpiSessionPatchSchema.safeParse(noDate).success).toBe(false);
    expect(ocpiCdrSchema.safeParse({ ...cdr, charging_periods: [] }).success).toBe(false);
  });
});
