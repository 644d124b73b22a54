import { and, asc, gte, lte, sql } from 'drizzle-orm';
import type { BinInfo, CardBrand } from '@ledgerline/contract';
import type { Database, DbOrTx } from '../../db/client';
import { binRanges } from '../../db/schema';
import { CARD_PRODUCTS } from './catalogue';

type BinRangeSeed = Omit<typeof binRanges.$inferInsert, 'id' | 'createdAt'>;

/** Our fictional issuer, as it appears in the BIN directory. */
export const OWN_ISSUER = 'Ledgerline Card Issuing (test)';

/**
 * The BIN directory's starting rows: fictional issuers on well-known test prefixes (411111,
 * 424242, 555555, …: the numbers card networks and processors publish for testing), plus our own
 * issuer's ranges, one per product. None names a real bank.
 */
const THIRD_PARTY_RANGES: BinRangeSeed[] = [
  {
    binFrom: '411111',
    binTo: '411111',
    issuer: 'Northwind Test Bank',
    cardBrand: 'visa',
    cardCategory: 'classic',
    cardType: 'credit',
    countryCode: 'US',
    currencyCode: 'USD',
  },
  {
    binFrom: '424242',
    binTo: '424242',
    issuer: 'Tailspin Card Services',
    cardBrand: 'visa',
    cardCategory: 'classic',
    cardType: 'credit',
    countryCode: 'US',
    currencyCode: 'USD',
  },
  {
    binFrom: '400000',
    binTo: '400099',
    issuer: 'Contoso Savings Bank',
    cardBrand: 'visa',
    cardCategory: 'classic',
    cardType: 'debit',
    countryCode: 'GB',
    currencyCode: 'GBP',
  },
  {
    binFrom: '401288',
    binTo: '401288',
    issuer: 'Fabrikam Business Bank',
    cardBrand: 'visa',
    cardCategory: 'business',
    cardType: 'credit',
    countryCode: 'DE',
    currencyCode: 'EUR',
    isCommercial: true,
  },
  {
    binFrom: '431940',
    binTo: '431949',
    issuer: 'Banca Exemplu de Test',
    cardBrand: 'visa',
    cardCategory: 'prepaid',
    cardType: 'debit',
    countryCode: 'RO',
    currencyCode: 'RON',
    isPrepaid: true,
  },
  {
    binFrom: '555555',
    binTo: '555555',
    issuer: 'Woodgrove Test Bank',
    cardBrand: 'mastercard',
    cardCategory: 'standard',
    cardType: 'credit',
    countryCode: 'US',
    currencyCode: 'USD',
  },
  {
    binFrom: '520082',
    binTo: '520082',
    issuer: 'Adventure Works Bank',
    cardBrand: 'mastercard',
    cardCategory: 'standard',
    cardType: 'debit',
    countryCode: 'NL',
    currencyCode: 'EUR',
  },
  {
    binFrom: '222300',
    binTo: '222399',
    issuer: 'Wingtip Commercial Bank',
    cardBrand: 'mastercard',
    cardCategory: 'corporate',
    cardType: 'credit',
    countryCode: 'GB',
    currencyCode: 'GBP',
    isCommercial: true,
  },
  {
    binFrom: '516732',
    binTo: '516732',
    issuer: 'Banco Ejemplo de Pruebas',
    cardBrand: 'mastercard',
    cardCategory: 'gold',
    cardType: 'debit',
    countryCode: 'ES',
    currencyCode: 'EUR',
  },
  {
    binFrom: '545454',
    binTo: '545454',
    issuer: 'Litware Bank',
    cardBrand: 'mastercard',
    cardCategory: 'platinum',
    cardType: 'credit',
    countryCode: 'PT',
    currencyCode: 'EUR',
  },
];

const OWN_RANGES: BinRangeSeed[] = CARD_PRODUCTS.map((product) => ({
  binFrom: product.bin,
  binTo: product.bin,
  issuer: OWN_ISSUER,
  cardBrand: product.brand,
  cardCategory: product.isVirtual
    ? 'virtual'
    : product.name.includes('Platinum')
      ? 'platinum'
      : 'standard',
  cardType: 'debit',
  countryCode: 'LT',
  currencyCode: 'EUR',
  isPrepaid: product.subType === 'PREPAID',
  isOwnIssuer: true,
}));

export const BIN_DIRECTORY_SEED: readonly BinRangeSeed[] = [...OWN_RANGES, ...THIRD_PARTY_RANGES];

/** Adds the starting ranges that are missing; ranges an operator added or changed are left alone. */
export async function ensureBinDirectory(db: Database): Promise<void> {
  await db
    .insert(binRanges)
    .values([...BIN_DIRECTORY_SEED])
    .onConflictDoNothing();
}

function isCardBrand(value: string): value is CardBrand {
  return value === 'visa' || value === 'mastercard';
}

/** The narrowest range holding a six-digit BIN, as getBinInfo answers it; valid false when none does. */
export async function lookupBin(db: DbOrTx, bin: string): Promise<BinInfo> {
  const [range] = await db
    .select()
    .from(binRanges)
    .where(and(lte(binRanges.binFrom, bin), gte(binRanges.binTo, bin)))
    .orderBy(sql`${binRanges.binTo}::int - ${binRanges.binFrom}::int`, asc(binRanges.id))
    .limit(1);
  if (!range) {
    return {
      binNumber: bin,
      issuer: null,
      cardBrand: null,
      cardCategory: null,
      cardType: null,
      countryCode: null,
      currencyCode: null,
      isCommercial: false,
      isPrepaid: false,
      valid: false,
    };
  }
  return {
    binNumber: bin,
    issuer: range.issuer,
    cardBrand: isCardBrand(range.cardBrand) ? range.cardBrand : null,
    cardCategory: range.cardCategory,
    cardType: range.cardType === 'credit' ? 'credit' : 'debit',
    countryCode: range.countryCode,
    currencyCode: range.currencyCode,
    isCommercial: range.isCommercial,
    isPrepaid: range.isPrepaid,
    valid: true,
  };
}

/** The network of a card number by its leading digits (ISO/IEC 7812 ranges), for BINs the directory does not hold. */
export function brandFromNumber(cardNumber: string): CardBrand | null {
  if (cardNumber.startsWith('4')) return 'visa';
  const two = Number(cardNumber.slice(0, 2));
  const four = Number(cardNumber.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return null;
}
