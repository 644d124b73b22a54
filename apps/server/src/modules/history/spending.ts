import { sql } from 'drizzle-orm';
import type { SpendingByMonth } from '@ledgerline/contract';
import { minorUnits } from '@ledgerline/domain';
import { selectRows, type DbOrTx } from '../../db/client';
import { customerMainCurrency } from '../accounts';
import { conversionFactorSql, conversionRatesSql } from '../rates';

/** The calendar months (UTC) from `count - 1` months before `now` to now's month, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/**
 * Home's spending chart: what left the customer's accounts per calendar month (UTC), in the main
 * currency, summed and rounded in SQL (exact numerics, rounded once per month to the currency's
 * minor units).
 *
 * A transfer counts by the net of its settled postings on all of the customer's accounts, each
 * converted at the newest rate: a move between the customer's own accounts nets to nothing (an own
 * exchange to its fee, which did leave), money received is no spending, and a reversed transfer
 * and its reversal are both left out (the money came back). Pending reservations are not spending
 * yet; a transfer counts in the month it settled. Money in a currency without a rate is left out
 * and named.
 */
export async function spendingByMonth(
  db: DbOrTx,
  customerId: number,
  count: number,
  now = new Date(),
): Promise<SpendingByMonth> {
  const main = await customerMainCurrency(db, customerId);
  const decimals = minorUnits(main);
  const months = lastMonths(now, count);
  const from = `${months[0]}-01T00:00:00Z`;
  const factor = conversionFactorSql(sql`p.currency_code`, main);
  const rows = await selectRows<{
    ym: string;
    amount: string;
    converted: boolean;
    excluded: string[] | null;
  }>(
    db,
    sql`with ${conversionRatesSql(main)},
        moves as (
          select to_char(p.created_at at time zone 'UTC', 'YYYY-MM') as ym, p.transfer_id,
            sum(p.amount * ${factor}) as net,
            bool_or(p.currency_code <> ${main}) as converted,
            array_agg(distinct p.currency_code) filter (where ${factor} is null) as unpriced
          from postings p
          join ledger_transfers t on t.id = p.transfer_id
          left join rates r on r.quote = p.currency_code
          where p.account_id in (select id from accounts where customer_id = ${customerId})
            and not p.pending
            and p.created_at >= ${from}::timestamptz
            and t.status <> 'reversed' and t.reverses_transfer_id is null
          group by 1, 2
        )
        select ym,
          round(coalesce(sum(-net) filter (where unpriced is null and net < 0), 0), ${decimals}::int)::text as amount,
          coalesce(bool_or(converted) filter (where unpriced is null and net < 0), false) as converted,
          (select array_agg(distinct c) from moves m2, unnest(m2.unpriced) c where m2.ym = moves.ym) as excluded
        from moves
        group by ym`,
  );
  const byMonth = new Map(rows.map((row) => [row.ym, row]));
  const zero = (0).toFixed(decimals);
  return {
    currencyCode: main,
    months: months.map((yearMonth) => ({
      yearMonth,
      amount: byMonth.get(yearMonth)?.amount ?? zero,
    })),
    isConverted: months.some((yearMonth) => byMonth.get(yearMonth)?.converted === true),
    excludedCurrencies: [
      ...new Set(months.flatMap((yearMonth) => byMonth.get(yearMonth)?.excluded ?? [])),
    ].sort(),
  };
}
