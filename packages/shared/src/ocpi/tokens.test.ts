import { describe, expect, it } from 'vitest';
import { ocpiAuthorizationInfoSchema, ocpiTokenPatchSchema, ocpiTokenSchema } from './tokens.ts';

/** The 2.2.1 text's own examples (examples/token_*.json) pass; what the text forbids does not. */
describe('OCPI Token schemas', () => {
  const appUser = {
    country_code: 'DE',
    party_id: 'TNM',
    uid: 'bdf21bce-fc97-11e8-8eb2-f2801f1b9fd1',
    type: 'APP_USER',
    contract_id: 'DE8ACC12E46L89',
    issuer: 'TheNewMotion',
    valid: true,
    whitelist: 'ALLOWED',
    last_updated: '2018-12-10T17:16:15Z',
  };
  const fullRfid = {
    ...appUser,
    uid: '12345678905880',
    type: 'RFID',
    visual_number: 'DF000-2001-8999-1',
    group_id: 'DF000-2001-8999',
    language: 'it',
    default_profile_type: 'GREEN',
    energy_contract: { supplier_name: 'Greenpeace Energy eG', contract_id: '0123456789' },
    last_updated: '2018-12-10T17:25:10Z',
  };

  it('accepts the specification examples, and a DateTime without zone or with fractions (UTC)', () => {
    for (const token of [
      appUser,
      fullRfid,
      { ...appUser, last_updated: '2018-12-10T17:16:15' },
      { ...appUser, last_updated: '2018-12-10T17:16:15.123Z' },
    ])
      expect(ocpiTokenSchema.safeParse(token).success).toBe(true);
    expect(ocpiTokenPatchSchema.safeParse({ valid: false, last_updated: '2019-06-19T02:11:11Z' }).success).toBe(true);
    expect(ocpiAuthorizationInfoSchema.safeParse({ allowed: 'ALLOWED', token: fullRfid, authorization_reference: 'REF-1' }).success).toBe(true);
  });

  it('refuses what the text rules out', () => {
    const wrong = [
      { ...appUser, uid: 'u'.repeat(37) },
      { ...appUser, uid: 'line\nbreak' },
      { ...appUser, party_id: 'TN' },
      { ...appUser, whitelist: 'SOMETIMES' },
      { ...appUser, last_updated: '2018-12-10 17:16:15' },
      { ...appUser, last_updated: '2018-02-30T99:00:00Z' },
      { ...fullRfid, energy_contract: { contract_id: '1' } },
      { ...appUser, valid: undefined },
    ];
    for (const token of wrong) expect(ocpiTokenSchema.safeParse(token).success).toBe(false);
    expect(ocpiTokenPatchSchema.safeParse({ valid: false }).success).toBe(false);
    expect(ocpiAuthorizationInfoSchema.safeParse({ allowed: 'MAYBE', token: fullRfid }).success).toBe(false);
  });
});
