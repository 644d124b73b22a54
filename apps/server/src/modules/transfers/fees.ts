import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { minorUnits } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { feeRules } from '../../db/schema';
import { Money } from '../ledger';

/** A converted amount or a fee in a currency's minor units, rounded half up (0.005 → 0.01). */
export function roundToCurrency(value: Money, currencyCode: string): Money {
  return value.toDecimalPlaces(minorUnits(currencyCode), Money.ROUND_HALF_UP);
}

export interface FeeRule {
  fixed: Money;
  percent: Money;
  min: Money;
  max: Money | null;
}

const NO_FEE: FeeRule = {
  fixed: new Money(0),
  percent: new Money(0),
  min: new Money(0),
  max: null,
};

/** The brand's rule for an operation: the one for the currency, else the general one, else no fee. */
export async function loadFeeRule(
  db: DbOrTx,
  brandId: string,
  operation: string,
  currencyCode: string,
): Promise<FeeRule> {
  const [row] = await db
    .select()
    .from(feeRules)
    .where(
      and(
        eq(feeRules.brandId, brandId),
        eq(feeRules.operation, operation),
        or(eq(feeRules.currencyCode, currencyCode), isNull(feeRules.currencyCode)),
      ),
    )
    .orderBy(sql`${feeRules.currencyCode} is null`, feeRules.id)
    .limit(1);
  if (!row) return NO_FEE;
  return {
    fixed: new Money(row.fixed),
    percent: new Money(row.percent),
    min: new Money(row.minFee),
    max: row.maxFee === null ? null : new Money(row.maxFee),
  };
}

/** fixed + percent of the amount, at least min and at most max, in the currency's minor units. */
export function feeFor(rule: FeeRule, amount: Money, currencyCode: string): Money {
  let fee = rule.fixed.plus(amount.times(rule.percent).dividedBy(100));
  if (fee.lessThan(rule.min)) fee = rule.min;
  if (rule.max !== null && fee.greaterThan(rule.max)) fee = rule.max;
  return roundToCurrency(fee, currencyCode);
}

/**
 * The largest amount (in steps of the currency's minor unit) for which `fits` holds, given that
 * `fits` holds for every smaller amount too; zero when even one minor unit does not fit.
 */
export function largestFitting(
  upperBound: Money,
  currencyCode: string,
  fits: (amount: Money) => boolean,
): Money {
  const unit = new Money(10).pow(-minorUnits(currencyCode));
  let low = new Money(0);
  let high = upperBound.dividedBy(unit).floor();
  while (low.lessThan(high)) {
    const middle = low.plus(high).plus(1).dividedBy(2).floor();
    if (fits(middle.times(unit))) low = middle;
    else high = middle.minus(1);
  }
  return low.times(unit);
}
