import Decimal from 'decimal.js';

/**
 * decimal.js rounds every result (plus and minus too) to `precision` significant digits, 20 by
 * default. Balances are numeric(30,8) (30 digits), so the rules that compute with them use this
 * clone with room to spare; the server's ledger `Money` has the same settings.
 */
export const ExactDecimal = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN });
export type ExactDecimal = InstanceType<typeof ExactDecimal>;
