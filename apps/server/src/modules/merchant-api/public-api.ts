import { and, eq, ne, sql } from 'drizzle-orm';
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
  postingId: bigint;
}

const MAX_MICROS = BigInt(Date.parse(`${LATEST_DAY}T23:59:59.999Z`)) * 1000n + 999n;
const MAX_POSTING_ID = 2n ** 63n - 1n;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.atMicros}.${cursor.postingId}`, 'utf8').toString('base64url');
}

/** A cursor sent back, checked before it reaches SQL (the history cursor's lesson, issue 12). */
function decodeCursor(text: string): Cursor {
  const plain = Buffer.from(text, 'base64url').toString('utf8');
  const match = /^(\d{1,20})\.(\d{1,20})$/.exec(plain);
  const cursor = match ? { atMicros: BigInt(match[1]!), postingId: BigInt(match[2]!) } : null;
  if (
    cursor === null ||
    cursor.atMicros > MAX_MICROS ||
    cursor.postingId < 1n ||
    cursor.postingId > MAX_POSTING_ID
  )
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

/** The account's net of a transfer: its settled postings once there are any, else the pending reservation. */
const NET_SQL = sql`(select (case when bool_or(not q.pending) then sum(q.amount) filter (where not q.pending)
    else sum(q.amount) end)::text
  from postings q where q.transfer_id = x.id and q.account_id = x.account_id)`;

/**
 * A page of the company's payments. A payment is one transfer as one payment account of the
 * company saw it, at that account's first posting of it (the history's representative row). Each
 * account's newest postings come from its own index walk (postings_account_created, a LATERAL
 * per account, at most a page each), so a page costs the same at any depth of history; the nets
 * are summed for the page's rows only.
 */
export async function companyPayments(
  db: DbOrTx,
  customerId: number,
  page: { limit: number; cursor: string | undefined },
): Promise<{ payments: PublicPayment[]; nextCursor: string | null }> {
  const cursor = page.cursor === undefined ? null : decodeCursor(page.cursor);
  const after = cursor
    ? sql`and (p.created_at, p.id) < (timestamptz 'epoch' + ${cursor.atMicros.toString()}::bigint * interval '1 microsecond', ${cursor.postingId.toString()}::bigint)`
    : sql``;
  const take = page.limit + 1;
  const rows = await selectRows<PaymentRow & { at_us: string; posting_id: string }>(
    db,
    sql`select x.*, ${NET_SQL} as net
    from accounts a
    cross join lateral (
      select t.id, p.account_id, t.kind, t.status, a.currency_code,
        left(t.details->>'description', 256) as description, t.created_at, t.settled_at,
        (extract(epoch from p.created_at) * 1000000)::bigint::text as at_us, p.id::text as posting_id,
        p.created_at as posted_at, p.id as pid
      from postings p
      join ledger_transfers t on t.id = p.transfer_id
      where p.account_id = a.id and t.kind <> 'betweenAccounts' ${after} and p.first_on_account
      order by p.created_at desc, p.id desc
      limit ${take}
    ) x
    where a.customer_id = ${customerId} and a.type = ${ACCOUNT_TYPES.payment}
    order by x.posted_at desc, x.pid desc
    limit ${take}`,
  );
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    payments: shown.map(paymentView),
    nextCursor:
      rows.length > page.limit && last
        ? encodeCursor({ atMicros: BigInt(last.at_us), postingId: BigInt(last.posting_id) })
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
    sql`select x.*, ${NET_SQL} as net
    from (
      select distinct on (p.account_id) t.id, p.account_id, t.kind, t.status, a.currency_code,
        left(t.details->>'description', 256) as description, t.created_at, t.settled_at
      from ledger_transfers t
      join postings p on p.transfer_id = t.id
      join accounts a on a.id = p.account_id
      where t.id = ${id}::uuid and t.kind <> 'betweenAccounts'
        and a.customer_id = ${customerId} and a.type = ${ACCOUNT_TYPES.payment}
      order by p.account_id
    ) x
    order by x.account_id
    limit 1`,
  );
  if (!row) throw AppError.notFound('No such payment');
  return paymentView(row);
}
