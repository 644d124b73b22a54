import type { Language } from '@ledgerline/domain/languages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { StatementRow, TransactionDetails } from '@ledgerline/contract';
import { selectRows, type DbOrTx } from '../../db/client';
import { accounts, ledgerTransfers, postings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findCustomerAccount } from '../accounts';
import { Money, moneyText } from '../ledger';
import { detailsOf, historyRowOf, toHistoryItem, type HistoryScope } from './query';

type AccountRow = typeof accounts.$inferSelect;

export function scopeOf(account: AccountRow): HistoryScope {
  return {
    accountId: account.id,
    customerId: account.customerId!,
    currencyCode: account.currencyCode,
  };
}

/** The customer's account a history call names; another customer's is not found. */
export async function historyAccount(
  db: DbOrTx,
  customerId: number,
  accountId: number,
): Promise<AccountRow> {
  return findCustomerAccount(db, customerId, accountId);
}

/** The first of the customer's accounts a transfer touched; not found when it touched none of them. */
export async function accountOfTransfer(
  db: DbOrTx,
  customerId: number,
  transferId: string,
): Promise<AccountRow> {
  const [row] = await db
    .select({ account: accounts })
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .where(and(eq(postings.transferId, transferId), eq(accounts.customerId, customerId)))
    .orderBy(asc(postings.id))
    .limit(1);
  if (!row) throw AppError.notFound('Transaction not found');
  return row.account;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A transaction as the customer's account saw it, with every posting (other customers' accounts unnamed). */
export async function transactionDetails(
  db: DbOrTx,
  customerId: number,
  transferId: string,
  lang: Language,
): Promise<TransactionDetails> {
  const account = await accountOfTransfer(db, customerId, transferId);
  const scope = scopeOf(account);
  const row = await historyRowOf(db, scope, transferId);
  if (!row) throw AppError.notFound('Transaction not found');
  const item = toHistoryItem(row, scope, lang);
  const details = detailsOf(row);
  const lines = await db
    .select({
      accountId: postings.accountId,
      amount: postings.amount,
      currencyCode: postings.currencyCode,
      pending: postings.pending,
      owner: accounts.customerId,
      systemRole: accounts.systemRole,
    })
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .where(eq(postings.transferId, transferId))
    .orderBy(asc(postings.id));
  const [transfer] = await db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, transferId));
  const [reversal] = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reversesTransferId, transferId))
    .limit(1);
  const roles = ['feeRevenue', 'fx', 'clearing', 'openingBalance'] as const;
  return {
    ...item,
    accountId: account.id,
    rate: text(details.rate) ?? '1',
    toAmount: text(details.toAmount),
    toCurrency: text(details.toCurrency),
    settledAt: transfer?.settledAt ? transfer.settledAt.toISOString() : null,
    reversesTransactionId: transfer?.reversesTransferId ?? null,
    reversedByTransactionId: reversal?.id ?? null,
    reason: text(details.returnReason) ?? text(details.reason) ?? text(details.rejectReason),
    postings: lines.map((line) => {
      const own = line.owner === customerId;
      const systemRole = roles.find((role) => role === line.systemRole);
      return {
        accountId: own ? line.accountId : null,
        role: own ? 'own' : (systemRole ?? 'otherCustomer'),
        amount: moneyText(line.amount),
        currency: line.currencyCode,
        pending: line.pending,
      };
    }),
  };
}

function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

function nextMonth(yearMonth: string): string {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

export function monthRange(yearMonth: string): { from: string; to: string } {
  return { from: `${yearMonth}-01T00:00:00Z`, to: `${nextMonth(yearMonth)}-01T00:00:00Z` };
}

/**
 * Monthly statements of an account, oldest first, from its first month (its opening or its first
 * posting, whichever is earlier) to the current one. Balances and totals are sums of the settled
 * postings (never the cached balance), so beginning + credit − debit = ending holds by
 * construction and the last ending balance equals the ledger balance.
 */
export async function statementRows(
  db: DbOrTx,
  account: AccountRow,
  now = new Date(),
): Promise<StatementRow[]> {
  const sums = await selectRows<{ ym: string; debit: string; credit: string }>(
    db,
    sql`select to_char(p.created_at at time zone 'UTC', 'YYYY-MM') as ym,
          coalesce(sum(-p.amount) filter (where p.amount < 0), 0)::text as debit,
          coalesce(sum(p.amount) filter (where p.amount > 0), 0)::text as credit
        from postings p where p.account_id = ${account.id} and not p.pending
        group by 1`,
  );
  const counts = await selectRows<{ ym: string; status: string; count: number | string }>(
    db,
    sql`select to_char(p.created_at at time zone 'UTC', 'YYYY-MM') as ym, t.status, count(*)::int as count
        from ledger_transfers t
        join postings p on p.transfer_id = t.id and p.account_id = ${account.id} and p.first_on_account
        where t.status in ('pending', 'rejected')
        group by 1, 2`,
  );
  const byMonth = new Map(sums.map((row) => [row.ym, row]));
  const months = [...byMonth.keys(), ...counts.map((row) => row.ym)].sort();
  let month = [months[0], monthKey(account.createdAt)]
    .filter((value): value is string => value !== undefined)
    .sort()[0]!;
  const last = monthKey(now);
  const rows: StatementRow[] = [];
  let balance = new Money(0);
  // Through the current month, or later when postings are dated ahead of the clock.
  const end = [last, ...byMonth.keys()].sort().at(-1)!;
  for (let index = 1; month <= end; index += 1, month = nextMonth(month)) {
    const sum = byMonth.get(month);
    const debit = new Money(sum?.debit ?? 0);
    const credit = new Money(sum?.credit ?? 0);
    const ending = balance.plus(credit).minus(debit);
    const count = (status: string) =>
      Number(counts.find((row) => row.ym === month && row.status === status)?.count ?? 0);
    rows.push({
      yearMonth: month,
      index,
      currency: account.currencyCode,
      beginningBalance: moneyText(balance),
      totalDebit: moneyText(debit),
      totalCredit: moneyText(credit),
      endingBalance: moneyText(ending),
      processingCount: count('pending'),
      rejectedCount: count('rejected'),
    });
    balance = ending;
  }
  return rows;
}

/** The settled movements of one account in one month, one line per transfer, oldest first. */
export interface StatementLine {
  transferId: string;
  createdAt: Date;
  kind: string;
  net: string;
  fee: string;
  customerId: number | null;
  details: Record<string, unknown>;
}

export async function statementLines(
  db: DbOrTx,
  accountId: number,
  yearMonth: string,
  limit?: number,
): Promise<StatementLine[]> {
  const { from, to } = monthRange(yearMonth);
  const rows = await selectRows<{
    transfer_id: string;
    created_at: string | Date;
    kind: string;
    net: string;
    fee: string;
    customer_id: number | null;
    details: Record<string, unknown> | string;
  }>(
    db,
    sql`select p.transfer_id, min(p.created_at) as created_at, t.kind, sum(p.amount)::text as net, t.fee::text as fee, t.customer_id, t.details
        from postings p join ledger_transfers t on t.id = p.transfer_id
        where p.account_id = ${accountId} and not p.pending and p.created_at >= ${from}::timestamptz and p.created_at < ${to}::timestamptz
        group by p.transfer_id, t.id
        order by min(p.created_at), p.transfer_id
        ${limit !== undefined ? sql`limit ${limit}` : sql``}`,
  );
  return rows.map((row) => ({
    transferId: row.transfer_id,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    kind: row.kind,
    net: moneyText(row.net),
    fee: moneyText(row.fee),
    customerId: row.customer_id,
    details: detailsOf(row),
  }));
}
