import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Why a partner URL was refused; the message names the URL's host, never our network's internals. */
export class PartnerUrlError extends Error {}

// Addresses a partner URL may not reach: a partner could otherwise make us call our own services (SSRF).
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast and reserved up to 255.255.255.255
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 reaches IPv4 addresses behind it
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) is the IPv4 address it maps. */
const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

export const isPrivateAddress = (address: string): boolean => {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return true;
  return blocked.check(plain, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * Every URL a partner gives us (versions, endpoints, command response URLs) passes here before we call it: http(s)
 * only, and — unless private addresses are allowed (outside production) — no host that resolves to a loopback,
 * private, link-local or unique-local address. Every resolved address counts, so a name with one public and one
 * private address is refused.
 */
export const checkPartnerUrl = async (url: string, { allowPrivate }: { allowPrivate: boolean }): Promise<URL> => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PartnerUrlError(`${url.slice(0, 100)} is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new PartnerUrlError(`${parsed.protocol} URLs are not allowed, only http(s)`);
  if (parsed.username || parsed.password) throw new PartnerUrlError('URLs with a user name or password are not allowed');
  if (allowPrivate) return parsed;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string }[];
  try {
    addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new PartnerUrlError(`The host ${host} could not be resolved`);
  }
  if (addresses.length === 0 || addresses.some(({ address }) => isPrivateAddress(address)))
    throw new PartnerUrlError(`The host ${host} is on a private or local network; partner URLs must be public addresses`);
  return parsed;
};
