import { ACCESS_LEVELS, isBusinessCustomerType } from './constants';
import { parseIp } from './ip-address';

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
