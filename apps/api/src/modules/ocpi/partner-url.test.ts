import { describe, expect, it } from 'vitest';
import { checkPartnerUrl, isPrivateAddress, PartnerUrlError } from './partner-url.ts';

describe('partner URL check', () => {
  it('counts loopback, private, link-local, unique-local and mapped addresses as private, public ones not', () => {
    for (const address of [
      '127.0.0.1',
      '10.9.8.7',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses other schemes and credentials in the URL even where private addresses are allowed', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/versions', 'https://user:pw@example.com/versions', 'nonsense'])
      await expect(checkPartnerUrl(url, { allowPrivate: true }), url).rejects.toBeInstanceOf(PartnerUrlError);
    await expect(checkPartnerUrl('http://127.0.0.1:9/versions', { allowPrivate: true })).resolves.toBeInstanceOf(URL);
  });

  it('refuses literal and resolved private hosts when private addresses are not allowed', async () => {
    for (const url of ['http://127.0.0.1/versions', 'https://[::1]/versions', 'http://[::ffff:7f00:1]/x', 'http://localhost:8080/versions'])
      await expect(checkPartnerUrl(url, { allowPrivate: false }), url).rejects.toThrow(/private or local network/);
    await expect(checkPartnerUrl('https://93.184.216.34/ocpi/versions', { allowPrivate: false })).resolves.toBeInstanceOf(URL);
  });
});
