/*
 * IP addresses as the security centre's whitelist and the merchant API's allowed ranges read
 * them: one parser for both (and for the server's checks of a caller's address).
 */

/** A parsed IP address: its family and its value as one integer (IPv4 32 bits, IPv6 128 bits). */
export interface ParsedIp {
  family: 4 | 6;
  value: bigint;
}

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // No leading zeros: "010" is octal to some tools and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const byte = Number(part);
    if (byte > 255) return null;
    value = (value << 8n) | BigInt(byte);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (text.length > 45 || (text.match(/::/g)?.length ?? 0) > 1) return null;
  let head = text;
  let tailV4: bigint | null = null;
  // An embedded IPv4 tail (::ffff:192.0.2.1) counts as the last two groups.
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tailV4 = parseIpv4(text.slice(lastColon + 1));
    if (tailV4 === null) return null;
    // Two placeholder groups stand for the tail; its value is put in below.
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [left = '', right] = head.split('::');
  const leftGroups = left === '' ? [] : left.split(':');
  const rightGroups = right === undefined || right === '' ? [] : right.split(':');
  const group = /^[0-9a-fA-F]{1,4}$/;
  if (![...leftGroups, ...rightGroups].every((g) => group.test(g))) return null;
  const total = leftGroups.length + rightGroups.length;
  let groups: string[];
  if (right === undefined) {
    if (total !== 8) return null;
    groups = leftGroups;
  } else {
    if (total > 7) return null;
    groups = [...leftGroups, ...Array<string>(8 - total).fill('0'), ...rightGroups];
  }
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(parseInt(g, 16));
  if (tailV4 !== null) value = (value & ~0xffffffffn) | tailV4;
  return value;
}

const V4_MAPPED_PREFIX = 0xffffn << 32n;

/**
 * Parses an IPv4 or IPv6 address as typed (no zone, no prefix length). An IPv4-mapped IPv6
 * address (::ffff:192.0.2.1, what a dual-stack server sees for IPv4 callers) counts as the IPv4
 * address, so an entry and a caller compare alike whichever way the address was written.
 */
export function parseIp(text: string): ParsedIp | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 45) return null;
  if (!trimmed.includes(':')) {
    const v4 = parseIpv4(trimmed);
    return v4 === null ? null : { family: 4, value: v4 };
  }
  const v6 = parseIpv6(trimmed);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn && (v6 & ~0xffffffffn) === V4_MAPPED_PREFIX)
    return { family: 4, value: v6 & 0xffffffffn };
  return { family: 6, value: v6 };
}

/** True when `ip` lies in [from, to] (a single address when `to` is null). Different families never match. */
export function ipInRange(ip: ParsedIp, from: ParsedIp, to: ParsedIp | null): boolean {
  const end = to ?? from;
  if (ip.family !== from.family || end.family !== from.family) return false;
  return ip.value >= from.value && ip.value <= end.value;
}
