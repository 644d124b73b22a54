import Decimal from 'decimal.js';

/*
 * How a transfer's review writes what the customer checks before money moves (issue 13): an IBAN
 * or account number in groups of four, as printed on statements and cards, and an exchange rate
 * to a precision people can compare (a rate quoted to ten decimals reads as broken).
 */

/** Significant decimals an exchange rate keeps on screen: enough to check a conversion to the cent. */
export const RATE_DISPLAY_DECIMALS = 6;

/** "ES9121000418450200051332" → "ES91 2100 0418 4502 0005 1332"; spaces typed by the customer are ignored. */
export function groupInFours(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A rate to at most RATE_DISPLAY_DECIMALS decimals, rounded half up, without trailing zeros ("1.1348161598" → "1.134816"). */
export function formatRate(rate: string | number): string {
  let value: Decimal;
  try {
    value = new Decimal(String(rate).trim());
  } catch {
    return String(rate);
  }
  if (!value.isFinite()) return String(rate);
  return value.toDecimalPlaces(RATE_DISPLAY_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
}
