import type { CardBrand, CardShipping } from '@ledgerline/contract';
import { EEA_COUNTRY_CODES } from '@ledgerline/domain';

/*
 * The cards our fictional issuer offers, their fees and shipping. Products are code, not data: a
 * product's type id is also the card account's `type` (spec 2 §3: 2006–2135), so a product is
 * never renumbered once cards of it exist. Fees are per card currency and are charged in it.
 */

export interface CardProductFees {
  issue: string;
  annual: string;
  monthly: string;
  /** Charged when a physical card is activated (0 for most products). */
  activation: string;
}

export interface CardProductDefinition {
  cardType: number;
  name: string;
  isVirtual: boolean;
  brand: CardBrand;
  /** DEBIT spends from the customer's payment account in the card currency; PREPAID holds its own balance. */
  subType: 'DEBIT' | 'PREPAID';
  /** Our issuer's BIN the product's card numbers start with (listed in bin-directory.ts as our own). */
  bin: string;
  /** Countries whose residents may apply; null: everywhere we serve. */
  countries: ReadonlySet<string> | null;
  fees: Readonly<Record<string, CardProductFees>>;
  /** PREPAID products: what loading and unloading allow (issue 16). */
  prepaid?: PrepaidTerms;
}

/** Limits of one prepaid product in one card currency, in that currency. */
export interface PrepaidLimits {
  /** The smallest load worth making. */
  minLoad: string;
  /** The most one load may bring. */
  maxLoad: string;
  /** Loads per UTC day and per UTC month, pending ones included. */
  daily: string;
  monthly: string;
  /** The most the card may hold, loads still being confirmed included. */
  maxBalance: string;
}

export interface PrepaidTerms {
  /** Whether money may go back from the card to an account (a gift card's would not). */
  unload: boolean;
  limits: Readonly<Record<string, PrepaidLimits>>;
}

const prepaidLimits = (
  minLoad: string,
  maxLoad: string,
  daily: string,
  monthly: string,
  maxBalance: string,
): PrepaidLimits => ({ minLoad, maxLoad, daily, monthly, maxBalance });

/** The EEA, the United Kingdom and Switzerland: where the card printer ships. */
const SHIPPING_COUNTRIES: ReadonlySet<string> = new Set([...EEA_COUNTRY_CODES, 'GB', 'CH']);

/** Express couriers (1–2 working days) reach only these; elsewhere express is 'notAvailableInCountry'. */
const EXPRESS_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'GB',
  'IE',
  'IT',
  'NL',
  'SE',
]);

const fees = (
  issue: string,
  annual: string,
  monthly: string,
  activation = '0',
): CardProductFees => ({ issue, annual, monthly, activation });

export const CARD_PRODUCTS: readonly CardProductDefinition[] = [
  {
    cardType: 2006,
    name: 'Virtual Visa Debit',
    isVirtual: true,
    brand: 'visa',
    subType: 'DEBIT',
    bin: '459761',
    countries: null,
    fees: { EUR: fees('1.00', '0', '0'), USD: fees('1.00', '0', '0'), GBP: fees('1.00', '0', '0') },
  },
  {
    cardType: 2007,
    name: 'Virtual Mastercard Prepaid',
    isVirtual: true,
    brand: 'mastercard',
    subType: 'PREPAID',
    bin: '535918',
    countries: null,
    fees: { EUR: fees('0.50', '0', '0'), USD: fees('0.50', '0', '0') },
    // An everyday prepaid card: its money is the customer's, so it may go back to an account.
    prepaid: {
      unload: true,
      limits: {
        EUR: prepaidLimits('5', '2500', '5000', '10000', '10000'),
        USD: prepaidLimits('5', '2500', '5000', '10000', '10000'),
      },
    },
  },
  {
    cardType: 2020,
    name: 'Mastercard Debit',
    isVirtual: false,
    brand: 'mastercard',
    subType: 'DEBIT',
    bin: '535917',
    countries: SHIPPING_COUNTRIES,
    fees: {
      EUR: fees('5.00', '0', '1.50'),
      GBP: fees('4.50', '0', '1.25'),
      RON: fees('25.00', '0', '7.50'),
    },
  },
  {
    cardType: 2021,
    name: 'Visa Platinum Debit',
    isVirtual: false,
    brand: 'visa',
    subType: 'DEBIT',
    bin: '459762',
    countries: SHIPPING_COUNTRIES,
    fees: { EUR: fees('25.00', '60.00', '0', '5.00'), USD: fees('27.00', '65.00', '0', '5.50') },
  },
];

export function findCardProduct(cardType: number): CardProductDefinition | undefined {
  return CARD_PRODUCTS.find((product) => product.cardType === cardType);
}

export function isProductOffered(product: CardProductDefinition, countryCode: string): boolean {
  return product.countries === null || product.countries.has(countryCode);
}

export type ShippingType = CardShipping['type'];

/** Shipping choices by id (the id travels in applyCard's shippingId). */
export const SHIPPING_OPTIONS = {
  standard: { id: 1, type: 'standard', deliveryTime: '5-7' },
  express: { id: 2, type: 'express', deliveryTime: '1-2' },
  none: { id: 3, type: 'none', deliveryTime: '0' },
} as const satisfies Record<ShippingType, { id: number; type: ShippingType; deliveryTime: string }>;

/** Express courier prices per currency; standard post is free. */
const EXPRESS_FEES: Readonly<Record<string, string>> = {
  EUR: '15.00',
  USD: '17.00',
  GBP: '13.00',
  RON: '75.00',
};

export function shippingFee(type: ShippingType, currencyCode: string): string {
  if (type !== 'express') return '0';
  const fee = EXPRESS_FEES[currencyCode];
  if (fee === undefined) throw new Error(`cards: no express shipping price in ${currencyCode}`);
  return fee;
}

export function shippingById(id: number): ShippingType | undefined {
  return (Object.values(SHIPPING_OPTIONS) as { id: number; type: ShippingType }[]).find(
    (option) => option.id === id,
  )?.type;
}

export function isExpressAvailable(countryCode: string): boolean {
  return EXPRESS_COUNTRIES.has(countryCode);
}

/** The shipping choices of a product: a virtual card is not shipped; a physical one by post or courier. */
export function shippingTypesFor(product: CardProductDefinition): ShippingType[] {
  return product.isVirtual ? ['none'] : ['standard', 'express'];
}

/** A card is valid for three years, to the end of the month it was issued in. */
export const CARD_VALIDITY_YEARS = 3;
