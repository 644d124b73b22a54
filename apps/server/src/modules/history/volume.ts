import { eq, sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';
import { systemAccount } from '../ledger';

/*
 * Bulk history for one account (npm run seed:volume, the bench, the scale tests). It bypasses
 * postTransfer, which locks and checks one transfer at a time, and writes whole batches with one
 * INSERT … SELECT generate_series each, yet keeps the ledger's invariants (docs/decisions.md
 * "seed:volume"): every transfer's postings sum to zero in its currency (customer leg, rail
 * clearing leg, fee revenue leg), rejected transfers keep only pending postings like
 * rejectTransfer leaves them, and the account's cached balance moves by exactly the batch's
 * settled postings in the same statement. Row n has the idempotency key `volume-{account}-{n}`, so
 * a batch whose last key exists is skipped: running it again never doubles anything.
 */

export interface VolumeOptions {
  accountId: number;
  /** How many transfers the account should have from this generator in the end. */
  count: number;
  /** Rows per INSERT (one transaction each). */
  batchSize?: number;
  /** The transfers are spread evenly over [from, to). */
  from?: Date;
  to?: Date;
  onBatch?: (done: number, count: number) => void;
  /** Every this many rows one was rejected (the row n with n % rejectedEvery = rejectedEvery / 2). */
  rejectedEvery?: number;
  /** Refresh the planner's statistics afterwards (default true; a small demo seed skips it). */
  analyze?: boolean;
}

const MERCHANTS = [
  'Quayside Print Ltd',
  'Northwind Grocers',
  'Harbour Rail',
  'Lumen Energy',
  'Copperleaf Books',
  'Atlas Telecom',
  'Fjord Coffee',
  'Meridian Insurance',
];
const OUT_KINDS = ['wire', 'eft', 'card_purchase', 'instant_payment', 'oct'];
const IN_KINDS = ['digital', 'wire', 'refund'];

function sqlTextArray(values: string[]) {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]::text[]`;
}

export async function generateHistoryVolume(
  db: DbOrTx,
  options: VolumeOptions,
): Promise<{ inserted: number; skipped: number }> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, options.accountId));
  if (!account || account.customerId === null)
    throw new Error(`volume: no customer account ${options.accountId}`);
  const customerId = account.customerId;
  const currency = account.currencyCode;
  const clearing = await db.transaction((tx) => systemAccount(tx, 'clearing', currency));
  const feeRevenue = await db.transaction((tx) => systemAccount(tx, 'feeRevenue', currency));
  const batchSize = options.batchSize ?? 50_000;
  const to = options.to ?? new Date(Date.now() - 60 * 60_000);
  const from = options.from ?? new Date(to.getTime() - 2 * 365 * 86_400_000);
  const spanMs = to.getTime() - from.getTime();
  const keyPrefix = `volume-${account.id}-`;
  const rejectedEvery = options.rejectedEvery ?? 500;
  const rejectedAt = Math.floor(rejectedEvery / 2);
  let inserted = 0;
  let skipped = 0;

  for (let start = 1; start <= options.count; start += batchSize) {
    const end = Math.min(options.count, start + batchSize - 1);
    const [last] = await selectRows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from ledger_transfers where customer_id = ${customerId} and idempotency_key = ${keyPrefix + end}) as found`,
    );
    if (last?.found) {
      skipped += end - start + 1;
      options.onBatch?.(end, options.count);
      continue;
    }
    await db.transaction(async (tx) => {
      // Row shapes by n: every third is money in (larger, so the balance grows); out rows pay a
      // 0.50 fee on wires; one in rejectedEvery (500 by default) was rejected. Amounts are exact decimals from integer maths.
      const rows = await selectRows<{ inserted: number | string }>(
        tx,
        sql`with src as (
              select g as n,
                (g % 3 = 0) as incoming,
                (g % ${rejectedEvery}::bigint = ${rejectedAt}::bigint) as rejected,
                ${from.toISOString()}::timestamptz + (${spanMs}::bigint * g / ${options.count + 1}::bigint) * interval '1 millisecond' as at
              from generate_series(${start}::bigint, ${end}::bigint) g
            ),
            shaped as (
              select n, incoming, rejected, at,
                round(case when incoming then ((n * 7919) % 90000 + 5000)::numeric / 100 else ((n * 104729) % 20000 + 100)::numeric / 100 end, 2) as amount,
                case when incoming then (${sqlTextArray(IN_KINDS)})[1 + (n / 3) % ${IN_KINDS.length}::int] else (${sqlTextArray(OUT_KINDS)})[1 + n % ${OUT_KINDS.length}::int] end as kind,
                (${sqlTextArray(MERCHANTS)})[1 + (n * 31) % ${MERCHANTS.length}::int] as party
              from src
            ),
            priced as (
              select *, case when not incoming and kind = 'wire' then 0.5 else 0 end::numeric as fee from shaped
            ),
            t as (
              insert into ledger_transfers (id, customer_id, idempotency_key, kind, status, amount, currency_code, fee, details, created_at, settled_at)
              select gen_random_uuid(), ${customerId}::int, ${keyPrefix}::text || n, kind, case when rejected then 'rejected' else 'settled' end,
                amount, ${currency}::text, fee,
                jsonb_build_object(
                  'description', case when incoming then 'Incoming payment ' || n else 'Payment ' || n || ' to ' || party end,
                  'payeeText', party, 'rate', '1', 'toAmount', amount::text, 'toCurrency', ${currency}::text, 'fee', fee::text, 'volume', true,
                  'incoming', incoming,
                  -- Answered by its rail long ago: never in the rail simulator's queue.
                  'railSettledAt', case when rejected then null else to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end),
                at, case when rejected then null else at end
              from priced
              on conflict do nothing
              returning id, amount, fee, created_at, (details->>'incoming')::boolean as incoming, status
            ),
            legs as (
              select t.id, ${account.id}::int as account_id, case when incoming then t.amount else -(t.amount + t.fee) end as amount, t.status, t.created_at from t
              union all
              select t.id, ${clearing.id}::int, case when incoming then -t.amount else t.amount end, t.status, t.created_at from t
              union all
              select t.id, ${feeRevenue.id}::int, t.fee, t.status, t.created_at from t where t.fee > 0
            ),
            p as (
              -- Each leg of a transfer is on another account: each is the transfer's first there
              -- (decision 122), and no other leg shares its phase there (decision 128).
              insert into postings (transfer_id, account_id, amount, currency_code, pending, first_on_account, phase_rest, created_at)
              select id, account_id, amount, ${currency}::text, status = 'rejected', true, 0, created_at from legs
              order by created_at, id, account_id
              returning account_id, amount, pending
            ),
            moved as (
              update accounts set balance = balance + coalesce((select sum(amount) from p where p.account_id = ${account.id}::int and not p.pending), 0)
              where id = ${account.id}::int
              returning id
            )
            select (select count(*) from t)::int as inserted, (select count(*) from moved)::int as touched`,
      );
      inserted += Number(rows[0]?.inserted ?? 0);
    });
    options.onBatch?.(end, options.count);
  }
  if (options.analyze ?? true) {
    // Fresh statistics, so the planner knows the account is now large.
    await db.execute(sql`analyze postings`);
    await db.execute(sql`analyze ledger_transfers`);
  }
  return { inserted, skipped };
}
