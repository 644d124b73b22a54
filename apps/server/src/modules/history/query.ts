import { sql, type SQL } from 'drizzle-orm';
import {
  LATEST_DAY,
  HISTORY_MAX_OFFSET_ROWS,
  HISTORY_TOTAL_CAP,
  type HistoryFilter,
  type HistoryItem,
} from '@ledgerline/contract';
import {
  TRANSACTION_TYPE_CODES,
  transactionTypeId,
  type TransactionTypeCode,
} from '@ledgerline/domain/dictionaries/transaction-types';
import { ACCOUNT_TYPES, accountKind, type AccountKind } from '@ledgerline/domain/accounts';
import type { Language } from '@ledgerline/domain/languages';
import { csvCell } from '@ledgerline/domain/csv';
import { selectRows, type DbOrTx } from '../../db/client';
import { t } from '../../i18n/translate';
import { AppError } from '../../lib/errors';
import { Money, moneyText } from '../ledger';
import { historyStatusOf, kindsOfType, ledgerStatusOf, typeOfKind } from './kinds';

/*
 * One account's history read straight from the ledger (docs/decisions.md "History from postings").
 * An item is one ledger transfer as that account saw it. Its row is the account's first posting
 * of the transfer (a pending transfer later settled has two sets of postings; a leg split in two
 * has two rows), marked `first_on_account` by the posting paths as they write it (decision 122),
 * and its amount is the net of the account's postings of that phase.
 *
 * Pages are keyset pages on the index postings_account_created (account_id, created_at, id),
 * newest first: the cursor is the last row's (created_at in microseconds, posting id), so page N
 * costs the same as page 1 at any depth and rows that arrive meanwhile never shift later pages
 * (no duplicates, no gaps). Offset pages (pageNumber without a cursor) are kept for the first
 * HISTORY_MAX_OFFSET_ROWS rows, where OFFSET is still cheap.
 */

export interface HistoryScope {
  accountId: number;
  /** The account owner: their own outgoing transfers carry the fee; others' are money received. */
  customerId: number;
  currencyCode: string;
}

export interface HistoryCursor {
  atMicros: bigint;
  postingId: bigint;
}

export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.atMicros}.${cursor.postingId}`, 'utf8').toString('base64url');
}

/** The largest cursor time (the end of LATEST_DAY, in microseconds) and posting id (bigint) SQL may see. */
const MAX_CURSOR_MICROS = BigInt(Date.parse(`${LATEST_DAY}T23:59:59.999Z`)) * 1000n + 999n;
const MAX_POSTING_ID = 2n ** 63n - 1n;

/**
 * The cursor a client sent back, checked before it reaches SQL: a time and a posting id out of
 * their columns' range (e.g. 99999999999999999999.1) overflowed bigint there as a 500 (issue 12).
 */
export function decodeCursor(text: string): HistoryCursor {
  const plain = Buffer.from(text, 'base64url').toString('utf8');
  const match = /^(\d{1,20})\.(\d{1,20})$/.exec(plain);
  const cursor = match ? { atMicros: BigInt(match[1]!), postingId: BigInt(match[2]!) } : null;
  if (
    cursor === null ||
    cursor.atMicros > MAX_CURSOR_MICROS ||
    cursor.postingId < 1n ||
    cursor.postingId > MAX_POSTING_ID
  )
    throw AppError.invalid({ cursor: 'validation.invalidValue' }, 'The page cursor is not valid');
  return cursor;
}

export interface HistoryRow {
  posting_id: string;
  at_us: string;
  transfer_id: string;
  kind: string;
  status: string;
  created_at: string | Date;
  t_amount: string;
  t_fee: string;
  t_customer_id: number | null;
  details: Record<string, unknown> | string;
  net: string;
  sender_name: string | null;
  /** The customer's other account of a transfer between own accounts (name, currency, type). */
  other_account: OtherAccount | string | null;
}

interface OtherAccount {
  name: string | null;
  currency: string;
  type: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function dayStart(day: string): string {
  return `${day}T00:00:00Z`;
}

function nextDayStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** The displayed amount in SQL: the account's net without the fee its owner paid. */
function shownAmountSql(scope: HistoryScope): SQL {
  return sql`(abs(n.net) - case when n.net < 0 and t.customer_id = ${scope.customerId} then t.fee else 0 end)`;
}

/** The WHERE conditions of a filter (besides the account and the representative row). */
export function filterConditions(
  scope: HistoryScope,
  filter: Omit<HistoryFilter, 'accountId'>,
): SQL[] {
  const where: SQL[] = [];
  if (filter.transactionType)
    where.push(
      sql`t.kind in (${sql.join(
        kindsOfType(filter.transactionType).map((kind) => sql`${kind}`),
        sql`, `,
      )})`,
    );
  if (filter.fromDate) where.push(sql`p.created_at >= ${dayStart(filter.fromDate)}::timestamptz`);
  if (filter.toDate) where.push(sql`p.created_at < ${nextDayStart(filter.toDate)}::timestamptz`);
  if (filter.amountFrom !== undefined)
    where.push(sql`${shownAmountSql(scope)} >= ${filter.amountFrom}::numeric`);
  if (filter.amountTo !== undefined)
    where.push(sql`${shownAmountSql(scope)} <= ${filter.amountTo}::numeric`);
  if (filter.direction === 'in') where.push(sql`n.net >= 0`);
  if (filter.direction === 'out') where.push(sql`n.net < 0`);
  if (filter.status) where.push(sql`t.status = ${ledgerStatusOf(filter.status)}`);
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    where.push(sql`(
      t.details->>'description' ilike ${pattern} or t.details->>'payeeText' ilike ${pattern} or t.details->>'beneficiary' ilike ${pattern}
      or t.details->>'name' ilike ${pattern} or t.details->>'email' ilike ${pattern} or t.id::text ilike ${pattern}
      or (t.customer_id <> ${scope.customerId} and coalesce(c.business_name, concat_ws(' ', c.first_name, c.last_name)) ilike ${pattern})
    )`);
  }
  if (filter.email) {
    where.push(sql`(
      lower(t.details->>'email') = ${filter.email}
      or (t.customer_id <> ${scope.customerId} and exists (select 1 from users u where u.id = t.initiated_by_user_id and lower(u.email) = ${filter.email}))
    )`);
  }
  return where;
}

/**
 * The FROM of history: the account's representative postings with their transfer, the net of the
 * account in that phase and the sending customer's name.
 */
function fromSql(
  scope: HistoryScope,
  conditions: SQL[],
  needs: Needs = { net: true, sender: true, transfer: true },
): SQL {
  const where = [sql`p.account_id = ${scope.accountId}`, sql`p.first_on_account`, ...conditions];
  // A count leaves out what its filter does not read: the transfer and the sender cost a lookup a
  // row (every posting has its transfer, so leaving it out drops no row). The net is the posting's
  // amount and the rest of its phase on the account, written with it (decision 128).
  return sql`from postings p
    ${needs.transfer ? sql`join ledger_transfers t on t.id = p.transfer_id` : sql``}
    ${needs.sender ? sql`left join customers c on c.id = t.customer_id` : sql``}
    ${needs.net ? sql`cross join lateral (select p.amount + p.phase_rest as net) n` : sql``}
    where ${sql.join(where, sql` and `)}`;
}

/** What a filter reads besides the posting: its transfer, the account's net, the sender. */
interface Needs {
  net: boolean;
  sender: boolean;
  transfer: boolean;
}

function needsOf(filter: Omit<HistoryFilter, 'accountId'>): Needs {
  const amount = filter.amountFrom !== undefined || filter.amountTo !== undefined;
  return {
    net: amount || filter.direction !== undefined,
    sender: filter.keyword !== undefined,
    transfer:
      amount ||
      filter.transactionType !== undefined ||
      filter.status !== undefined ||
      filter.keyword !== undefined ||
      filter.email !== undefined,
  };
}

const SELECT_COLUMNS = sql`p.id::text as posting_id, (extract(epoch from p.created_at) * 1000000)::bigint::text as at_us,
  t.id as transfer_id, t.kind, t.status, p.created_at, t.amount::text as t_amount, t.fee::text as t_fee, t.customer_id as t_customer_id,
  t.details, n.net::text as net,
  coalesce(c.business_name, nullif(concat_ws(' ', c.first_name, c.last_name), '')) as sender_name,
  case when t.kind = 'betweenAccounts' then (
    select json_build_object('name', oa.name, 'currency', oa.currency_code, 'type', oa.type)
    from accounts oa
    where oa.customer_id = t.customer_id and oa.id::text = t.details->>(case when n.net < 0 then 'toAccount' else 'fromAccount' end)
  ) end as other_account`;

function cursorCondition(cursor: HistoryCursor): SQL {
  return sql`(p.created_at, p.id) < (timestamptz 'epoch' + ${cursor.atMicros.toString()}::bigint * interval '1 microsecond', ${cursor.postingId.toString()}::bigint)`;
}

/** Rows of one page, newest first; `after` continues a keyset page, else `offset` rows are skipped. */
export async function historyRows(
  db: DbOrTx,
  scope: HistoryScope,
  filter: Omit<HistoryFilter, 'accountId'>,
  page: { limit: number; after?: HistoryCursor | undefined; offset?: number },
): Promise<HistoryRow[]> {
  const conditions = filterConditions(scope, filter);
  if (page.after) conditions.push(cursorCondition(page.after));
  const offset = page.after ? 0 : (page.offset ?? 0);
  return selectRows<HistoryRow>(
    db,
    sql`select ${SELECT_COLUMNS} ${fromSql(scope, conditions)} order by p.created_at desc, p.id desc limit ${page.limit} offset ${offset}`,
  );
}

/** One transfer's row as the account saw it (null when it never touched the account). */
export async function historyRowOf(
  db: DbOrTx,
  scope: HistoryScope,
  transferId: string,
): Promise<HistoryRow | null> {
  const [row] = await selectRows<HistoryRow>(
    db,
    sql`select ${SELECT_COLUMNS} ${fromSql(scope, [sql`t.id = ${transferId}`])} limit 1`,
  );
  return row ?? null;
}

export function cursorOf(row: HistoryRow): HistoryCursor {
  return { atMicros: BigInt(row.at_us), postingId: BigInt(row.posting_id) };
}

/** Items matching the filter, counted up to `cap` (counting a million rows would cost more than the page). */
export async function countHistory(
  db: DbOrTx,
  scope: HistoryScope,
  filter: Omit<HistoryFilter, 'accountId'>,
  cap = HISTORY_TOTAL_CAP,
): Promise<{ total: number; exact: boolean }> {
  const [row] = await selectRows<{ count: number | string }>(
    db,
    sql`select count(*)::int as count from (select 1 ${fromSql(scope, filterConditions(scope, filter), needsOf(filter))} limit ${cap + 1}) capped`,
  );
  const count = Number(row?.count ?? 0);
  return count > cap ? { total: cap, exact: false } : { total: count, exact: true };
}

/**
 * Rejected and processing items among the filtered ones (decision 109). Every leg of a pending or
 * rejected transfer is a pending posting (settling adds the settled legs and marks the transfer
 * settled; rejecting leaves only the pending ones), so the item's row, the account's first posting
 * of it, is a pending one. Driven from two partial indexes (ledger_transfers_open: the few open or
 * refused transfers; postings_account_pending_first: the account's items that began pending,
 * decision 122), so without a filter it reads
 * no table at all; the net and the sender are joined only for a filter that reads them.
 */
export async function statusTotals(
  db: DbOrTx,
  scope: HistoryScope,
  filter: Omit<HistoryFilter, 'accountId'>,
): Promise<{ rejected: number; processing: number }> {
  if (filter.status === 'completed' || filter.status === 'reversed')
    return { rejected: 0, processing: 0 };
  const needs = needsOf(filter);
  const rows = await selectRows<{ status: string; count: number | string }>(
    db,
    sql`select t.status, count(*)::int as count
        from ledger_transfers t
        join postings p on p.transfer_id = t.id and p.account_id = ${scope.accountId} and p.pending and p.first_on_account
        ${needs.sender ? sql`left join customers c on c.id = t.customer_id` : sql``}
        ${needs.net ? sql`cross join lateral (select p.amount + p.phase_rest as net) n` : sql``}
        where t.status in ('pending', 'rejected') ${sql.join(
          filterConditions(scope, filter).map((condition) => sql` and ${condition}`),
          sql``,
        )}
        group by t.status`,
  );
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { rejected: count('rejected'), processing: count('pending') };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function detailsOf(row: {
  details: Record<string, unknown> | string;
}): Record<string, unknown> {
  return typeof row.details === 'string'
    ? (JSON.parse(row.details) as Record<string, unknown>)
    : row.details;
}

/**
 * The customer's own account on the other side, named as the screens name it: its name, or
 * "EUR account" / "EUR wallet" in the customer's language.
 */
function ownAccountLabel(row: HistoryRow, lang: Language): string | null {
  const other: OtherAccount | null =
    typeof row.other_account === 'string'
      ? (JSON.parse(row.other_account) as OtherAccount)
      : row.other_account;
  if (!other) return null;
  const name = text(other.name);
  const kind = t(lang, `history-documents:accountNames.${accountKind(other.type)}`, {
    currency: other.currency,
  });
  return name ? `${name} (${other.currency})` : kind;
}

/** Who is on the other side, as the account's owner sees it. */
export function counterpartyOf(
  row: HistoryRow,
  scope: HistoryScope,
  direction: 'in' | 'out',
  lang: Language,
): string | null {
  const details = detailsOf(row);
  const own = row.t_customer_id === scope.customerId;
  if (!own && direction === 'in') return row.sender_name;
  if (row.kind === 'betweenAccounts') return ownAccountLabel(row, lang);
  const name = text(details.name);
  const email = text(details.email);
  const person = name && email ? `${name} (${email})` : (name ?? email);
  return text(details.payeeText) ?? text(details.beneficiary) ?? person;
}

export function toHistoryItem(row: HistoryRow, scope: HistoryScope, lang: Language): HistoryItem {
  const net = new Money(row.net);
  const direction = net.isNegative() ? 'out' : 'in';
  const fee =
    direction === 'out' && row.t_customer_id === scope.customerId
      ? new Money(row.t_fee)
      : new Money(0);
  const operationType = typeOfKind(row.kind);
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  return {
    transactionId: row.transfer_id,
    date: createdAt.toISOString(),
    operationType,
    operationTypeId: transactionTypeId(operationType),
    amount: moneyText(net.abs().minus(fee)),
    currency: scope.currencyCode,
    fee: moneyText(fee),
    direction,
    status: historyStatusOf(row.status),
    counterparty: counterpartyOf(row, scope, direction, lang),
    description: text(detailsOf(row).description),
  };
}

/** The deepest row an offset page may reach: deeper pages must follow nextCursor. */
export function checkOffset(pageNumber: number, pageSize: number): number {
  const offset = (pageNumber - 1) * pageSize;
  if (offset + pageSize > HISTORY_MAX_OFFSET_ROWS)
    throw AppError.invalid(
      { pageNumber: 'validation.pageTooDeep' },
      'Pages this deep are reached with the cursor of the page before',
    );
  return offset;
}

/**
 * The words a history CSV writes, in one language, as the database uses them to write the lines
 * (historyCsvBatch): every known ledger kind's type name, every ledger status's word, the two
 * directions, and each account kind's name with CURRENCY_MARK where the currency goes.
 */
export interface CsvVocabulary {
  typeNames: Record<string, string>;
  /** The type name of a kind no module declared (typeOfKind answers 'fx'). */
  otherTypeName: string;
  statusWords: Record<string, string>;
  /** The word of a ledger status historyStatusOf does not know ('processing'). */
  otherStatusWord: string;
  directionIn: string;
  directionOut: string;
  /** accountKind's name by account type, for the types accountKind names (cards apart). */
  accountNames: Record<string, string>;
  cardAccountName: string;
  otherAccountName: string;
}

/** Stands for the currency in CsvVocabulary's account names; the database puts the code there. */
export const CURRENCY_MARK = '\u0001';

/**
 * What JavaScript's String.prototype.trim removes, as btrim's list of characters: text() keeps a
 * string that btrim leaves non-empty (a regular expression on every field cost more).
 */
const JS_BLANKS =
  '\t\n\u000b\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** text() of a jsonb value in SQL: a JSON string with more than white space, else null. */
function jsonTextSql(value: SQL): SQL {
  return sql`(case when jsonb_typeof(${value}) = 'string' and btrim(${value} #>> '{}', ${JS_BLANKS}::text) <> '' then ${value} #>> '{}' end)`;
}

/** csvCell of a free text column in SQL: null empty, formula starts guarded, quoted when needed. */
function csvTextCellSql(column: SQL): SQL {
  const guarded = sql`(case when left(${column}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${column} else ${column} end)`;
  return sql`(case when ${column} is null then '' when strpos(${column}, '"') > 0 or strpos(${column}, ',') > 0 or strpos(${column}, chr(13)) > 0 or strpos(${column}, chr(10)) > 0 then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end)`;
}

/** The vocabulary for a language: built from the same functions toHistoryItem and the CSV words use. */
export function csvVocabulary(
  word: (key: string) => string,
  typeName: (code: TransactionTypeCode) => string,
  accountName: (kind: AccountKind, currency: string) => string,
): CsvVocabulary {
  const typeNames: Record<string, string> = {};
  for (const code of TRANSACTION_TYPE_CODES)
    for (const kind of kindsOfType(code)) typeNames[kind] = typeName(typeOfKind(kind));
  const statusWords: Record<string, string> = {};
  for (const status of ['pending', 'settled', 'rejected', 'reversed'])
    statusWords[status] = word(`statuses.${historyStatusOf(status)}`);
  const accountNames: Record<string, string> = {};
  for (const type of Object.values(ACCOUNT_TYPES)) {
    const kind = accountKind(type);
    if (kind !== 'card' && kind !== 'other')
      accountNames[String(type)] = accountName(kind, CURRENCY_MARK);
  }
  return {
    typeNames,
    otherTypeName: typeName(typeOfKind('')),
    statusWords,
    otherStatusWord: word(`statuses.${historyStatusOf('')}`),
    directionIn: word('directionIn'),
    directionOut: word('directionOut'),
    accountNames,
    cardAccountName: accountName('card', CURRENCY_MARK),
    otherAccountName: accountName('other', CURRENCY_MARK),
  };
}

/**
 * The columns a history CSV line is made of, for each row of `source`, and the line: the rows in
 * historyRows' order (newest first), each with `line` (csvLine of toHistoryItem's item, CRLF
 * included), `created_at` and `id`. `source` answers a row per item with created_at, id, net,
 * t_id, kind, status, t_customer_id, fee, details and sender (the sending customer's name where
 * the counterparty is the sender), in the same order.
 *
 * Each level is fenced with OFFSET 0: the planner would otherwise copy a column's expression into
 * every use of it (the counterparty is read nine times by its cell, each time with its JSON
 * lookups), which was most of the export's time. The words are passed once, already written as
 * CSV cells; only the counterparty and the description need a cell written per row (the date, the
 * id and the amounts never hold a quote, a comma, a line break or a formula start).
 */
function csvLinesSql(scope: HistoryScope, words: CsvVocabulary, source: SQL): SQL {
  const cellsOf = (map: Record<string, string>) =>
    JSON.stringify(
      Object.fromEntries(Object.entries(map).map(([key, word]) => [key, csvCell(word)])),
    );
  const order = sql`order by created_at desc, id desc`;
  const accountName = sql`(case when oa.type between ${ACCOUNT_TYPES.cardMin}::int and ${ACCOUNT_TYPES.cardMax}::int then ${words.cardAccountName}::text
    else coalesce(${JSON.stringify(words.accountNames)}::jsonb ->> oa.type::text, ${words.otherAccountName}::text) end)`;
  // coalesce stops at the first text: most rows read one field (the payee) of the four, so the
  // others are looked up where they are read.
  const name = jsonTextSql(sql`(details -> 'name')`);
  const email = jsonTextSql(sql`(details -> 'email')`);
  const counterparty = sql`(case
    when t_customer_id is distinct from ${scope.customerId}::int and net >= 0 then sender
    when kind = 'betweenAccounts' then (
      select case when btrim(oa.name, ${JS_BLANKS}::text) <> '' then oa.name || ' (' || oa.currency_code || ')'
        else replace(${accountName}, chr(1), oa.currency_code) end
      from accounts oa
      where oa.customer_id = t_customer_id and oa.id::text = details->>(case when net < 0 then 'toAccount' else 'fromAccount' end))
    else coalesce(${jsonTextSql(sql`j_payee`)}, ${jsonTextSql(sql`(details -> 'beneficiary')`)},
      case when ${name} is not null and ${email} is not null then ${name} || ' (' || ${email} || ')' else coalesce(${name}, ${email}) end)
    end)`;
  return sql`select c_date || ',' || c_id || ',' || c_type || ',' || c_direction || ',' || c_amount || ',' || c_fee || ','
      || ${csvCell(scope.currencyCode)}::text || ',' || c_status || ',' || ${csvTextCellSql(sql`c_counterparty`)} || ','
      || ${csvTextCellSql(sql`c_description`)} || chr(13) || chr(10) as line, created_at, id
    from (
      select created_at, id,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as c_date,
        t_id::text as c_id,
        coalesce(${cellsOf(words.typeNames)}::jsonb ->> kind, ${csvCell(words.otherTypeName)}::text) as c_type,
        case when net < 0 then ${csvCell(words.directionOut)}::text else ${csvCell(words.directionIn)}::text end as c_direction,
        trim_scale(abs(net) - paid_fee)::text as c_amount,
        trim_scale(paid_fee)::text as c_fee,
        coalesce(${cellsOf(words.statusWords)}::jsonb ->> status, ${csvCell(words.otherStatusWord)}::text) as c_status,
        ${counterparty} as c_counterparty,
        ${jsonTextSql(sql`j_description`)} as c_description
      from (
        select created_at, id, net, t_id, kind, status, t_customer_id, details, sender,
          case when net < 0 and t_customer_id = ${scope.customerId}::int then fee else 0 end as paid_fee,
          details -> 'payeeText' as j_payee, details -> 'description' as j_description
        from (${source}) src
        ${order} offset 0
      ) fields
      ${order} offset 0
    ) cells
    ${order}`;
}

/** The source columns csvLinesSql reads, from the aliases of fromSql (p, t, n); the sender is read only where it is the counterparty. */
function csvSourceColumns(scope: HistoryScope): SQL {
  return sql`p.created_at, p.id, n.net, t.id as t_id, t.kind, t.status, t.customer_id as t_customer_id, t.fee, t.details,
    case when t.customer_id is distinct from ${scope.customerId}::int and n.net >= 0 then (
      select coalesce(s.business_name, nullif(concat_ws(' ', s.first_name, s.last_name), ''))
      from customers s where s.id = t.customer_id) end as sender`;
}

/**
 * The rows of the history CSV (fromSql's, newest first) as csvLinesSql reads them: the account's
 * marked postings (decision 122) with their transfer and the phase's net they carry (decision
 * 128), the same for the whole file on PostgreSQL and, with a cursor and a limit, for PGlite's
 * batches.
 */
function csvRowsSql(
  scope: HistoryScope,
  filter: Omit<HistoryFilter, 'accountId'>,
  conditions: SQL[],
  limit?: number,
): SQL {
  return sql`select ${csvSourceColumns(scope)}
    ${fromSql(scope, conditions, { ...needsOf(filter), net: true, transfer: true })}
    order by p.created_at desc, p.id desc ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

/**
 * One batch of the history as CSV lines written by the database (decision 109), for PGlite: the
 * rows historyRows would answer for the same filter and cursor, each as the line csvLine writes
 * for toHistoryItem's item, joined in order. Only text crosses the wire (no row objects, no JSON
 * parsing, no decimal maths in the process).
 */
export async function historyCsvBatch(
  db: DbOrTx,
  scope: HistoryScope,
  filter: Omit<HistoryFilter, 'accountId'>,
  words: CsvVocabulary,
  page: { limit: number; after?: HistoryCursor | undefined },
): Promise<{ rows: number; text: string; last: HistoryCursor | null }> {
  const conditions = filterConditions(scope, filter);
  if (page.after) conditions.push(cursorCondition(page.after));
  const source = csvRowsSql(scope, filter, conditions, page.limit);
  const [batch] = await selectRows<{
    rows: number | string;
    text: string | null;
    last_us: string | null;
    last_id: string | null;
  }>(
    db,
    sql`with page as (${csvLinesSql(scope, words, source)}),
        last as (select created_at, id from page order by created_at, id limit 1)
        select (select count(*) from page)::int as rows,
          (select string_agg(line, '' order by created_at desc, id desc) from page) as text,
          (select (extract(epoch from created_at) * 1000000)::bigint::text from last) as last_us,
          (select id::text from last) as last_id`,
  );
  const rows = Number(batch?.rows ?? 0);
  return {
    rows,
    text: batch?.text ?? '',
    last:
      batch?.last_us && batch.last_id
        ? { atMicros: BigInt(batch.last_us), postingId: BigInt(batch.last_id) }
        : null,
  };
}

/**
 * The whole filtered history as CSV lines in one statement, for PostgreSQL (decision 110): a row
 * per line with `line` (text) and `created_at` (timestamptz, for the progress), in historyRows'
 * order. Read in the index's order, so the database sorts nothing and the first lines leave at
 * once. Not for PGlite, whose only connection a statement this long would hold.
 */
export function historyCsvStatement(
  scope: HistoryScope,
  filter: Omit<HistoryFilter, 'accountId'>,
  words: CsvVocabulary,
): SQL {
  const source = csvRowsSql(scope, filter, filterConditions(scope, filter));
  return sql`select line, created_at from (${csvLinesSql(scope, words, source)}) lines order by created_at desc, id desc`;
}
