import { sql } from 'drizzle-orm';
import type { TotalBalance } from '@ledgerline/contract';
import { mainCurrency } from '@ledgerline/domain/accounts';
import { minorUnits } from '@ledgerline/domain';
import { selectRows, type DbOrTx } from '../../db/client';
import { conversionFactorSql, conversionRatesSql } from '../rates';
import { listAccounts } from './service';

/** The main currency of a customer, from the account rows (packages/domain mainCurrency). */
export async function customerMainCurrency(db: DbOrTx, customerId: number): Promise<string> {
  const rows = await listAccounts(db, customerId);
  return mainCurrency(rows.map((row) => ({ ...row, accountId: row.id })));
}

/**
 * Home's total: every account's settled balance in the main currency, converted in SQL with
 * exact numerics at the newest rates and rounded once, to the main currency's minor units.
 * Money in a currency without a rate is left out and named, never guessed.
 */
export async function totalBalance(db: DbOrTx, customerId: number): Promise<TotalBalance> {
  const main = await customerMainCurrency(db, customerId);
  const decimals = minorUnits(main);
  const factor = conversionFactorSql(sql`a.currency_code`, main);
  const [row] = await selectRows<{
    total: string | null;
    converted: boolean | null;
    rate_date: string | Date | null;
    excluded: string[] | null;
  }>(
    db,
    sql`with ${conversionRatesSql(main)}
        select round(coalesce(sum(a.balance * ${factor}) filter (where ${factor} is not null), 0), ${decimals}::int)::text as total,
          coalesce(bool_or(a.currency_code <> ${main} and ${factor} is not null), false) as converted,
          -- The oldest of the rates used: the converted currencies' and the main currency's own.
          least(
            min(r.date) filter (where a.currency_code <> ${main} and ${factor} is not null),
            case when bool_or(a.currency_code <> ${main} and ${factor} is not null)
              then (select date from rates where quote = ${main}) end
          ) as rate_date,
          array_agg(distinct a.currency_code) filter (where ${factor} is null) as excluded
        from accounts a
        left join rates r on r.quote = a.currency_code
        where a.customer_id = ${customerId} and a.balance <> 0`,
  );
  const rateDate = row?.rate_date ?? null;
  return {
    currencyCode: main,
    total: row?.total ?? (0).toFixed(decimals),
    isConverted: row?.converted ?? false,
    rateDate:
      rateDate === null
        ? null
        : typeof rateDate === 'string'
          ? rateDate.slice(0, 10)
          : rateDate.toISOString().slice(0, 10),
    excludedCurrencies: row?.excluded ?? [],
  };
}
