import { Decimal } from 'decimal.js';
import { hasValidMinorUnits, minorUnits } from '@ledgerline/domain';
import { AppError } from '../../lib/errors';

/**
 * decimal.js rounds every result (plus and minus too) to `precision` significant digits, 20 by
 * default; numeric(30,8) holds 30, so the ledger uses its own clone with room to spare.
 */
export const Money = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN });
export type Money = InstanceType<typeof Money>;

/** What the database column accepts: at most 22 integer digits and 8 decimals. */
// eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
const MONEY_TEXT = /^-?\d{1,22}(\.\d{1,8})?$/;

/** Parses an amount string exactly; refuses anything that is not a plain decimal with at most 8 decimals. */
export function parseMoney(value: string): Money {
  if (!MONEY_TEXT.test(value))
    throw new Error(`Not a money amount: ${JSON.stringify(value.slice(0, 40))}`);
  return new Money(value);
}

/** The canonical text of an amount: no exponent, no trailing zeros ('100.50000000' → '100.5'). */
export function moneyText(value: Money | string): string {
  const decimal = typeof value === 'string' ? new Money(value) : value;
  return decimal.isZero() ? '0' : decimal.toFixed();
}

/**
 * Refuses an amount finer than its currency's minor units (0.005 EUR, 1.5 JPY) as a validation
 * error on `field`, before anything is quoted or posted (issue 12: such amounts were booked).
 */
export function requireMinorUnits(
  amount: Money | string,
  currencyCode: string,
  field: string,
): void {
  // A Money is already parsed: its decimal places are read, not printed and parsed again.
  const valid =
    typeof amount === 'string'
      ? hasValidMinorUnits(amount, currencyCode)
      : amount.isFinite() && amount.decimalPlaces() <= minorUnits(currencyCode);
  if (!valid) {
    throw AppError.invalid(
      { [field]: 'validation.amountMinorUnits' },
      `${currencyCode} amounts have at most ${minorUnits(currencyCode)} decimals`,
    );
  }
}
