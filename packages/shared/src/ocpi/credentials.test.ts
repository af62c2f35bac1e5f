import { describe, expect, it } from 'vitest';
import { ocpiCredentialsSchema, ocpiVersionDetailsSchema, ocpiVersionListSchema } from './credentials.ts';

// The 2.2.1 release's own examples (examples/credentials_example*.json, version_details_example.json, versions_info_example.json).
const cpoWithLogo = {
  token: '9e80ae10-28be-11e9-b210-d663bd873d93',
  url: 'https://example.com/ocpi/versions/',
  roles: [
    {
      role: 'CPO',
      party_id: 'EXA',
      country_code: 'NL',
      business_details: {
        name: 'Example Operator',
        logo: {
          url: 'https://example.com/img/logo.jpg',
          thumbnail: 'https://example.com/img/logo_thumb.jpg',
          category: 'OPERATOR',
          type: 'jpeg',
          width: 512,
          height: 512,
        },
        website: 'http://example.com',
      },
    },
  ],
};

describe('OCPI credentials objects', () => {
  it("accepts the spec's examples", () => {
    expect(ocpiCredentialsSchema.safeParse(cpoWithLogo).success).toBe(true);
    const platform = {
      ...cpoWithLogo,
      roles: ['EXO', 'PFC', 'CGP'].map((party_id) => ({ role: 'CPO', party_id, country_code: 'NL', business_details: { name: party_id } })),
    };
    expect(ocpiCredentialsSchema.safeParse(platform).success).toBe(true);
    expect(
      ocpiVersionListSchema.safeParse([
        { version: '2.1.1', url: 'https://www.server.com/ocpi/2.1.1/' },
        { version: '2.2', url: 'https://www.server.com/ocpi/2.2/' },
      ]).success,
    ).toBe(true);
    expect(
      ocpiVersionDetailsSchema.safeParse({
        version: '2.2',
        endpoints: [{ identifier: 'credentials', role: 'SENDER', url: 'https://example.com/ocpi/2.2/credentials/' }],
      }).success,
    ).toBe(true);
  });

  it('refuses tokens with spaces or over 64 characters, no roles, a repeated role and a long party id', () => {
    const role = cpoWithLogo.roles[0]!;
    for (const bad of [
      { ...cpoWithLogo, token: 'two words' },
      { ...cpoWithLogo, token: 'x'.repeat(65) },
      { ...cpoWithLogo, roles: [] },
      { ...cpoWithLogo, roles: [role, { ...role, party_id: 'exa' }] },
      { ...cpoWithLogo, roles: [{ ...role, party_id: 'TOOLONG' }] },
      { ...cpoWithLogo, url: 'not a url' },
    ])
      expect(ocpiCredentialsSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
  });
});
