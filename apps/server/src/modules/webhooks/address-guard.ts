import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/errors';

/*
 * Where a webhook may be sent (issue 18, SSRF): only to http(s) URLs whose host resolves to public
 * addresses. The check runs when an endpoint is saved and again at every delivery, inside the
 * socket's own DNS lookup, so the address checked is the address connected to (DNS can change
 * between the two; a host that answers a public address at save and a private one later is
 * refused then). Outside production loopback and private addresses are allowed: the test
 * merchant servers listen on loopback.
 */

/** Address ranges that are not the public internet (IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // (IPv4-mapped addresses, ::ffff:a.b.c.d, meet the IPv4 ranges: BlockList maps them itself.)
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is on the public internet (not loopback, private, link-local, unique-local, …). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  return !NOT_PUBLIC.check(address, 'ipv6');
}

/** The URL's host as an address or name (IPv6 literals without their brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export interface AddressPolicy {
  /** Loopback and private addresses allowed (outside production). */
  allowPrivate: boolean;
}

const notPublic = () =>
  AppError.invalid(
    { url: 'validation.webhookUrlNotPublic' },
    'The URL must lead to a public address on the internet',
  );

/**
 * Refuses a URL that is not http(s) or, under the production policy, whose host is or resolves
 * to an address that is not public (every address it resolves to must be).
 */
export async function checkWebhookUrl(text: string, policy: AddressPolicy): Promise<void> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw AppError.invalid({ url: 'validation.webhookUrl' }, 'The URL is not valid');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw AppError.invalid(
      { url: 'validation.webhookUrl' },
      'The URL must be http or https, without credentials',
    );
  if (policy.allowPrivate) return;
  const host = hostOf(url);
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw notPublic();
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw AppError.invalid(
      { url: 'validation.webhookUrlUnresolvable' },
      'The URL’s host name does not resolve',
    );
  }
  if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address)))
    throw notPublic();
}

/** The error a delivery meets when its host resolves to an address the policy refuses. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor() {
    super('The host resolves to an address that is not public');
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup for node:http that refuses non-public addresses under the production policy: the
 * socket connects only to an address this function checked.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      if (addresses.length === 0) return callback(new BlockedAddressError(), '', 4);
      if (!policy.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address)))
        return callback(new BlockedAddressError(), '', 4);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}
