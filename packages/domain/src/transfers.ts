import Decimal from 'decimal.js';
import { minorUnits } from './dictionaries/currencies';
import { ExactDecimal } from './exact-decimal';

/*
 * Figures a transfer form shows before it submits (spec 2 §5), computed exactly as the server
 * quotes them: a toAmount in the target currency costs toAmount ÷ rate in the source currency,
 * rounded half up to the source currency's minor units; the fee comes on top.
 */

/** What leaves the source account for `toAmount` to arrive (before the fee); the same amount when the currencies match. */
export function sourceAmountFor(
  toAmount: string,
  rate: string,
  fromCurrency: string,
  toCurrency: string,
): string {
  if (fromCurrency === toCurrency) return new ExactDecimal(toAmount).toFixed();
  // The quotient keeps 50 significant digits before the one rounding to minor units, so a
  // 22-digit balance converts exactly as the server's ledger would (default decimal.js keeps 20).
  return new ExactDecimal(toAmount)
    .dividedBy(rate)
    .toDecimalPlaces(minorUnits(fromCurrency), Decimal.ROUND_HALF_UP)
    .toFixed();
}

/** The whole debit of the source account: the amount plus the fee (both in the source currency). */
export function totalDebit(sourceAmount: string, fee: string): string {
  return new Decimal(sourceAmount).plus(fee).toFixed();
}

/**
 * An amount as people type it, in the API's form: spaces dropped and a decimal comma read as a
 * point ("1 250,5" → "1250.5"). Anything else is left for the amount check to refuse.
 */
export function normalizeAmountInput(text: string): string {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  return compact.includes('.') ? compact : compact.replace(',', '.');
}

/** Whether `amount` is above `max` (both decimal strings): the form says so before the server does. */
export function exceedsAmount(amount: string, max: string): boolean {
  return new Decimal(amount).greaterThan(max);
}
