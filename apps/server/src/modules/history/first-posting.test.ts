import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { HistoryItem } from '@ledgerline/contract';
import { selectRows } from '../../db/client';
import { accounts, customers } from '../../db/schema';
import { startTestServer, type MainPayload, type TestServer } from '../../../test/helper';
import { assertFirstPostingsMarked, assertLedgerBalanced } from '../../../test/ledger';
import { insertWireBatch } from '../../../test/mass-batch';
import {
  postTransfer,
  postTransferStatements,
  rejectTransfer,
  reverseTransfer,
  settleTransfer,
  systemAccount,
} from '../ledger/ledger';
import { postTransfers, rejectTransfers, settleTransfers } from '../ledger/batch';
import { transferFixtures } from '../transfers/test-fixtures';
import { countHistory, historyRows, statusTotals, type HistoryScope } from './query';

/*
 * History's items are the postings the posting paths mark first_on_account (decision 122), no
 * longer found by looking for an earlier posting of the transfer on the account. A path that
 * forgot the mark would hide its transfers from history (or list a settled transfer twice). Here
 * money moves through every path that writes postings: a transfer between own accounts (with
 * exchange, two legs on the FX account), P2P, an invoice payment, a mass batch, and the ledger's
 * own calls (pending then settled or rejected, one by one and in batches, a reversal, two legs of
 * one transfer on one account). Then every account's history, count and open totals must be what
 * the query before decision 122 answers on the same data.
 */

let server: TestServer;
let personal: string;
let anna: string;
let ioana: string;
let office: number;
const f = transferFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  [personal, anna, ioana] = await Promise.all([
    server.signIn('personal@ledgerline.test'),
    server.signIn('anna@pebble.example'),
    server.signIn('ioana@harbourlight.example'),
  ]);
  office = await f.customerIdOf('office@harbourlight.example');
  // Nobody here confirms with a second factor: each call pays at once.
  for (const email of [
    'personal@ledgerline.test',
    'anna@pebble.example',
    'ioana@harbourlight.example',
  ])
    await f
      .db()
      .update(customers)
      .set({ transactionApproveMode: 0 })
      .where(eq(customers.id, await f.customerIdOf(email)));
}, 240_000);
afterAll(async () => {
  await server.close();
});

/**
 * The history rows of an account as the query before decision 122 found them (an anti-join a row),
 * with the net as the query before decision 128 summed it (the account's postings of the phase).
 */
async function oldHistory(accountId: number) {
  return selectRows<{ posting_id: string; transfer_id: string; net: string }>(
    f.db(),
    sql`select p.id::text as posting_id, p.transfer_id::text as transfer_id,
          (select sum(q.amount) from postings q
           where q.transfer_id = p.transfer_id and q.account_id = p.account_id and q.pending = p.pending)::text as net
        from postings p
        where p.account_id = ${accountId}
          and not exists (select 1 from postings e where e.transfer_id = p.transfer_id and e.account_id = p.account_id and e.id < p.id)
        order by p.created_at desc, p.id desc`,
  );
}

/** statusTotals as it was before decision 122: the account's first pending posting of each open or refused transfer. */
async function oldStatusTotals(accountId: number) {
  const rows = await selectRows<{ status: string; count: number }>(
    f.db(),
    sql`select t.status, count(*)::int as count from ledger_transfers t
        join postings p on p.transfer_id = t.id and p.account_id = ${accountId} and p.pending
          and not exists (select 1 from postings e where e.transfer_id = p.transfer_id and e.account_id = p.account_id and e.pending and e.id < p.id)
        where t.status in ('pending', 'rejected') group by t.status`,
  );
  const count = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return { rejected: count('rejected'), processing: count('pending') };
}

async function history(
  token: string,
  body: MainPayload<'getTransactionHistory'>,
  fromCustomerId?: number,
) {
  const items: HistoryItem[] = [];
  let cursor: string | undefined;
  for (let page = 1; page < 100; page += 1) {
    const { status, body: answer } = await f.call(
      'getTransactionHistory',
      token,
      { ...body, pageSize: 100, ...(cursor ? { cursor } : {}) },
      fromCustomerId,
    );
    expect(status, JSON.stringify(answer)).toBe(200);
    items.push(...answer.items);
    if (!answer.nextCursor) return items;
    cursor = answer.nextCursor;
  }
  throw new Error('too many pages');
}

/** A wire batch as the workbench leaves it (test/mass-batch.ts). */
const wireBatch = (accountId: number, names: string[], amount: string) =>
  insertWireBatch(f.db(), { customerId: office, accountId, name: 'History', names, amount });

describe('history from the marked first postings (decisions 122, 128)', () => {
  it('lists each transfer once per account through every posting path, as the query before it did', async () => {
    const personalEur = await f.accountIn(personal, 'EUR');
    const personalUsd = await f.accountIn(personal, 'USD');
    const annaEur = await f.accountIn(anna, 'EUR');

    // A transfer between own accounts, with exchange: the FX account takes two legs.
    const exchange = await f.call('transferBetweenAccounts', personal, {
      fromAccount: personalEur.accountId,
      toAccount: personalUsd.accountId,
      toAmount: '12',
      currency: 'USD',
      idempotencyKey: f.key(),
    });
    expect(exchange.body, JSON.stringify(exchange.body)).toMatchObject({ status: 'settled' });
    const exchangeId = exchange.body.transactionId;

    const p2p = await f.call('transferP2P', personal, {
      fromAccount: personalEur.accountId,
      email: 'anna@pebble.example',
      amount: '7.5',
      description: 'History check',
      idempotencyKey: f.key(),
    });
    expect(p2p.body, JSON.stringify(p2p.body)).toMatchObject({ status: 'settled' });
    const p2pId = p2p.body.transactionId;

    // personal@ bills anna@, who pays the invoice.
    const invoice = await f.call('createInvoice', personal, {
      toEmail: 'anna@pebble.example',
      amount: '9',
      currency: 'EUR',
      dueDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      noteBody: 'History check',
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    const paid = await f.call('payInvoice', anna, {
      invoiceId: invoice.body.invoice.id,
      fromAccount: annaEur.accountId,
      idempotencyKey: f.key(),
    });
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ status: 'settled' });
    const invoiceId = paid.body.transactionId;

    // A mass batch: the ledger's batch path (postTransferList).
    const officeEur = (await f.accountIn(ioana, 'EUR', { fromCustomerId: office })).accountId;
    const batchId = await wireBatch(officeEur, ['Ana Pop', 'Ben Ode', 'Cy Lin'], '4');
    const submitted = await server.call(
      'submitMassBatch',
      { batchId, totalAmount: '12', idempotencyKey: f.key() },
      { token: ioana, fromCustomerId: office },
    );
    expect(submitted.body, JSON.stringify(submitted.body)).toMatchObject({
      status: 'processing',
    });

    // The ledger's own calls, on accounts of their own: two legs of one transfer on one account,
    // pending then settled, pending then rejected, a reversal, and the same in batches.
    const personalId = await f.customerIdOf('personal@ledgerline.test');
    const ledgerCase = await f.db().transaction(async (tx) => {
      const [from, to] = await tx
        .insert(accounts)
        .values([
          { customerId: personalId, type: 4002, currencyCode: 'EUR' },
          { customerId: personalId, type: 4002, currencyCode: 'EUR' },
        ])
        .returning({ id: accounts.id });
      const opening = await systemAccount(tx, 'openingBalance', 'EUR');
      const fees = await systemAccount(tx, 'feeRevenue', 'EUR');
      const base = {
        kind: 'test',
        customerId: personalId,
        initiatedByUserId: null,
      } as const;
      await postTransfer(tx, {
        ...base,
        status: 'settled',
        postings: [
          { accountId: opening.id, amount: '-500' },
          { accountId: from!.id, amount: '500' },
        ],
      });
      // Amount and fee as two legs of the sending account, through each single-transfer path.
      const twoLegs = (status: 'pending' | 'settled') => ({
        ...base,
        status,
        postings: [
          { accountId: from!.id, amount: '-10' },
          { accountId: from!.id, amount: '-1' },
          { accountId: to!.id, amount: '10' },
          { accountId: fees.id, amount: '1' },
        ],
      });
      const settledLater = await postTransfer(tx, twoLegs('pending'));
      await settleTransfer(tx, settledLater.id);
      const refused = await postTransfer(tx, twoLegs('pending'));
      await rejectTransfer(tx, refused.id, { reason: 'test' });
      const open = await postTransfer(tx, twoLegs('pending'));
      const reference = await postTransferStatements(tx, twoLegs('settled'));
      await reverseTransfer(tx, reference.id, { initiatedByUserId: null });
      const listed = await postTransfers(tx, [
        twoLegs('pending'),
        twoLegs('pending'),
        twoLegs('settled'),
      ]);
      await settleTransfers(tx, [listed[0]!.id]);
      await rejectTransfers(tx, [listed[1]!.id]);
      return { from: from!.id, open: open.id, count: 9 };
    });

    await assertLedgerBalanced(f.db());
    await assertFirstPostingsMarked(f.db());

    // Every account that holds postings: the same rows, counts and open totals as before.
    const touched = await selectRows<{
      id: number;
      customer_id: number | null;
      currency_code: string;
    }>(
      f.db(),
      sql`select a.id, a.customer_id, a.currency_code from accounts a where exists (select 1 from postings p where p.account_id = a.id) order by a.id`,
    );
    expect(touched.length).toBeGreaterThan(20);
    for (const account of touched) {
      const scope: HistoryScope = {
        accountId: account.id,
        customerId: account.customer_id ?? 0,
        currencyCode: account.currency_code,
      };
      const expected = await oldHistory(account.id);
      const rows = await historyRows(f.db(), scope, {}, { limit: 100_000 });
      expect(
        rows.map((row) => [row.posting_id, String(row.transfer_id), Number(row.net)]),
        `account ${account.id}`,
      ).toEqual(expected.map((row) => [row.posting_id, row.transfer_id, Number(row.net)]));
      expect(new Set(rows.map((row) => row.transfer_id)).size, `account ${account.id}`).toBe(
        rows.length,
      );
      const counted = await countHistory(f.db(), scope, {}, 100_000);
      expect(counted, `account ${account.id}`).toEqual({ total: expected.length, exact: true });
      expect(await statusTotals(f.db(), scope, {}), `account ${account.id}`).toEqual(
        await oldStatusTotals(account.id),
      );
      // The filter that reads the net (decision 128): money out.
      const out = expected.filter((row) => Number(row.net) < 0).length;
      expect(
        await countHistory(f.db(), scope, { direction: 'out' }, 100_000),
        `account ${account.id}`,
      ).toEqual({ total: out, exact: true });
    }

    // Through the main API: each transfer once on each customer account it touched.
    const once = (items: HistoryItem[], id: string) =>
      items.filter((item) => item.transactionId === id).length;
    const personalItems = await history(personal, { accountId: personalEur.accountId });
    for (const id of [exchangeId, p2pId]) expect(once(personalItems, id)).toBe(1);
    const annaItems = await history(anna, { accountId: annaEur.accountId });
    for (const id of [p2pId, invoiceId]) expect(once(annaItems, id)).toBe(1);
    const usdItems = await history(personal, { accountId: personalUsd.accountId });
    expect(once(usdItems, exchangeId)).toBe(1);
    const officeItems = await history(ioana, { accountId: officeEur }, office);
    const batchItems = officeItems.filter((item) => item.operationType === 'wire');
    expect(batchItems.length).toBeGreaterThanOrEqual(3);
    for (const item of batchItems) expect(once(officeItems, item.transactionId)).toBe(1);

    // The ledger's own case: nine transfers on the sending account, each once, the open one
    // processing and the two refused ones rejected.
    const own = await history(personal, { accountId: ledgerCase.from });
    expect(own).toHaveLength(ledgerCase.count);
    expect(new Set(own.map((item) => item.transactionId)).size).toBe(ledgerCase.count);
    expect(own.find((item) => item.transactionId === ledgerCase.open)?.status).toBe('processing');
    expect(own.filter((item) => item.status === 'rejected')).toHaveLength(2);
    // Each of them moved 11 (two legs, 10 and 1) out of the account, the reversal 11 back in
    // (decision 128: the net of the phase, not the marked leg's 10).
    expect(
      own
        .map((item) => `${item.direction} ${item.amount}`)
        .sort()
        .join(', '),
    ).toBe(
      [
        'in 11',
        'in 500',
        'out 11',
        'out 11',
        'out 11',
        'out 11',
        'out 11',
        'out 11',
        'out 11',
      ].join(', '),
    );
  }, 120_000);
});
