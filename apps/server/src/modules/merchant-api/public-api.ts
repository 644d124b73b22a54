import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { LATEST_DAY, type PublicPayment } from '@ledgerline/contract';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain';
import { selectRows, type DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { Money, moneyText } from '../ledger';

/*
 * What the public API v1 reads (issue 18): the company's payment accounts and the payments that
 * reached or left them. A payment is one ledger transfer as one of the company's accounts saw it;
 * moves between the company's own accounts are not payments and stay out.
 */

export async function companyBalances(db: DbOrTx, customerId: number) {
  const rows = await db
    .select({
      accountId: accounts.id,
      currency: accounts.currencyCode,
      name: accounts.name,
      balance: accounts.balance,
      pendingAmount: accounts.pendingAmount,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, customerId),
        eq(accounts.type, ACCOUNT_TYPES.payment),
        ne(accounts.accountStatusId, ACCOUNT_STATUS.closed),
      ),
    )
    .orderBy(accounts.id);
  return rows.map((row) => ({
    accountId: row.accountId,
    currency: row.currency,
    name: row.name,
    available: moneyText(new Money(row.balance).minus(row.pendingAmount)),
    current: moneyText(row.balance),
  }));
}

interface Cursor {
  atMicros: bigint;
  transferId: string;
  accountId: number;
}

const MAX_MICROS = BigInt(Date.parse(`${LATEST_DAY}T23:59:59.999Z`)) * 1000n + 999n;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(
    `${cursor.atMicros}.${cursor.transferId}.${cursor.accountId}`,
    'utf8',
  ).toString('base64url');
}

/** A cursor sent back, checked before it reaches SQL (the history cursor's lesson, issue 12). */
function decodeCursor(text: string): Cursor {
  const plain = Buffer.from(text, 'base64url').toString('utf8');
  const match =
    /^(\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9]\d{0,9})$/.exec(
      plain,
    );
  const cursor = match
    ? { atMicros: BigInt(match[1]!), transferId: match[2]!, accountId: Number(match[3]!) }
    : null;
  if (cursor === null || cursor.atMicros > MAX_MICROS || cursor.accountId > 2_147_483_647)
    throw AppError.invalid({ cursor: 'validation.invalidValue' }, 'The page cursor is not valid');
  return cursor;
}

interface PaymentRow {
  id: string;
  account_id: number;
  kind: string;
  status: PublicPayment['status'];
  currency_code: string;
  description: string | null;
  created_at: string | Date;
  settled_at: string | Date | null;
  at_us: string;
  net: string;
}

function iso(value: string | Date | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function paymentView(row: PaymentRow): PublicPayment {
  const net = new Money(row.net);
  return {
    id: row.id,
    accountId: row.account_id,
    direction: net.isNegative() ? 'sent' : 'received',
    amount: moneyText(net.abs()),
    currency: row.currency_code,
    status: row.status,
    kind: row.kind,
    description: row.description,
    createdAt: iso(row.created_at)!,
    settledAt: iso(row.settled_at),
  };
}

/**
 * The rows of the company's payments: one per transfer and account of the company, its net as
 * the account saw it (the settled postings once there are any, else the pending reservation).
 */
function paymentsSql(customerId: number, conditions: SQL[], limit: number): SQL {
  const where = [
    sql`a.customer_id = ${customerId}`,
    sql`a.type = ${ACCOUNT_TYPES.payment}`,
    sql`t.kind <> 'betweenAccounts'`,
    ...conditions,
  ];
  return sql`select t.id, p.account_id, t.kind, t.status, a.currency_code,
      left(t.details->>'description', 256) as description, t.created_at, t.settled_at,
      (extract(epoch from t.created_at) * 1000000)::bigint::text as at_us,
      (case when bool_or(not p.pending) then sum(p.amount) filter (where not p.pending)
            else sum(p.amount) end)::text as net
    from ledger_transfers t
    join postings p on p.transfer_id = t.id
    join accounts a on a.id = p.account_id
    where ${sql.join(where, sql` and `)}
    group by t.id, p.account_id, a.currency_code
    order by t.created_at desc, t.id desc, p.account_id desc
    limit ${limit}`;
}

export async function companyPayments(
  db: DbOrTx,
  customerId: number,
  page: { limit: number; cursor: string | undefined },
): Promise<{ payments: PublicPayment[]; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  if (page.cursor !== undefined) {
    const cursor = decodeCursor(page.cursor);
    const at = sql`(extract(epoch from t.created_at) * 1000000)::bigint`;
    const micros = sql`${cursor.atMicros.toString()}::bigint`;
    conditions.push(
      sql`(${at} < ${micros} or (${at} = ${micros} and (t.id < ${cursor.transferId}::uuid
        or (t.id = ${cursor.transferId}::uuid and p.account_id < ${cursor.accountId}))))`,
    );
  }
  const rows = await selectRows<PaymentRow>(
    db,
    paymentsSql(customerId, conditions, page.limit + 1),
  );
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    payments: shown.map(paymentView),
    nextCursor:
      rows.length > page.limit && last
        ? encodeCursor({
            atMicros: BigInt(last.at_us),
            transferId: last.id,
            accountId: last.account_id,
          })
        : null,
  };
}

/** One payment of the company by its id; another company's, or none, is "not found". */
export async function companyPayment(
  db: DbOrTx,
  customerId: number,
  id: string,
): Promise<PublicPayment> {
  const [row] = await selectRows<PaymentRow>(
    db,
    paymentsSql(customerId, [sql`t.id = ${id}::uuid`], 1),
  );
  if (!row) throw AppError.notFound('No such payment');
  return paymentView(row);
}
