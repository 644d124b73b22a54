import { isSepaCountry } from './dictionaries/sepa';

/*
 * Rules of transfers that leave the bank over an external rail (spec 2 §3 "Transfers", §5, §6,
 * §9): the types, the permission flag each needs, which countries need bank and branch codes, the
 * payment-scheme country lists and the format checks of the beneficiary fields. Pure: the server
 * enforces them, the web shows the same answers before it submits.
 */

/** One submit method per type (spec 2 §7 "External transfers"). */
export const EXTERNAL_TRANSFER_TYPES = [
  'wire',
  'eft',
  'oct',
  'crypto_eft',
  'instant_payment',
  'interac',
] as const;
export type ExternalTransferType = (typeof EXTERNAL_TRANSFER_TYPES)[number];

/**
 * The operation name of each type inside the permission groups of spec 2 §6 (own-account and
 * other-person groups): crypto payouts are the "digital" operation, instant payments "instant".
 */
export const EXTERNAL_PERMISSION_OPERATION: Record<
  ExternalTransferType,
  'wire' | 'eft' | 'oct' | 'digital' | 'instant' | 'interac'
> = {
  wire: 'wire',
  eft: 'eft',
  oct: 'oct',
  crypto_eft: 'digital',
  instant_payment: 'instant',
  interac: 'interac',
};

/** The permission flag (`group.operation`) a transfer of a type needs: to oneself at another bank, or to someone else. */
export function externalPermissionFlag(type: ExternalTransferType, toOwnAccount: boolean): string {
  return `${toOwnAccount ? 'ownAccount' : 'otherPerson'}.${EXTERNAL_PERMISSION_OPERATION[type]}`;
}

/** Countries whose banks need a bank code and a branch code for EFT (spec 2 §5). */
export const BANK_AND_BRANCH_CODE_COUNTRIES = ['BR', 'JP', 'HK', 'LK'] as const;

export function needsBankAndBranchCode(countryCode: string): boolean {
  return (BANK_AND_BRANCH_CODE_COUNTRIES as readonly string[]).includes(countryCode.toUpperCase());
}

/** ACH reaches only the US and Faster Payments only GB (spec 2 §9); SEPA's scope is dictionaries/sepa.ts. */
export const ACH_COUNTRIES = ['US'] as const;
export const FASTER_PAYMENTS_COUNTRIES = ['GB'] as const;

/** How a wire travels: SEPA credit transfer (EUR), SWIFT, US ACH (USD) or UK Faster Payments (GBP). */
export const WIRE_SCHEMES = ['sepa', 'swift', 'ach', 'fasterPayments'] as const;
export type WireScheme = (typeof WIRE_SCHEMES)[number];

/** The currency a domestic scheme moves; SWIFT moves any. */
export const WIRE_SCHEME_CURRENCY: Record<WireScheme, string | null> = {
  sepa: 'EUR',
  swift: null,
  ach: 'USD',
  fasterPayments: 'GBP',
};

export function isSchemeCountry(scheme: WireScheme, countryCode: string): boolean {
  const code = countryCode.toUpperCase();
  if (scheme === 'sepa') return isSepaCountry(code);
  if (scheme === 'ach') return (ACH_COUNTRIES as readonly string[]).includes(code);
  if (scheme === 'fasterPayments')
    return (FASTER_PAYMENTS_COUNTRIES as readonly string[]).includes(code);
  return true;
}

/** ABA routing number: nine digits with the 3-7-1 weighted checksum. */
export function isAbaRoutingNumberValid(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return digits.reduce((sum, digit, index) => sum + digit * weights[index]!, 0) % 10 === 0;
}

/** Networks a crypto payout (crypto_eft) may go over, with the address format of each. */
export const CRYPTO_NETWORKS = ['bitcoin', 'ethereum', 'tron'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

const WALLET_PATTERNS: Record<CryptoNetwork, RegExp> = {
  // Legacy (1…), script (3…) base58 or bech32 (bc1…) mainnet addresses.
  bitcoin: /^(?:[13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[ac-hj-np-z02-9]{11,71})$/,
  ethereum: /^0x[0-9a-fA-F]{40}$/,
  tron: /^T[a-km-zA-HJ-NP-Z1-9]{33}$/,
};

export function isWalletAddressValid(network: CryptoNetwork, address: string): boolean {
  return WALLET_PATTERNS[network].test(address);
}

/** Keys an instant payment (BR PIX style) can be addressed by. */
export const INSTANT_KEY_TYPES = ['email', 'phone', 'taxId', 'random'] as const;
export type InstantKeyType = (typeof INSTANT_KEY_TYPES)[number];

/** A Brazilian CPF (11 digits) with its two check digits. */
export function isCpfValid(value: string): boolean {
  const digits = value.replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let index = 0; index < length; index += 1)
      sum += Number(digits[index]) * (length + 1 - index);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** A Brazilian CNPJ (14 digits) with its two check digits. */
export function isCnpjValid(value: string): boolean {
  const digits = value.replace(/[./\-\s]/g, '');
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const check = (length: number) => {
    const weights =
      length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13]);
}

/** Whether an instant key has the shape of its type (e-mail, E.164 phone, CPF/CNPJ, random UUID key). */
export function isInstantKeyValid(type: InstantKeyType, key: string): boolean {
  const value = key.trim();
  switch (type) {
    case 'email':
      return value.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
    case 'phone':
      return /^\+[1-9]\d{7,14}$/.test(value);
    case 'taxId':
      return isCpfValid(value) || isCnpjValid(value);
    case 'random':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
  }
}

/** Interac e-Transfer's rule for the security answer: 3 to 25 characters, no spaces. */
export function isInteracAnswerValid(answer: string): boolean {
  return /^\S{3,25}$/.test(answer);
}

/**
 * Where an external transfer is on its rail: submitted (the money sits in the rail's clearing
 * account until the rail settles it), settled (delivered), returned (the beneficiary bank sent it
 * back; reversed with new postings), rejected (never left: its second factor was declined or expired).
 */
export const RAIL_STATUSES = [
  'awaitingConfirmation',
  'submitted',
  'settled',
  'returned',
  'rejected',
] as const;
export type RailStatus = (typeof RAIL_STATUSES)[number];
