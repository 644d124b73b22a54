import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { historyMethods, HISTORY_TOTAL_CAP, type HistoryItem } from '@ledgerline/contract';
import { selectRows } from '../../db/client';
import { historyExports, outbox } from '../../db/schema';
import { startTestServer, type MainPayload, type TestServer } from '../../../test/helper';
import {
  HOSTILE_CURSORS,
  HOSTILE_DAYS,
  HOSTILE_IDS,
  jsonText,
  rawNumber,
} from '../../../test/hostile';
import { assertLedgerBalanced } from '../../../test/ledger';
import { Money } from '../ledger/money';
import { transferFixtures } from '../transfers/test-fixtures';
import { parseCsv } from '@ledgerline/domain/csv';
import { EXPORT_RETENTION_MS, purgeOldExports } from './exports';
import { generateHistoryVolume } from './volume';

let server: TestServer;
let personal: string;
let anna: string;
let business: string;
const f = transferFixtures(() => server);

/** personal@'s GBP account gets a generated history of this many transfers. */
const VOLUME = 260;
let volumeAccount: number;

async function history(token: string, body: MainPayload<'getTransactionHistory'>) {
  const { status, body: answer } = await f.call('getTransactionHistory', token, body);
  expect(status, JSON.stringify(answer)).toBe(200);
  return answer;
}

/** Follows nextCursor from the first page to the last. */
async function allPages(
  token: string,
  body: MainPayload<'getTransactionHistory'>,
  onPage?: (page: number) => Promise<void>,
): Promise<HistoryItem[]> {
  const items: HistoryItem[] = [];
  let cursor: string | undefined;
  for (let page = 1; page < 1000; page += 1) {
    const answer = await history(token, { ...body, ...(cursor ? { cursor } : {}) });
    items.push(...answer.items);
    await onPage?.(page);
    if (!answer.nextCursor) return items;
    cursor = answer.nextCursor;
  }
  throw new Error('too many pages');
}

/** GET a single-use link of the server (its path; the origin is the test's). */
async function download(link: string) {
  return server.app.inject({ method: 'GET', url: new URL(link).pathname });
}

async function waitForExport(token: string, exportId: number) {
  const seen: string[] = [];
  let last: { status: string; progress: number; redirectLink?: string } | undefined;
  await expect
    .poll(
      async () => {
        const { body } = await f.call('getExportStatus', token, { exportId });
        last = body;
        if (seen.at(-1) !== body.status) seen.push(body.status);
        return body.status;
      },
      { timeout: 60_000, interval: 50 },
    )
    .toBe('ready');
  return { ...last!, seen };
}

/** The signed movement of an item on its account (what it did to the balance once settled). */
function signed(item: HistoryItem): Money {
  return item.direction === 'in'
    ? new Money(item.amount)
    : new Money(item.amount).plus(item.fee).negated();
}

beforeAll(async () => {
  server = await startTestServer();
  [personal, anna, business] = await Promise.all([
    server.signIn('personal@ledgerline.test'),
    server.signIn('anna@pebble.example'),
    server.signIn('business@ledgerline.test'),
  ]);
  volumeAccount = (await f.accountIn(personal, 'GBP')).accountId;
  await generateHistoryVolume(f.db(), {
    accountId: volumeAccount,
    count: VOLUME,
    batchSize: 100,
    from: new Date('2025-01-01T00:00:00Z'),
    to: new Date('2025-07-01T00:00:00Z'),
  });
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

describe('generated volume', () => {
  it('is idempotent and keeps the ledger balanced', async () => {
    const again = await generateHistoryVolume(f.db(), {
      accountId: volumeAccount,
      count: VOLUME,
      batchSize: 100,
      from: new Date('2025-01-01T00:00:00Z'),
      to: new Date('2025-07-01T00:00:00Z'),
    });
    expect(again).toEqual({ inserted: 0, skipped: VOLUME });
    const [row] = await selectRows<{ n: number }>(
      f.db(),
      sql`select count(*)::int as n from ledger_transfers where idempotency_key like ${`volume-${volumeAccount}-%`}`,
    );
    expect(row?.n).toBe(VOLUME);
    // Answered by their rails long ago: none waits in the rail simulator's queue.
    const [inFlight] = await selectRows<{ n: number }>(
      f.db(),
      sql`select count(*)::int as n from ledger_transfers where idempotency_key like ${`volume-${volumeAccount}-%`}
          and status = 'settled' and not (details ? 'railSettledAt')`,
    );
    expect(inFlight?.n).toBe(0);
  });
});

describe('the demo history customer', () => {
  it('has half a year of varied EUR history whose monthly statements never end below zero', async () => {
    const token = await server.signIn('history@ledgerline.test');
    const eur = await f.accountIn(token, 'EUR');
    const first = await history(token, { accountId: eur.accountId, withTotals: true });
    expect(first.total).toBeGreaterThanOrEqual(150);
    expect(first.totals?.rejected).toBeGreaterThan(0);
    const items = await allPages(token, { accountId: eur.accountId, pageSize: 100 });
    expect(new Set(items.map((item) => item.operationType)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(items.map((item) => item.direction))).toEqual(new Set(['in', 'out']));
    // Every kind the generator writes opens in the detail view (its details keep to the contract).
    const generated = items.filter((item) =>
      /^(Payment|Incoming payment) \d+/.test(item.description ?? ''),
    );
    const firstOfEachType = [
      ...new Map(generated.map((item) => [item.operationType, item])).values(),
    ];
    expect(firstOfEachType.length).toBeGreaterThanOrEqual(5);
    for (const item of firstOfEachType) {
      const details = await f.call('getTransactionDetails', token, {
        transactionId: item.transactionId,
      });
      expect(details.status, `${item.operationType}: ${JSON.stringify(details.body)}`).toBe(200);
      expect(details.body.transaction.toAmount).toBe(item.amount);
    }
    const { body } = await f.call('getStatements', token, {
      accountId: eur.accountId,
    });
    expect(body.statements.length).toBeGreaterThanOrEqual(6);
    for (const row of body.statements)
      expect(new Money(row.endingBalance).isNegative(), row.yearMonth).toBe(false);
  });
});

describe('getTransactionHistory', () => {
  it('filters by type, direction, amount, keyword, e-mail and status, and counts rejected and processing items', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const wallet = await f.accountIn(personal, 'EUR', { wallet: true });
    const own = await f.call('transferBetweenAccounts', personal, {
      fromAccount: eur.accountId,
      toAccount: wallet.accountId,
      toAmount: '12.34',
      currency: 'EUR',
      idempotencyKey: f.key(),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const p2p = await f.call('transferP2P', personal, {
      fromAccount: eur.accountId,
      email: 'anna@pebble.example',
      amount: '7.5',
      description: 'Rent share March',
      idempotencyKey: f.key(),
    });
    expect(p2p.status, JSON.stringify(p2p.body)).toBe(200);

    const all = await history(personal, { accountId: eur.accountId });
    expect(all.items.length).toBe(all.total);
    expect(all.totalIsExact).toBe(true);
    // The seed's pending transfer (120.5 to Baltic Supplies) is processing.
    expect(all.totals!.processing).toBeGreaterThanOrEqual(1);
    expect(all.items.map((item) => item.date)).toEqual(
      [...all.items.map((item) => item.date)].sort().reverse(),
    );

    const byType = await history(personal, { accountId: eur.accountId, transactionType: 'p2p' });
    expect(byType.items.length).toBeGreaterThanOrEqual(1);
    expect(byType.items.every((item) => item.operationType === 'p2p')).toBe(true);
    expect(byType.items[0]).toMatchObject({
      amount: '7.5',
      direction: 'out',
      status: 'completed',
      description: 'Rent share March',
      currency: 'EUR',
    });
    expect(byType.items[0]!.counterparty).toContain('anna@pebble.example');

    const incoming = await history(personal, { accountId: wallet.accountId, direction: 'in' });
    expect(
      incoming.items.some(
        (item) =>
          item.amount === '12.34' &&
          item.operationType === 'betweenAccounts' &&
          // The other side is the customer's own account, named as the screens name it.
          item.counterparty === 'EUR account',
      ),
    ).toBe(true);
    expect(
      (
        await history(personal, {
          accountId: wallet.accountId,
          direction: 'out',
          transactionType: 'betweenAccounts',
        })
      ).items.every((item) => item.direction === 'out'),
    ).toBe(true);

    const ranged = await history(personal, {
      accountId: eur.accountId,
      amountFrom: '12',
      amountTo: '12.5',
    });
    expect(ranged.items.map((item) => item.amount)).toEqual(['12.34']);
    expect(
      (await history(personal, { accountId: eur.accountId, keyword: 'rent SHARE' })).items.map(
        (item) => item.description,
      ),
    ).toEqual(['Rent share March']);
    expect((await history(personal, { accountId: eur.accountId, keyword: '100%_' })).items).toEqual(
      [],
    );
    expect(
      (
        await history(personal, { accountId: eur.accountId, email: 'ANNA@pebble.example' })
      ).items.map((item) => item.operationType),
    ).toEqual(['p2p']);

    const processing = await history(personal, { accountId: eur.accountId, status: 'processing' });
    expect(processing.items.length).toBe(processing.totals!.processing);
    expect(processing.items.every((item) => item.status === 'processing')).toBe(true);
    expect(
      processing.items.some(
        (item) => item.amount === '120.5' && item.description === 'Transfer to Baltic Supplies UAB',
      ),
    ).toBe(true);

    // The receiver sees the same transfer as money in from the sender, found by the sender's e-mail.
    const annaEur = await f.accountIn(anna, 'EUR');
    const received = await history(anna, {
      accountId: annaEur.accountId,
      email: 'personal@ledgerline.test',
    });
    expect(received.items).toHaveLength(1);
    expect(received.items[0]).toMatchObject({
      direction: 'in',
      amount: '7.5',
      fee: '0',
      counterparty: 'Petra Lindqvist',
      operationType: 'p2p',
    });
  });

  it('filters by date (UTC days) and counts rejected items of the generated history', async () => {
    const june = await history(personal, {
      accountId: volumeAccount,
      fromDate: '2025-06-01',
      toDate: '2025-06-30',
      pageSize: 100,
    });
    expect(june.total).toBeGreaterThan(10);
    expect(june.items.every((item) => item.date >= '2025-06-01' && item.date < '2025-07-01')).toBe(
      true,
    );
    const [expected] = await selectRows<{ n: number }>(
      f.db(),
      sql`select count(*)::int as n from ledger_transfers where idempotency_key like ${`volume-${volumeAccount}-%`} and created_at >= '2025-06-01' and created_at < '2025-07-01'`,
    );
    expect(june.total).toBe(expected?.n);
    const everything = await history(personal, { accountId: volumeAccount });
    // Every 500th generated row (n = 250) was rejected.
    expect(everything.totals!.rejected).toBe(1);
    expect(
      (await history(personal, { accountId: volumeAccount, status: 'rejected' })).items,
    ).toHaveLength(1);
    expect(
      (await history(personal, { accountId: volumeAccount, fromDate: '2030-01-01' })).items,
    ).toEqual([]);
  });

  it('pages by cursor without duplicates or gaps while new transfers arrive, and agrees with offset pages', async () => {
    const before = await history(personal, { accountId: volumeAccount, pageSize: 100 });
    const known = before.total;
    const eur = await f.accountIn(personal, 'EUR');
    const seen = await allPages(personal, { accountId: volumeAccount, pageSize: 37 }, async () => {
      // A new transfer into the account after every page: it is newer than every page read so far.
      const moved = await f.call('transferBetweenAccounts', personal, {
        fromAccount: eur.accountId,
        toAccount: volumeAccount,
        toAmount: '1',
        currency: 'GBP',
        idempotencyKey: f.key(),
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    });
    // Pages after the first skip the counting unless asked.
    const second = await history(personal, {
      accountId: volumeAccount,
      pageSize: 100,
      cursor: before.nextCursor ?? undefined,
    });
    expect(second.total).toBeUndefined();
    expect(second.totals).toBeUndefined();
    expect(
      (
        await history(personal, {
          accountId: volumeAccount,
          pageSize: 100,
          cursor: before.nextCursor ?? undefined,
          withTotals: true,
        })
      ).total,
    ).toBeGreaterThan(known!);
    const ids = seen.map((item) => item.transactionId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(known);
    expect(ids.slice(0, 100)).toEqual(before.items.map((item) => item.transactionId));

    const offsetPage = await history(personal, {
      accountId: volumeAccount,
      pageSize: 20,
      pageNumber: 3,
    });
    const fresh = await allPages(personal, { accountId: volumeAccount, pageSize: 20 });
    expect(offsetPage.items.map((item) => item.transactionId)).toEqual(
      fresh.slice(40, 60).map((item) => item.transactionId),
    );
  });

  it('counts totals exactly up to the cap and says when a total is only a lower bound', async () => {
    const ron = (await f.accountIn(personal, 'RON')).accountId;
    await generateHistoryVolume(f.db(), {
      accountId: ron,
      count: HISTORY_TOTAL_CAP + 50,
      batchSize: 500,
    });
    const answer = await history(personal, { accountId: ron });
    expect(answer).toMatchObject({ total: HISTORY_TOTAL_CAP, totalIsExact: false });
    expect(answer.nextCursor).not.toBeNull();
  });

  it('caps offset pages and refuses bad input with TA1 and field errors', async () => {
    const deep = await f.call('getTransactionHistory', personal, {
      accountId: volumeAccount,
      pageNumber: 600,
      pageSize: 20,
    });
    expect(deep.status).toBe(400);
    expect(deep.body.validationErrors).toHaveProperty('pageNumber');
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: 101 }, 'pageSize'],
      [{ fromDate: '2025-02-10', toDate: '2025-02-01' }, 'toDate'],
      [{ fromDate: '2025-02-30' }, 'fromDate'],
      [{ amountFrom: 'ten' }, 'amountFrom'],
      [{ amountFrom: '5', amountTo: '1' }, 'amountTo'],
      [{ transactionType: 'teleport' }, 'transactionType'],
      [{ direction: 'sideways' }, 'direction'],
      [{ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
      [{ unknownField: 1 }, ''],
    ];
    for (const [extra, field] of cases) {
      const { status, body } = await f.call('getTransactionHistory', personal, {
        accountId: volumeAccount,
        ...extra,
      });
      expect(status, JSON.stringify(extra)).toBe(400);
      expect(body.responseCode).toBe('TA1');
      if (field) expect(body.validationErrors, JSON.stringify(extra)).toHaveProperty(field);
    }
  });
});

describe('getTransactionDetails and getTransactionReceipt', () => {
  it('shows a transaction with fee, rate, status, counterparty and postings, and its receipt is a PDF behind a single-use link', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const usd = await f.accountIn(personal, 'USD');
    const fx = await f.call('transferBetweenAccounts', personal, {
      fromAccount: eur.accountId,
      toAccount: usd.accountId,
      toAmount: '50',
      currency: 'USD',
      idempotencyKey: f.key(),
    });
    expect(fx.status, JSON.stringify(fx.body)).toBe(200);
    const { status, body } = await f.call('getTransactionDetails', personal, {
      transactionId: fx.body.transactionId,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const tx = body.transaction;
    expect(tx).toMatchObject({
      transactionId: fx.body.transactionId,
      accountId: eur.accountId,
      direction: 'out',
      status: 'completed',
      operationType: 'betweenAccounts',
      fee: fx.body.fee,
      toAmount: '50',
      toCurrency: 'USD',
      counterparty: 'USD account',
    });
    expect(Number(tx.rate)).toBeGreaterThan(0);
    expect(
      tx.postings
        .filter((line) => line.role === 'own')
        .map((line) => line.accountId)
        .sort(),
    ).toEqual([eur.accountId, usd.accountId].sort());
    expect(tx.postings.some((line) => line.role === 'fx')).toBe(true);
    // Amount and fee are what left the account.
    const own = tx.postings.find((line) => line.accountId === eur.accountId)!;
    expect(new Money(own.amount).negated().toFixed()).toBe(
      new Money(tx.amount).plus(tx.fee).toFixed(),
    );

    const receipt = await f.call('getTransactionReceipt', personal, {
      transactionId: fx.body.transactionId,
    });
    expect(receipt.status).toBe(200);
    const file = await download(receipt.body.redirectLink);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(receipt.body.redirectLink)).statusCode).toBe(404);
  });
});

describe('statements', () => {
  it('computes monthly rows from the postings: beginning + credit − debit = ending, continuous, ending at the balance', async () => {
    const { status, body } = await f.call('getStatements', personal, { accountId: volumeAccount });
    expect(status).toBe(200);
    const rows = [...body.statements].reverse();
    expect(rows[0]!.beginningBalance).toBe('0');
    rows.forEach((row, index) => {
      expect(row.index).toBe(index + 1);
      expect(
        new Money(row.beginningBalance).plus(row.totalCredit).minus(row.totalDebit).toFixed(),
      ).toBe(new Money(row.endingBalance).toFixed());
      if (index > 0) expect(row.beginningBalance).toBe(rows[index - 1]!.endingBalance);
    });
    expect(new Money(rows.at(-1)!.endingBalance).toFixed()).toBe(
      new Money((await f.row(volumeAccount)).balance).toFixed(),
    );
    const march = rows.find((row) => row.yearMonth === '2025-03')!;
    const [sums] = await selectRows<{ debit: string; credit: string }>(
      f.db(),
      sql`select coalesce(sum(-amount) filter (where amount < 0), 0)::text as debit, coalesce(sum(amount) filter (where amount > 0), 0)::text as credit
          from postings where account_id = ${volumeAccount} and not pending and created_at >= '2025-03-01T00:00:00Z' and created_at < '2025-04-01T00:00:00Z'`,
    );
    expect(new Money(march.totalDebit).toFixed()).toBe(new Money(sums!.debit).toFixed());
    expect(new Money(march.totalCredit).toFixed()).toBe(new Money(sums!.credit).toFixed());
    const only2025 = await f.call('getStatements', personal, {
      accountId: volumeAccount,
      year: 2025,
    });
    expect(only2025.body.statements.every((row) => row.yearMonth.startsWith('2025-'))).toBe(true);
  });

  it('exports a month as CSV whose lines add up to the statement and as a PDF, lists them and e-mails a link', async () => {
    const { body } = await f.call('getStatements', personal, {
      accountId: volumeAccount,
      year: 2025,
    });
    const april = body.statements.find((row) => row.yearMonth === '2025-04')!;
    const csvExport = await f.call('exportStatement', personal, {
      accountId: volumeAccount,
      yearMonth: '2025-04',
      format: 'csv',
    });
    expect(csvExport.status, JSON.stringify(csvExport.body)).toBe(200);
    const ready = await waitForExport(personal, csvExport.body.exportId);
    expect(ready.progress).toBe(100);
    const file = await download(ready.redirectLink!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    // The summary, a blank line, then the movements: the parser skips the blank line.
    expect(file.body).toContain('\r\n\r\nDate,Transaction ID,');
    const rows = parseCsv(file.body);
    expect(rows[1]!.slice(3, 7)).toEqual([
      april.beginningBalance,
      april.totalCredit,
      april.totalDebit,
      april.endingBalance,
    ]);
    const lines = rows.slice(3);
    expect(rows[2]).toEqual(['Date', 'Transaction ID', 'Type', 'Description', 'Amount', 'Fee']);
    const net = lines.reduce((sum, line) => sum.plus(line[4]!), new Money(0));
    expect(net.toFixed()).toBe(new Money(april.totalCredit).minus(april.totalDebit).toFixed());

    const pdfExport = await f.call('exportStatement', personal, {
      accountId: volumeAccount,
      yearMonth: '2025-04',
      format: 'pdf',
    });
    const pdf = await waitForExport(personal, pdfExport.body.exportId);
    const pdfFile = await download(pdf.redirectLink!);
    expect(pdfFile.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const listed = await f.call('getExports', personal, { source: 'monthly' });
    expect(listed.body.exports.map((item) => item.exportId)).toEqual(
      expect.arrayContaining([csvExport.body.exportId, pdfExport.body.exportId]),
    );
    expect(listed.body.exports[0]!.exportId).toBeGreaterThan(
      listed.body.exports.at(-1)!.exportId - 1,
    );

    const sent = await f.call('sendExportToEmail', personal, {
      exportId: csvExport.body.exportId,
      email: 'accountant@example.com',
    });
    expect(sent.status).toBe(200);
    const [mail] = await f
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'accountant@example.com'));
    const link = /https?:\/\/\S+\/api\/pdf\/files\/\S+/.exec(mail!.body)![0];
    const mailed = await download(link);
    expect(mailed.statusCode).toBe(200);
    expect(mailed.body).toBe(file.body);

    const noMonth = await f.call('exportStatement', personal, {
      accountId: volumeAccount,
      yearMonth: '2019-01',
      format: 'csv',
    });
    expect(noMonth.status).toBe(400);
    expect(noMonth.body.validationErrors).toHaveProperty('yearMonth');
  });
});

describe('export retention', () => {
  it('sweeps exports finished more than 30 days ago, with their files; newer ones and running ones stay', async () => {
    const started = await f.call('exportStatement', personal, {
      accountId: volumeAccount,
      yearMonth: '2025-03',
      format: 'csv',
    });
    const ready = await waitForExport(personal, started.body.exportId);
    const now = new Date();
    expect(await purgeOldExports(f.db(), now)).toBe(0);
    await f
      .db()
      .update(historyExports)
      .set({ finishedAt: new Date(now.getTime() - EXPORT_RETENTION_MS - 60_000) })
      .where(eq(historyExports.id, started.body.exportId));
    expect(await purgeOldExports(f.db(), now)).toBe(1);
    const status = await f.call('getExportStatus', personal, { exportId: started.body.exportId });
    expect(status.status).toBe(404);
    const listed = await f.call('getExports', personal, {
      source: 'monthly',
    });
    expect(listed.body.exports.map((item) => item.exportId)).not.toContain(started.body.exportId);
    expect((await download(ready.redirectLink!)).statusCode).toBe(404);
    const [chunks] = await selectRows<{ n: number }>(
      f.db(),
      sql`select count(*)::int as n from history_export_chunks where export_id = ${started.body.exportId}`,
    );
    expect(chunks?.n).toBe(0);
  });
});

describe('exportHistory', () => {
  it('streams the filtered history as CSV in the background with progress, and its totals match the ledger', async () => {
    const started = await f.call('exportHistory', personal, {
      accountId: volumeAccount,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const ready = await waitForExport(personal, started.body.exportId);
    expect(ready.seen.at(-1)).toBe('ready');
    const file = await download(ready.redirectLink!);
    const rows = parseCsv(file.body);
    expect(rows[0]).toEqual([
      'Date',
      'Transaction ID',
      'Type',
      'Direction',
      'Amount',
      'Fee',
      'Currency',
      'Status',
      'Counterparty',
      'Description',
    ]);
    const lines = rows.slice(1);
    const { total } = await history(personal, { accountId: volumeAccount });
    expect(lines.length).toBe(total);
    // Completed lines add up to the account's balance (every movement of the account is a line).
    const balance = lines
      // The file writes the words the screen shows, not the API's codes.
      .filter((line) => line[7] === 'Completed' || line[7] === 'Reversed')
      .reduce(
        (sum, line) =>
          line[3] === 'Received' ? sum.plus(line[4]!) : sum.minus(line[4]!).minus(line[5]!),
        new Money(0),
      );
    expect(balance.toFixed()).toBe(new Money((await f.row(volumeAccount)).balance).toFixed());

    const filtered = await f.call('exportHistory', personal, {
      accountId: volumeAccount,
      direction: 'in',
      fromDate: '2025-02-01',
      toDate: '2025-02-28',
    });
    const filteredFile = await download(
      (await waitForExport(personal, filtered.body.exportId)).redirectLink!,
    );
    const inLines = parseCsv(filteredFile.body).slice(1);
    const expected = await allPages(personal, {
      accountId: volumeAccount,
      direction: 'in',
      fromDate: '2025-02-01',
      toDate: '2025-02-28',
      pageSize: 100,
    });
    expect(inLines.map((line) => line[1])).toEqual(expected.map((item) => item.transactionId));
    expect(expected.reduce((sum, item) => sum.plus(signed(item)), new Money(0)).toFixed()).toBe(
      inLines.reduce((sum, line) => sum.plus(line[4]!), new Money(0)).toFixed(),
    );

    // Asked in Spanish, the file speaks Spanish: its header and the words of every line.
    const spanish = await server.call(
      'exportHistory',
      { accountId: volumeAccount, direction: 'in', fromDate: '2025-02-01', toDate: '2025-02-28' },
      { token: personal, lang: 'es' },
    );
    expect(spanish.status).toBe(200);
    const spanishFile = await download(
      (await waitForExport(personal, spanish.body.exportId)).redirectLink!,
    );
    const [spanishHeader, ...spanishLines] = parseCsv(spanishFile.body);
    expect(spanishHeader?.slice(0, 4)).toEqual(['Fecha', 'ID de la operación', 'Tipo', 'Sentido']);
    expect(new Set(spanishLines.map((line) => line[3]))).toEqual(new Set(['Recibido']));
  });
});

describe('authorizations and batch transfers', () => {
  it('lists an account’s holds, refuses debit card history for an account that settles no debit card', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const holds = await f.call('getAuthorizations', personal, {
      accountId: eur.accountId,
      kind: 'currentAccount',
    });
    expect(holds.status).toBe(200);
    expect(
      holds.body.authorizations.some(
        (item) => item.amount === '120.5' && item.status === 'pending',
      ),
    ).toBe(true);
    const refused = await f.call('getAuthorizations', personal, {
      accountId: volumeAccount,
      kind: 'debitCard',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toHaveProperty('accountId');
  });

  it('lists the seeded batches with filters and shows a batch file', async () => {
    const all = await f.call('getBatchTransfers', business, {});
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.batches[0]!.name).toBe('November payroll');
    const eft = await f.call('getBatchTransfers', business, { types: ['eft'] });
    expect(eft.body.batches.map((batch) => batch.name)).toEqual(['Supplier run week 44']);
    expect((await f.call('getBatchTransfers', business, { search: 'payroll' })).body.total).toBe(2);
    const october = all.body.batches.find((batch) => batch.name === 'October payroll')!;
    const file = await f.call('getBatchTransferFile', business, { batchId: october.batchId });
    const lines = parseCsv(file.body.content).slice(1);
    expect(lines).toHaveLength(october.paymentsCount);
    expect(lines.reduce((sum, line) => sum.plus(line[3]!), new Money(0)).toFixed()).toBe(
      new Money(october.totalAmount).toFixed(),
    );
    expect((await f.call('getBatchTransferFile', anna, { batchId: october.batchId })).status).toBe(
      404,
    );
    expect((await f.call('getBatchTransfers', anna, {})).body.total).toBe(0);
  });
});

describe('another customer’s objects', () => {
  it('are not found in every history, statement and export method, and nothing changes', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const { items } = await history(personal, { accountId: eur.accountId });
    const transactionId = items[0]!.transactionId;
    const made = await f.call('exportStatement', personal, {
      accountId: volumeAccount,
      yearMonth: '2025-05',
      format: 'csv',
    });
    await waitForExport(personal, made.body.exportId);
    const [exportsBefore] = await f.db().select({ value: count() }).from(historyExports);
    const [mailsBefore] = await f.db().select({ value: count() }).from(outbox);
    const calls: [string, Record<string, unknown>][] = [
      ['getTransactionHistory', { accountId: eur.accountId }],
      ['getTransactionDetails', { transactionId }],
      ['getTransactionReceipt', { transactionId }],
      ['getAuthorizations', { accountId: eur.accountId, kind: 'currentAccount' }],
      ['getStatements', { accountId: eur.accountId }],
      ['exportStatement', { accountId: eur.accountId, yearMonth: '2025-05', format: 'csv' }],
      ['exportHistory', { accountId: eur.accountId }],
      ['getExports', { source: 'monthly', accountId: eur.accountId }],
      ['getExportStatus', { exportId: made.body.exportId }],
      ['sendExportToEmail', { exportId: made.body.exportId, email: 'thief@example.com' }],
    ];
    for (const [method, body] of calls) {
      const answer = await f.send(method, anna, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body.responseCode, method).not.toBe('00');
    }
    // Anna's own export list does not show personal@'s exports.
    const annaList = await f.call('getExports', anna, {
      source: 'monthly',
    });
    expect(annaList.body.total).toBe(0);
    const [exportsAfter] = await f.db().select({ value: count() }).from(historyExports);
    const [mailsAfter] = await f.db().select({ value: count() }).from(outbox);
    expect(exportsAfter!.value).toBe(exportsBefore!.value);
    expect(mailsAfter!.value).toBe(mailsBefore!.value);
  });

  it('a business user acts for the company with fromCustomerId and sees only its accounts', async () => {
    const ioana = await server.signIn('ioana@harbourlight.example');
    const office = await f.customerIdOf('office@harbourlight.example');
    const companyGbp = await f.accountIn(ioana, 'GBP', { fromCustomerId: office });
    const asCompany = await f.call(
      'getTransactionHistory',
      ioana,
      { accountId: companyGbp.accountId },
      office,
    );
    expect(asCompany.status).toBe(200);
    expect(asCompany.body.items.length).toBeGreaterThan(0);
    const asSelf = await f.call('getTransactionHistory', ioana, {
      accountId: companyGbp.accountId,
    });
    expect(asSelf.status).toBe(404);
    const batches = await f.call('getBatchTransfers', ioana, {}, office);
    expect(batches.body.total).toBe(1);
  });
});

describe('hostile input (issue 12)', () => {
  it('answers a clear 4xx, never a 500, to every hostile id, day and cursor, and creates nothing', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const theirs = await f.accountIn(anna, 'EUR');
    const badId = [theirs.accountId, ...HOSTILE_IDS];
    const badPage = [0, -1, 100_001, rawNumber('1e309'), 'x'];
    const badUuid = ['x', '', 1, rawNumber('1e309'), '00000000-0000-0000-0000-00000000000g'];
    const base: Record<string, { valid: Record<string, unknown>; bad: Record<string, unknown[]> }> =
      {
        getTransactionHistory: {
          valid: { accountId: eur.accountId },
          bad: {
            accountId: badId,
            cursor: HOSTILE_CURSORS,
            fromDate: HOSTILE_DAYS,
            toDate: HOSTILE_DAYS,
            pageNumber: badPage,
            pageSize: [0, 101, rawNumber('1e309')],
          },
        },
        getTransactionDetails: {
          valid: { transactionId: f.key() },
          bad: { transactionId: badUuid },
        },
        getTransactionReceipt: {
          valid: { transactionId: f.key() },
          bad: { transactionId: badUuid },
        },
        getAuthorizations: {
          valid: { accountId: eur.accountId, kind: 'currentAccount' },
          bad: { accountId: badId, kind: ['x', 1], pageNumber: badPage },
        },
        getStatements: {
          valid: { accountId: eur.accountId },
          bad: { accountId: badId, year: [0, 1999, 2101, 9999, rawNumber('1e309'), '2026'] },
        },
        exportStatement: {
          valid: { accountId: eur.accountId, yearMonth: '2026-01', format: 'pdf' },
          bad: {
            accountId: badId,
            yearMonth: ['0000-01', '9999-12', '2026-13', '2026-00', '2026-1', 202601],
            format: ['xls', 1],
          },
        },
        exportHistory: {
          valid: { accountId: eur.accountId },
          bad: {
            accountId: badId,
            fromDate: HOSTILE_DAYS,
            toDate: HOSTILE_DAYS,
            format: ['pdf', 1],
          },
        },
        getExports: {
          valid: { source: 'history' },
          bad: { source: ['x', 1], accountId: badId, pageNumber: badPage },
        },
        getExportStatus: { valid: { exportId: 2_000_000 }, bad: { exportId: HOSTILE_IDS } },
        sendExportToEmail: {
          valid: { exportId: 2_000_000, email: 'someone@example.com' },
          bad: { exportId: HOSTILE_IDS, email: ['no-at', 1] },
        },
        getBatchTransfers: {
          valid: {},
          bad: {
            from: HOSTILE_DAYS,
            to: HOSTILE_DAYS,
            pageNumber: badPage,
            types: [['x'], 'wire'],
          },
        },
        getBatchTransferFile: { valid: { batchId: 2_000_000 }, bad: { batchId: HOSTILE_IDS } },
        getSpendingByMonth: {
          valid: { months: 6 },
          bad: { months: [0, -1, 13, 1.5, rawNumber('1e309'), '6', null, 2 ** 53] },
        },
      };
    expect(Object.keys(base).sort()).toEqual(Object.keys(historyMethods).sort());
    const [exportsBefore] = await f.db().select({ value: count() }).from(historyExports);
    const postingsBefore = await f.postingCount();
    const send = async (method: string, payload: Record<string, unknown>) => {
      const response = await server.main(method, jsonText(payload), { token: personal });
      const context = `${method} ${jsonText(payload).slice(0, 300)}`;
      expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, context).toBeLessThan(500);
      expect(response.json().responseDescription.length, context).toBeGreaterThan(0);
    };
    // Every hostile value in every field once, the rest of the request valid ...
    for (const [method, spec] of Object.entries(base))
      for (const [field, values] of Object.entries(spec.bad))
        for (const value of values) await send(method, { ...spec.valid, [field]: value });
    // ... then random mixes of them.
    const methods = Object.keys(base);
    const payloads = fc.constantFrom(...methods).chain((method) => {
      const fields = Object.keys(base[method]!.bad);
      return fc.tuple(
        fc.constant(method),
        fc
          .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: fields.length })
          .chain((chosen) =>
            fc.tuple(
              ...chosen.map((field) =>
                fc.tuple(fc.constant(field), fc.constantFrom(...base[method]!.bad[field]!)),
              ),
            ),
          ),
      );
    });
    await fc.assert(
      fc.asyncProperty(payloads, async ([method, mutations]) => {
        await send(method, { ...base[method]!.valid, ...Object.fromEntries(mutations) });
      }),
      { numRuns: 100 },
    );
    const [exportsAfter] = await f.db().select({ value: count() }).from(historyExports);
    expect(exportsAfter!.value).toBe(exportsBefore!.value);
    expect(await f.postingCount()).toBe(postingsBefore);
  });

  it('pages on with a real cursor and refuses one past its bounds', async () => {
    const first = await history(personal, { accountId: volumeAccount, pageSize: 5 });
    expect(first.nextCursor).not.toBeNull();
    const next = await history(personal, {
      accountId: volumeAccount,
      pageSize: 5,
      cursor: first.nextCursor ?? undefined,
    });
    expect(next.items.length).toBe(5);
    for (const cursor of HOSTILE_CURSORS.slice(0, 6)) {
      const answer = await f.send('getTransactionHistory', personal, {
        accountId: volumeAccount,
        cursor,
      });
      expect(answer.status, String(cursor)).toBe(400);
      expect(answer.body.validationErrors).toEqual({ cursor: 'validation.invalidValue' });
    }
  });
});
