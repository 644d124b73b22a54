import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

/** The customer's limits for accounts in a currency and what the current UTC day and month used. */
export async function limitStates(
  db: DbOrTx,
  customerId: number,
  currencyCode: string,
  now = new Date(),
): Promise<LimitState[]> {
  const rows = await db
    .select()
    .from(transferLimits)
    .where(
      and(eq(transferLimits.customerId, customerId), eq(transferLimits.currencyCode, currencyCode)),
    )
    .orderBy(asc(transferLimits.id));
  const order = { single: 0, daily: 1, monthly: 2 } as const;
  const out: LimitState[] = [];
  for (const row of rows) {
    const period = row.period as LimitState['period'];
    if (!(period in order)) continue;
    let used = new Money(0);
    if (period !== 'single') {
      const since =
        period === 'daily'
          ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
          : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [sum] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)::text` })
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.customerId, customerId),
            eq(ledgerTransfers.currencyCode, currencyCode),
            inArray(ledgerTransfers.kind, [...TRANSFER_KINDS]),
            inArray(ledgerTransfers.status, ['pending', 'settled']),
            gte(ledgerTransfers.createdAt, since),
          ),
        );
      used = new Money(sum?.total ?? '0');
    }
    const limit = new Money(row.amount);
    const remaining = Money.max(limit.minus(used), 0);
    out.push({ period, limit, used, remaining, currency: currencyCode });
  }
  return out.sort((a, b) => order[a.period] - order[b.period]);
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
