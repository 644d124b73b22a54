import { ACCESS_LEVELS, isBusinessCustomerType } from './constants';

/*
 * The merchant's public API (issue 18): who may manage a company's API keys, webhooks and logs,
 * what a key may be allowed to do, and the allowed IP ranges its calls must come from. Pure
 * rules, used by the server's checks and by the web's merchant screens.
 */

/**
 * Merchant tools are a business's (spec 2 §2); the API key, API log and webhook log pages need
 * full access (spec 2 §6). A personal customer, a read-only user, an initiator or a documents-only
 * representative acting for a company has none of them.
 */
export function hasMerchantRights(input: { customerType: number; accessRights: number }): boolean {
  return (
    isBusinessCustomerType(input.customerType) && input.accessRights === ACCESS_LEVELS.fullAccess
  );
}

/**
 * What a key may do: read balances and payments; create payment requests and refunds; pull
 * pre-approved payments (issue 18). A key holds at least one.
 */
export const API_KEY_SCOPES = ['read', 'payment-requests', 'preapproved-pulls'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The prefix every secret starts with, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'llk_live_';

/** Field limits of the API key and allowed-IP popups (spec 2 §8 leaves them to us). */
export const MERCHANT_NAME_MAX = 64;
/** The most keys and allowed ranges one company may hold. */
export const API_KEYS_PER_COMPANY = 20;
export const ALLOWED_IPS_PER_COMPANY = 50;

export type IpFamily = 4 | 6;

export interface ParsedIp {
  family: IpFamily;
  value: bigint;
}

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // No leading zeros: 010 reads as octal in some parsers and as ten in others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups: number[] = [];
  const parts = text.split(':');
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]!;
    // An IPv4 tail (::ffff:192.0.2.1) counts as two groups.
    if (index === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4(part);
      if (v4 === null) return null;
      groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    } else {
      if (!/^[0-9a-fA-F]{1,4}$/.test(part)) return null;
      groups.push(Number.parseInt(part, 16));
    }
  }
  return groups;
}

function parseIpv6(text: string): bigint | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0]!);
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(Math.max(missing, 0)).fill(0), ...tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

const IPV4_MAPPED = 0xffff_0000_0000n;

/**
 * An IPv4 or IPv6 address in its usual text forms (no zone, no brackets, no port), or null. An
 * IPv4-mapped IPv6 address (::ffff:192.0.2.1, how a dual-stack server sees an IPv4 caller)
 * reads as the IPv4 address, so ranges written in IPv4 match it.
 */
export function parseIp(text: string): ParsedIp | null {
  if (text.length === 0 || text.length > 45) return null;
  const v4 = parseIpv4(text);
  if (v4 !== null) return { family: 4, value: v4 };
  if (!text.includes(':')) return null;
  const v6 = parseIpv6(text);
  if (v6 === null) return null;
  if (v6 >> 32n === IPV4_MAPPED >> 32n) return { family: 4, value: v6 & 0xffff_ffffn };
  return { family: 6, value: v6 };
}

export type IpRangeProblem = 'ipFrom' | 'ipTo' | 'family' | 'order';

/** Why ipFrom–ipTo is not a range (a bad address, two families, from after to), or null. */
export function ipRangeProblem(ipFrom: string, ipTo: string): IpRangeProblem | null {
  const from = parseIp(ipFrom);
  if (from === null) return 'ipFrom';
  const to = parseIp(ipTo);
  if (to === null) return 'ipTo';
  if (from.family !== to.family) return 'family';
  return from.value > to.value ? 'order' : null;
}

/** Whether `ip` lies in ipFrom–ipTo (both ends included; another family never does). */
export function isIpInRange(ip: string, range: { ipFrom: string; ipTo: string }): boolean {
  const address = parseIp(ip);
  const from = parseIp(range.ipFrom);
  const to = parseIp(range.ipTo);
  if (address === null || from === null || to === null) return false;
  if (address.family !== from.family || address.family !== to.family) return false;
  return address.value >= from.value && address.value <= to.value;
}
