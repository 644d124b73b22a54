import Decimal from 'decimal.js';
import { CURRENCY_SYMBOLS } from './constants';
import { isCryptoAsset, minorUnits } from './dictionaries/currencies';

/**
 * Money as the customer sees it (spec 2 §9: at least 2 and at most 8 decimals; symbols EUR €,
 * USD $, AUD $, CAD $, GBP £, RON lei) and the exchange-rate rule (spec 2 §5). Amounts travel as
 * decimal strings and are handled with decimal.js, never as floats.
 */

export const MONEY_MIN_DECIMALS = 2;
export const MONEY_MAX_DECIMALS = 8;

/** The spec's symbol for a currency, or the code itself for any other currency. */
export function currencySymbol(code: string): string {
  const upper = code.trim().toUpperCase();
  return CURRENCY_SYMBOLS[upper] ?? upper;
}

const intlLocaleCache = new Map<string, string>();

/**
 * `ua` is our code for Ukrainian; Intl knows it as `uk` (see languages.ts). Remembered per
 * locale: `supportedLocalesOf` was the most expensive function of /home's first render in a
 * profile (decision 108), called for every amount on the screen.
 */
function intlLocale(locale: string | undefined): string {
  if (!locale) return 'en';
  const cached = intlLocaleCache.get(locale);
  if (cached !== undefined) return cached;
  const [base = '', ...rest] = locale.split(/[-_]/);
  const mapped = base.toLowerCase() === 'ua' ? 'uk' : base;
  const tag = [mapped, ...rest].join('-');
  let supported: string;
  try {
    supported = Intl.NumberFormat.supportedLocalesOf(tag).length > 0 ? tag : 'en';
  } catch {
    // A malformed tag (from a header or storage) formats as English rather than failing a screen.
    supported = 'en';
  }
  // Bounded: locales come from our six languages, but a header could send any tag.
  if (intlLocaleCache.size < 100) intlLocaleCache.set(locale, supported);
  return supported;
}

interface NumberSymbols {
  group: string;
  decimal: string;
  /** Some locales (es, pl) leave a four-digit whole part ungrouped: 1234,50 but 12.345,50. */
  groupsFourDigits: boolean;
}

const separatorCache = new Map<string, NumberSymbols>();

/**
 * The grouping and decimal separators of a locale, read from Intl. We group the digits ourselves
 * rather than let Intl format the number, because Intl would go through a float and lose digits of
 * a large amount with 8 decimals.
 */
function separators(locale: string): NumberSymbols {
  const cached = separatorCache.get(locale);
  if (cached) return cached;
  const format = new Intl.NumberFormat(locale);
  const parts = format.formatToParts(1234567.5);
  const found = {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    groupsFourDigits: format.formatToParts(1000).some((part) => part.type === 'group'),
  };
  separatorCache.set(locale, found);
  return found;
}

/** Inserts the group separator every three digits from the right. */
function groupThousands(digits: string, group: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3)
    groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(group);
}

/** Parses an amount exactly; a value that is not a finite number is a programming error upstream. */
function toDecimal(amount: string | number | Decimal): Decimal {
  const value = new Decimal(typeof amount === 'string' ? amount.trim() : amount);
  if (!value.isFinite()) throw new RangeError(`Not a finite amount: ${String(amount)}`);
  return value;
}

/** `value` with exactly `decimals` decimals (rounded half up), grouped by the locale's rules. */
function formatDecimal(value: Decimal, decimals: number, locale: string | undefined): string {
  let rounded = value.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  // A value that rounds to zero loses its sign ("-0.00" is noise).
  if (rounded.isZero()) rounded = new Decimal(0);
  const [whole = '0', fraction = ''] = rounded.abs().toFixed(decimals).split('.');
  const { group, decimal, groupsFourDigits } = separators(intlLocale(locale));
  const grouped = whole.length === 4 && !groupsFourDigits ? whole : groupThousands(whole, group);
  return `${rounded.isNegative() ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** Between 2 and 8 decimals: as many as the amount carries (spec 2 §9). */
function specDecimals(value: Decimal): number {
  const carried = value.toDecimalPlaces(MONEY_MAX_DECIMALS, Decimal.ROUND_HALF_UP).decimalPlaces();
  return Math.max(MONEY_MIN_DECIMALS, carried);
}

/**
 * The amount without a symbol or a currency to go by: 2 to 8 decimals (zeros beyond the second
 * dropped), grouped by locale.
 */
export function formatAmount(amount: string | number | Decimal, locale?: string): string {
  const value = toDecimal(amount);
  return formatDecimal(value, specDecimals(value), locale);
}

/**
 * How many decimals an amount in a currency shows: a currency's minor units (EUR 2, JPY 0), so a
 * balance never reads £845.1234; a crypto asset carries finer amounts and shows the spec's 2 to 8
 * (spec 2 §9, applied to the amounts that carry them).
 */
export function shownDecimals(amount: string | number | Decimal, currencyCode: string): number {
  return isCryptoAsset(currencyCode) ? specDecimals(toDecimal(amount)) : minorUnits(currencyCode);
}

/**
 * The amount with its currency, in the currency's decimals: a sign symbol goes before the number
 * (€1,234.50, -$5.00); a word-like symbol or a plain code goes after it with a space (12.00 lei,
 * 3.10 CHF), as they are read.
 */
export function formatMoney(
  amount: string | number | Decimal,
  currencyCode: string,
  locale?: string,
): string {
  const code = currencyCode.trim().toUpperCase();
  const text = formatDecimal(toDecimal(amount), shownDecimals(amount, code), locale);
  const symbol = currencySymbol(code);
  if (/\p{L}/u.test(symbol)) return `${text} ${symbol}`;
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** Exchange rates are read to 4 to 6 decimals (1 GBP = 1.134816 EUR), rounded half up. */
export const RATE_MIN_DECIMALS = 4;
export const RATE_MAX_DECIMALS = 6;

/** An exchange rate for reading: 4 to 6 decimals, grouped by locale; exact, never via a float. */
export function formatRate(rate: string | number | Decimal, locale?: string): string {
  const value = toDecimal(rate).toDecimalPlaces(RATE_MAX_DECIMALS, Decimal.ROUND_HALF_UP);
  return formatDecimal(value, Math.max(RATE_MIN_DECIMALS, value.decimalPlaces()), locale);
}

/** An IBAN as people read and type it: capitals, in groups of four (DE89 3704 0044 0532 0130 00). */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Whether an amount can be paid in its currency: no more decimals than the currency's minor units
 * (0.005 EUR or 1.5 JPY cannot; trailing zeros do not count, so 10.50 EUR can). A finer amount
 * would leave balances no one can pay out (issue 12), so every money-moving call and the ledger
 * refuse it. Anything that is not a finite decimal is not a valid amount either.
 */
export function hasValidMinorUnits(amount: string, currencyCode: string): boolean {
  let value: Decimal;
  try {
    value = new Decimal(amount.trim());
  } catch {
    return false;
  }
  return value.isFinite() && value.decimalPlaces() <= minorUnits(currencyCode);
}

/** The exact sum of decimal strings, as a plain decimal string (no exponent). */
export function sumMoney(values: readonly (string | number)[]): string {
  return values
    .reduce<Decimal>((sum, value) => sum.plus(toDecimal(value)), new Decimal(0))
    .toFixed();
}

/** No rate is known for a pair of different currencies. */
export class MissingExchangeRateError extends Error {
  constructor(
    readonly fromCurrencyCode: string,
    readonly toCurrencyCode: string,
  ) {
    super(`No exchange rate from ${fromCurrencyCode} to ${toCurrencyCode}`);
    this.name = 'MissingExchangeRateError';
  }
}

function currencyOrNull(code: string | null | undefined): string | null {
  const trimmed = code?.trim().toUpperCase();
  return trimmed ? trimmed : null;
}

/**
 * The rate to convert `from` into `to` (spec 2 §5): '1' when the currencies match or one is
 * missing, otherwise what `lookup` knows. Throws MissingExchangeRateError when it knows nothing,
 * so a caller never converts at a made-up rate.
 */
export function exchangeRateFor(
  from: string | null | undefined,
  to: string | null | undefined,
  lookup: (from: string, to: string) => string | undefined,
): string {
  const source = currencyOrNull(from);
  const target = currencyOrNull(to);
  if (source === null || target === null || source === target) return '1';
  const rate = lookup(source, target);
  if (rate === undefined) throw new MissingExchangeRateError(source, target);
  return rate;
}
