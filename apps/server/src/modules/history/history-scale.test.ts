import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { HISTORY_TOTAL_CAP, type HistoryItem } from '@ledgerline/contract';
import { csvLine } from '@ledgerline/domain/csv';
import type { Language } from '@ledgerline/domain/languages';
import { accounts, ledgerTransfers, postings } from '../../db/schema';
import { t } from '../../i18n/translate';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { postTransfer, rejectTransfer, settleTransfer, systemAccount } from '../ledger';
import { transferFixtures } from '../transfers/test-fixtures';

/*
 * Decision 109's two risks, checked on an account whose history takes every branch.
 *
 * The history CSV is written by the database since decision 109. Its bytes must stay those the
 * process wrote before: every line is csvLine of the item getTransactionHistory answers, in the
 * words of the file's language. The account gets transfers that take each branch of the format:
 * formula starts, quotes, commas and line breaks, white-space-only fields (JavaScript's trim, not
 * PostgreSQL's), names with and without e-mails, own accounts with and without a name, money from
 * another customer, fees, every status, a kind no module declared, and times with microseconds.
 *
 * The first page's rejected and processing counts read only pending legs since decision 109: they
 * must equal the statuses of every page's items, under each filter, across a month's end, and
 * follow new, rejected and settled transfers, a transfer with two legs on the account included.
 */

let server: TestServer;
let personal: string;
const f = transferFixtures(() => server);

const NBSP_ONLY = '\u00a0\u2003\ufeff';

async function download(link: string) {
  return server.app.inject({ method: 'GET', url: new URL(link).pathname });
}

async function exportFile(lang: Language, body: Record<string, unknown>): Promise<string> {
  const started = await server.call('exportHistory', body as never, { token: personal, lang });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const exportId = (started.body as { exportId: number }).exportId;
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { body: status } = await f.call('getExportStatus', personal, { exportId });
        link = status.redirectLink;
        return status.status;
      },
      { timeout: 60_000, interval: 50 },
    )
    .toBe('ready');
  const file = await download(link!);
  expect(file.statusCode).toBe(200);
  return file.body;
}

async function allItems(lang: Language, body: Record<string, unknown>): Promise<HistoryItem[]> {
  const items: HistoryItem[] = [];
  let cursor: string | undefined;
  for (;;) {
    const { status, body: page } = await server.call(
      'getTransactionHistory',
      { ...body, pageSize: 100, ...(cursor ? { cursor } : {}) } as never,
      { token: personal, lang },
    );
    expect(status).toBe(200);
    items.push(...page.items);
    if (!page.nextCursor) return items;
    cursor = page.nextCursor;
  }
}

/** The file as the process wrote it before decision 109: csvLine of each item, in the language's words. */
async function expectedFile(lang: Language, body: Record<string, unknown>): Promise<string> {
  const word = (key: string) => t(lang, `history-documents:${key}`);
  const types = await server.call('getTransactionTypes', {} as never, { token: personal, lang });
  const typeNames = new Map(
    (types.body as { transactions: { code: string; name: string }[] }).transactions.map((type) => [
      type.code,
      type.name,
    ]),
  );
  const header = [
    'date',
    'transactionId',
    'type',
    'direction',
    'amount',
    'fee',
    'currency',
    'status',
    'counterparty',
    'description',
  ].map(word);
  let text = csvLine(header);
  for (const item of await allItems(lang, body))
    text += csvLine(
      [
        item.date,
        item.transactionId,
        typeNames.get(item.operationType) ?? item.operationType,
        word(item.direction === 'in' ? 'directionIn' : 'directionOut'),
        item.amount,
        item.fee,
        item.currency,
        word(`statuses.${item.status}`),
        item.counterparty,
        item.description,
      ],
      new Set([4, 5]),
    );
  return text;
}

beforeAll(async () => {
  server = await startTestServer();
  personal = await server.signIn('personal@ledgerline.test');
  const anna = await server.signIn('anna@pebble.example');
  const eur = await f.accountIn(personal, 'EUR');
  const usd = await f.accountIn(personal, 'USD');
  const annaEur = await f.accountIn(anna, 'EUR');
  const customerId = await f.customerIdOf('personal@ledgerline.test');
  const annaCustomer = await f.customerIdOf('anna@pebble.example');
  const userId = await f.userId('personal@ledgerline.test');
  const db = f.db();
  // The USD account named with blanks only: the file then names it by its kind.
  await db.update(accounts).set({ name: NBSP_ONLY }).where(eq(accounts.id, usd.accountId));
  const clearing = await db.transaction((tx) => systemAccount(tx, 'clearing', 'EUR'));
  const fees = await db.transaction((tx) => systemAccount(tx, 'feeRevenue', 'EUR'));
  const descriptions: unknown[] = [
    '=SUM(A1:A9)',
    '+1 555',
    '-minus first',
    '@handle',
    '\tTab first',
    '\rCR first',
    'Says "hello", then leaves',
    'Two\nlines',
    'Ends, with comma',
    'Ünïcödé 東京 ✓',
    NBSP_ONLY,
    '   ',
    '',
    42,
    null,
    true,
  ];
  const parties: Record<string, unknown>[] = [
    { payeeText: '=cmd', beneficiary: 'Never shown' },
    { payeeText: ' \u00a0', beneficiary: 'Beneficiary, Ltd' },
    { name: 'Ann "Q" Lee', email: 'ann@example.com' },
    { name: 'Only Name' },
    { email: 'only@example.com' },
    { name: NBSP_ONLY, email: '-x@example.com' },
    { payeeText: 7, name: 'Numeric payee' },
    {},
  ];
  let index = 0;
  const post = async (input: {
    kind?: string;
    amount: string;
    fee?: string;
    status?: 'pending' | 'settled';
    details: Record<string, unknown>;
    incoming?: boolean;
  }) =>
    db.transaction(async (tx) => {
      const fee = input.fee ?? '0';
      const gross = (Number(input.amount) * 100 + Number(fee) * 100) / 100;
      index += 1;
      return postTransfer(tx, {
        kind: input.kind ?? 'wire',
        customerId,
        initiatedByUserId: userId,
        idempotencyKey: `csv-bytes-${index}`,
        status: input.status ?? 'settled',
        fee,
        details: input.details,
        postings: input.incoming
          ? [
              { accountId: clearing.id, amount: `-${input.amount}` },
              { accountId: eur.accountId, amount: input.amount },
            ]
          : [
              { accountId: eur.accountId, amount: `-${gross.toFixed(2)}` },
              { accountId: clearing.id, amount: input.amount },
              ...(fee === '0' ? [] : [{ accountId: fees.id, amount: fee }]),
            ],
      });
    });
  const made: string[] = [];
  for (const description of descriptions)
    for (const party of parties.slice(0, 3)) {
      const posted = await post({
        amount: `${(index % 7) + 1}.${String(index % 100).padStart(2, '0')}`,
        fee: index % 3 === 0 ? '0.5' : '0',
        details: { description, ...party },
        kind: ['wire', 'eft', 'card_purchase', 'mysteryKind', 'cardFee'][index % 5]!,
      });
      made.push(posted.id);
    }
  for (const party of parties)
    made.push((await post({ amount: '1.10', details: { description: 'party', ...party } })).id);
  made.push((await post({ amount: '1000000.10', incoming: true, details: {} })).id);
  // Between own accounts: to a named one (EUR's own name is the seed's) and to the blank-named USD.
  for (const to of [usd.accountId, annaEur.accountId, 999_999])
    made.push(
      (
        await post({
          kind: 'betweenAccounts',
          amount: '2.00',
          details: { fromAccount: String(eur.accountId), toAccount: String(to) },
        })
      ).id,
    );
  // Money from another customer, named by their name.
  made.push(
    (
      await db.transaction((tx) =>
        postTransfer(tx, {
          kind: 'p2p',
          customerId: annaCustomer,
          initiatedByUserId: null,
          status: 'settled',
          details: { description: 'From Anna', email: 'personal@ledgerline.test' },
          postings: [
            { accountId: annaEur.accountId, amount: '-3.25' },
            { accountId: eur.accountId, amount: '3.25' },
          ],
        }),
      )
    ).id,
  );
  // Pending, rejected, settled after pending (two sets of postings on the account).
  const pending = await post({ amount: '4.00', status: 'pending', details: { payeeText: 'Wait' } });
  const rejected = await post({ amount: '5.00', status: 'pending', details: { payeeText: 'No' } });
  const settled = await post({ amount: '6.00', status: 'pending', details: { payeeText: 'Yes' } });
  // Two legs on the account in one transfer: one item, pending, and one settled.
  for (const status of ['pending', 'settled'] as const)
    made.push(
      (
        await db.transaction((tx) =>
          postTransfer(tx, {
            kind: 'wire',
            customerId,
            initiatedByUserId: userId,
            status,
            details: { payeeText: `Split ${status}` },
            postings: [
              { accountId: eur.accountId, amount: '-1.25' },
              { accountId: eur.accountId, amount: '-2.50' },
              { accountId: clearing.id, amount: '3.75' },
            ],
          }),
        )
      ).id,
    );
  await db.transaction((tx) => rejectTransfer(tx, rejected.id));
  await db.transaction((tx) => settleTransfer(tx, settled.id));
  made.push(pending.id, rejected.id, settled.id);
  // Times with microseconds, the ends of a millisecond, across a month's end (UTC).
  const times = [
    '2025-01-31T23:59:59.999999Z',
    '2025-02-01T00:00:00.000001Z',
    '2025-02-01T00:00:00.000999Z',
    '2025-03-15T12:34:56.123456Z',
    '2025-03-15T12:34:56.5Z',
  ];
  for (const [position, id] of made.entries()) {
    const at = times[position % times.length]!;
    await db.execute(
      sql`update ${postings} set created_at = ${at}::timestamptz + ${position} * interval '1 second' where transfer_id = ${id}`,
    );
    await db
      .update(ledgerTransfers)
      .set({ createdAt: sql`${at}::timestamptz` })
      .where(eq(ledgerTransfers.id, id));
  }
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

describe('history CSV', () => {
  it('is byte for byte the items of the history in the file’s words, in every language', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    for (const lang of ['en', 'es', 'ru'] as const) {
      const body = { accountId: eur.accountId };
      const file = await exportFile(lang, body);
      expect(file.split('\r\n').length).toBeGreaterThan(60);
      expect(file).toBe(await expectedFile(lang, body));
    }
  });

  it('is byte for byte the filtered history, under each kind of filter', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const filters: Record<string, unknown>[] = [
      { direction: 'out', amountFrom: '1', amountTo: '5' },
      { direction: 'in' },
      { keyword: 'anna' },
      { keyword: '"hello"' },
      { status: 'processing' },
      { status: 'rejected' },
      { transactionType: 'fee' },
      { fromDate: '2025-02-01', toDate: '2025-02-01' },
      { email: 'ann@example.com' },
    ];
    for (const filter of filters) {
      const body = { accountId: eur.accountId, ...filter };
      const file = await exportFile('en', body);
      expect(file, JSON.stringify(filter)).toBe(await expectedFile('en', body));
    }
  });
});

/** The first page's counts beside what every page's items say. */
async function totalsAgainstItems(body: Record<string, unknown>) {
  const { status, body: first } = await server.call('getTransactionHistory', body as never, {
    token: personal,
  });
  expect(status).toBe(200);
  const items = await allItems('en', body);
  const counted = (wanted: string) => items.filter((item) => item.status === wanted).length;
  return {
    answered: { total: first.total, exact: first.totalIsExact, totals: first.totals },
    fromItems: {
      total: Math.min(items.length, HISTORY_TOTAL_CAP),
      exact: items.length <= HISTORY_TOTAL_CAP,
      totals: { rejected: counted('rejected'), processing: counted('processing') },
    },
  };
}

describe('first page totals', () => {
  it('equal the statuses of every page’s items under each filter, across a month’s end', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const filters: Record<string, unknown>[] = [
      {},
      { fromDate: '2025-01-31', toDate: '2025-01-31' },
      { fromDate: '2025-02-01', toDate: '2025-02-28' },
      { fromDate: '2025-01-31', toDate: '2025-02-01' },
      { direction: 'out' },
      { direction: 'in' },
      { amountFrom: '3.75', amountTo: '3.75' },
      { amountFrom: '4', amountTo: '5' },
      { keyword: 'split' },
      { keyword: 'no' },
      { status: 'processing' },
      { status: 'rejected' },
      { status: 'completed' },
      { transactionType: 'wire' },
    ];
    let nonZero = 0;
    for (const filter of filters) {
      const { answered, fromItems } = await totalsAgainstItems({
        accountId: eur.accountId,
        ...filter,
      });
      expect(answered, JSON.stringify(filter)).toEqual(fromItems);
      if (fromItems.totals.rejected + fromItems.totals.processing > 0) nonZero += 1;
    }
    // The comparisons are not all of zeros.
    expect(nonZero).toBeGreaterThan(5);
  });

  it('follow new postings: a pending transfer, its rejection, and one settled after pending', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const customerId = await f.customerIdOf('personal@ledgerline.test');
    const db = f.db();
    const clearing = await db.transaction((tx) => systemAccount(tx, 'clearing', 'EUR'));
    const body = { accountId: eur.accountId, keyword: 'Follow-up' };
    const first = async () => (await totalsAgainstItems(body)).answered;
    expect(await first()).toEqual({
      total: 0,
      exact: true,
      totals: { rejected: 0, processing: 0 },
    });
    const pendingOne = async (payee: string) =>
      db.transaction((tx) =>
        postTransfer(tx, {
          kind: 'wire',
          customerId,
          initiatedByUserId: null,
          status: 'pending',
          details: { payeeText: payee },
          postings: [
            { accountId: eur.accountId, amount: '-0.75' },
            { accountId: eur.accountId, amount: '-0.25' },
            { accountId: clearing.id, amount: '1.00' },
          ],
        }),
      );
    const a = await pendingOne('Follow-up A');
    const b = await pendingOne('Follow-up B');
    expect(await first()).toEqual({
      total: 2,
      exact: true,
      totals: { rejected: 0, processing: 2 },
    });
    await db.transaction((tx) => rejectTransfer(tx, a.id));
    expect(await first()).toEqual({
      total: 2,
      exact: true,
      totals: { rejected: 1, processing: 1 },
    });
    await db.transaction((tx) => settleTransfer(tx, b.id));
    expect(await first()).toEqual({
      total: 2,
      exact: true,
      totals: { rejected: 1, processing: 0 },
    });
    const { answered, fromItems } = await totalsAgainstItems(body);
    expect(answered).toEqual(fromItems);
  });
});
