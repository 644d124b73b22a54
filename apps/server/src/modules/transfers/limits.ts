import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../db/client';
import { ledgerTransfers, transferLimits } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { Money, moneyText, TRANSFER_KINDS } from '../ledger';

export interface LimitState {
  period: 'single' | 'daily' | 'monthly';
  limit: Money;
  used: Money;
  remaining: Money;
  currency: string;
}

const PERIOD_ORDER = { single: 0, daily: 1, monthly: 2 } as const;

/** A limit as the database answers it: its period, amount and what its day or month has used. */
export interface LimitRow {
  period: string;
  amount: string;
  used: string;
}

/** The start of the current UTC day and month, from which the daily and monthly limits count. */
function periodStarts(now: Date): { day: Date; month: Date } {
  return {
    day: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    month: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}

/**
 * A JSON array of the customer's limits in a currency (LimitRow, in id order), each with what
 * its day or month has used: one expression, so a read that finds the account can bring them
 * along (quote-reads.ts). `customerId` and `currencyCode` may be columns of the outer query,
 * named with their table (`l` and `t` are this expression's own). Read
 * it after the customer lock, in a statement of its own snapshot: then the sums hold every
 * transfer the lock waited for.
 */
export function limitRowsSql(
  customerId: SQL,
  currencyCode: SQL,
  now = new Date(),
): SQL<LimitRow[]> {
  const { day, month } = periodStarts(now);
  return sql<LimitRow[]>`(select coalesce(json_agg(json_build_object(
      'period', l.period,
      'amount', l.amount::text,
      'used', case when l.period = 'single' then '0' else (
        select coalesce(sum(t.amount), 0)::text from ${ledgerTransfers} t
        where t.customer_id = l.customer_id and t.currency_code = l.currency_code
          and t.kind in (${sql.join(
            TRANSFER_KINDS.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          and t.status in ('pending', 'settled')
          and t.created_at >= case when l.period = 'daily' then ${day.toISOString()}::timestamptz else ${month.toISOString()}::timestamptz end
      ) end) order by l.id), '[]'::json)
    from ${transferLimits} l
    where l.customer_id = ${customerId} and l.currency_code = ${currencyCode})`;
}

/** The limit states of LimitRow's, single first, then daily and monthly. */
export function limitStatesOf(rows: readonly LimitRow[], currencyCode: string): LimitState[] {
  const out: LimitState[] = [];
  for (const row of rows) {
    const period = row.period as LimitState['period'];
    if (!(period in PERIOD_ORDER)) continue;
    const used = new Money(row.used);
    const limit = new Money(row.amount);
    const remaining = Money.max(limit.minus(used), 0);
    out.push({ period, limit, used, remaining, currency: currencyCode });
  }
  return out.sort((a, b) => PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period]);
}

/** The customer's limits for accounts in a currency and what the current UTC day and month used. */
export async function limitStates(
  db: DbOrTx,
  customerId: number,
  currencyCode: string,
  now = new Date(),
): Promise<LimitState[]> {
  const [row] = await selectRows<{ limits: LimitRow[] }>(
    db,
    sql`select ${limitRowsSql(sql`${customerId}`, sql`${currencyCode}`, now)} as limits`,
  );
  return limitStatesOf(row?.limits ?? [], currencyCode);
}

export function checkLimits(states: LimitState[], amount: Money): void {
  for (const state of states) {
    if (amount.greaterThan(state.remaining)) {
      throw AppError.invalid(
        { amount: 'validation.limitExceeded' },
        `The amount is above your ${state.period} limit (${moneyText(state.remaining)} ${state.currency} left)`,
      );
    }
  }
}

/**
 * A mass batch against the customer's limits (issue 17): each row against the single limit, the
 * batch's total against what the day and the month have left.
 */
export async function checkBatchLimits(
  db: DbOrTx,
  customerId: number,
  currencyCode: string,
  amounts: Money[],
): Promise<void> {
  const states = await limitStates(db, customerId, currencyCode);
  if (states.length === 0) return;
  const largest = amounts.reduce((max, amount) => Money.max(max, amount), new Money(0));
  const total = amounts.reduce((sum, amount) => sum.plus(amount), new Money(0));
  checkLimits(
    states.filter((state) => state.period === 'single'),
    largest,
  );
  checkLimits(
    states.filter((state) => state.period !== 'single'),
    total,
  );
}
