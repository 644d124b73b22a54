import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, customers, ledgerTransfers, postings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import {
  hashRequest,
  postTransfer,
  rejectTransfer,
  reverseTransfer,
  settleTransfer,
  systemAccount,
} from './ledger';
import { postTransferList, postTransfers, rejectTransfers, settleTransfers } from './batch';

let server: TestServer;
let customerId: number;

beforeAll(async () => {
  server = await startTestServer();
  const [customer] = await server.database.db
    .insert(customers)
    .values({ brandId: 'pebble', customerType: 0, firstName: 'Ledger', lastName: 'Tester' })
    .returning({ id: customers.id });
  customerId = customer!.id;
});
afterAll(async () => {
  await assertLedgerBalanced(server.database.db);
  await server.close();
});

const db = () => server.database.db;

/** A fresh EUR payment account of the test customer, funded from the opening-balance account. */
async function fundedAccount(
  amount: string,
  options: { min?: string; currencyCode?: string } = {},
): Promise<number> {
  const currencyCode = options.currencyCode ?? 'EUR';
  return db().transaction(async (tx) => {
    // A receiving type (4002) so many accounts of one currency may exist for one customer.
    const [row] = await tx
      .insert(accounts)
      .values({ customerId, type: 4002, currencyCode, accountBalanceMin: options.min ?? '0' })
      .returning({ id: accounts.id });
    if (amount !== '0') {
      const opening = await systemAccount(tx, 'openingBalance', currencyCode);
      await postTransfer(tx, {
        kind: 'openingBalance',
        customerId,
        initiatedByUserId: null,
        status: 'settled',
        postings: [
          { accountId: opening.id, amount: `-${amount}` },
          { accountId: row!.id, amount },
        ],
      });
    }
    return row!.id;
  });
}

async function account(id: number) {
  const [row] = await db().select().from(accounts).where(eq(accounts.id, id));
  return row!;
}

async function move(
  from: number,
  to: number,
  amount: string,
  status: 'settled' | 'pending' = 'settled',
  extra: { idempotencyKey?: string; requestHash?: string } = {},
) {
  return db().transaction((tx) =>
    postTransfer(tx, {
      kind: 'test',
      customerId,
      initiatedByUserId: null,
      status,
      postings: [
        { accountId: from, amount: `-${amount}` },
        { accountId: to, amount },
      ],
      ...extra,
    }),
  );
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('postTransfer', () => {
  it('moves money between accounts and keeps the cached balances exact', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const transfer = await move(from, to, '0.1');
    await move(from, to, '0.2');
    expect(transfer).toMatchObject({
      status: 'settled',
      amount: '0.1',
      currencyCode: 'EUR',
      replayed: false,
    });
    expect((await account(to)).balance).toBe('0.30000000');
    expect((await account(from)).balance).toBe('9.70000000');
    await assertLedgerBalanced(db());
  });

  it('refuses postings that do not sum to zero and records nothing', async () => {
    const from = await fundedAccount('5');
    const to = await fundedAccount('0');
    const before = (await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length;
    const error = await failure(
      db().transaction((tx) =>
        postTransfer(tx, {
          kind: 'test',
          customerId,
          initiatedByUserId: null,
          status: 'settled',
          postings: [
            { accountId: from, amount: '-1' },
            { accountId: to, amount: '0.99999999' },
          ],
        }),
      ),
    );
    expect(String(error)).toContain('sum to');
    expect((await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length).toBe(
      before,
    );
    expect((await account(from)).balance).toBe('5.00000000');
  });

  it('refuses amounts with more than 8 decimals and zero postings', async () => {
    const from = await fundedAccount('5');
    const to = await fundedAccount('0');
    expect(await failure(move(from, to, '0.000000001'))).toMatchObject({ code: 'TA1' });
    expect(await failure(move(from, to, '0'))).toMatchObject({ code: 'TA1' });
  });

  it('refuses postings finer than their currency is paid in, and records nothing', async () => {
    const from = await fundedAccount('5');
    const to = await fundedAccount('0');
    const yen = await fundedAccount('500', { currencyCode: 'JPY' });
    const yenTo = await fundedAccount('0', { currencyCode: 'JPY' });
    const before = (await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length;
    for (const [source, target, amount] of [
      [from, to, '0.005'],
      [from, to, '0.00000001'],
      [from, to, '1.999'],
      [yen, yenTo, '1.5'],
    ] as const) {
      const error = await failure(move(source, target, amount));
      expect(error, amount).toBeInstanceOf(AppError);
      expect(error, amount).toMatchObject({
        code: 'TA1',
        validationErrors: { amount: 'validation.amountMinorUnits' },
      });
    }
    expect((await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length).toBe(
      before,
    );
    expect((await account(from)).balance).toBe('5.00000000');
    expect((await account(yen)).balance).toBe('500.00000000');
    await move(from, to, '0.01');
    await move(yen, yenTo, '1');
    expect((await account(to)).balance).toBe('0.01000000');
    await assertLedgerBalanced(db());
  });

  it('refuses a transfer that would go below the minimum balance', async () => {
    const from = await fundedAccount('3');
    const to = await fundedAccount('0');
    const error = await failure(move(from, to, '3.01'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'TA1', message: 'Insufficient funds' });
    expect((await account(from)).balance).toBe('3.00000000');
    await move(from, to, '3');
    expect((await account(from)).balance).toBe('0.00000000');
    await assertLedgerBalanced(db());
  });

  it('lets an account with an agreed overdraft go down to its minimum and no further', async () => {
    const from = await fundedAccount('1', { min: '-50' });
    const to = await fundedAccount('0');
    await move(from, to, '51');
    expect((await account(from)).balance).toBe('-50.00000000');
    expect(await failure(move(from, to, '0.01'))).toMatchObject({ message: 'Insufficient funds' });
    await assertLedgerBalanced(db());
  });

  it('lets system accounts go negative: they have no minimum', async () => {
    const to = await fundedAccount('1000000');
    expect((await account(to)).balance).toBe('1000000.00000000');
    await assertLedgerBalanced(db());
  });

  it('refuses an unknown account', async () => {
    const from = await fundedAccount('1');
    expect(await failure(move(from, 2_000_000_000, '1'))).toMatchObject({
      code: 'ENOA',
      httpStatus: 404,
    });
  });

  it('refuses to post to a closed account', async () => {
    const from = await fundedAccount('1');
    const closed = await fundedAccount('0');
    await db().update(accounts).set({ accountStatusId: 4 }).where(eq(accounts.id, closed));
    expect(await failure(move(from, closed, '1'))).toMatchObject({ code: 'CA' });
  });
});

describe('pending transfers', () => {
  it('reserves the money, then settles it', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const pending = await move(from, to, '4', 'pending');
    expect(pending.status).toBe('pending');
    expect(await account(from)).toMatchObject({
      balance: '10.00000000',
      pendingAmount: '4.00000000',
    });
    expect(await account(to)).toMatchObject({ balance: '0.00000000', pendingAmount: '0.00000000' });
    await assertLedgerBalanced(db());

    // The reserved money is not available to another transfer.
    expect(await failure(move(from, to, '6.01'))).toMatchObject({ message: 'Insufficient funds' });

    const settled = await db().transaction((tx) => settleTransfer(tx, pending.id));
    expect(settled.status).toBe('settled');
    expect(await account(from)).toMatchObject({
      balance: '6.00000000',
      pendingAmount: '0.00000000',
    });
    expect(await account(to)).toMatchObject({ balance: '4.00000000', pendingAmount: '0.00000000' });
    const again = await db().transaction((tx) => settleTransfer(tx, pending.id));
    expect(again.replayed).toBe(true);
    expect(await account(from)).toMatchObject({ balance: '6.00000000' });
    await assertLedgerBalanced(db());
  });

  it('releases the reservation when a pending transfer is rejected', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const pending = await move(from, to, '7', 'pending');
    const rejected = await db().transaction((tx) =>
      rejectTransfer(tx, pending.id, { reason: 'test' }),
    );
    expect(rejected.status).toBe('rejected');
    expect(await account(from)).toMatchObject({
      balance: '10.00000000',
      pendingAmount: '0.00000000',
    });
    expect(await failure(db().transaction((tx) => settleTransfer(tx, pending.id)))).toMatchObject({
      code: 'TA1',
    });
    await assertLedgerBalanced(db());
  });
});

describe('reverseTransfer', () => {
  it('undoes a settled transfer with new opposite postings and never edits the old ones', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const original = await move(from, to, '2.5');
    const reversal = await db().transaction((tx) =>
      reverseTransfer(tx, original.id, { initiatedByUserId: null }),
    );
    expect(reversal).toMatchObject({ kind: 'reversal', status: 'settled', amount: '2.5' });
    expect(reversal.postings.map((leg) => leg.amount).sort()).toEqual(['-2.5', '2.5']);
    const legs = await db().select().from(postings).where(eq(postings.transferId, original.id));
    expect(legs.map((leg) => leg.amount).sort()).toEqual(['-2.50000000', '2.50000000']);
    const [row] = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, original.id));
    expect(row!.status).toBe('reversed');
    expect(await account(from)).toMatchObject({ balance: '10.00000000' });
    expect(await account(to)).toMatchObject({ balance: '0.00000000' });
    expect(
      await failure(
        db().transaction((tx) => reverseTransfer(tx, original.id, { initiatedByUserId: null })),
      ),
    ).toMatchObject({ code: 'TA1' });
    await assertLedgerBalanced(db());
  });

  it('refuses a reversal that would take the receiver below its minimum', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const original = await move(from, to, '5');
    const third = await fundedAccount('0');
    await move(to, third, '5');
    expect(
      await failure(
        db().transaction((tx) => reverseTransfer(tx, original.id, { initiatedByUserId: null })),
      ),
    ).toMatchObject({ message: 'Insufficient funds' });
    const [row] = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, original.id));
    expect(row!.status).toBe('settled');
    await assertLedgerBalanced(db());
  });
});

describe('idempotency', () => {
  it('answers a retry with the first transfer and refuses the key for another request', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const key = `key-${from}`;
    const first = await move(from, to, '1', 'settled', {
      idempotencyKey: key,
      requestHash: hashRequest({ from, to, amount: '1' }),
    });
    const retry = await move(from, to, '1', 'settled', {
      idempotencyKey: key,
      requestHash: hashRequest({ amount: '1', to, from }),
    });
    expect(retry).toMatchObject({ id: first.id, replayed: true });
    expect((await account(from)).balance).toBe('9.00000000');
    const other = await failure(
      move(from, to, '2', 'settled', {
        idempotencyKey: key,
        requestHash: hashRequest({ from, to, amount: '2' }),
      }),
    );
    expect(other).toMatchObject({
      code: 'TA1',
      validationErrors: { idempotencyKey: expect.any(String) },
    });
    expect((await account(from)).balance).toBe('9.00000000');
    await assertLedgerBalanced(db());
  });

  it('hashes a request the same way whatever its key order, as stored hashes were made', () => {
    // Stored request and payee hashes (idempotency rows, batch approvals) were made with this
    // digest: a faster hashRequest must give the same one.
    const request = {
      to: 7,
      amount: '1.50',
      nested: { b: [1, { y: 2, x: undefined }], a: null, 10: 'ten', 2: 'two' },
      skipped: undefined,
    };
    expect(hashRequest(request)).toBe(
      '95302e4043c8d9880b1713c8483faacc4ecd0e4383ab0c5b650ef921d14efaa3',
    );
    expect(
      hashRequest({
        nested: { 2: 'two', 10: 'ten', a: null, b: [1, { y: 2 }] },
        amount: '1.50',
        to: 7,
      }),
    ).toBe(hashRequest(request));
    expect(hashRequest({ ...request, amount: '1.5' })).not.toBe(hashRequest(request));
  });

  it('runs concurrent retries of one request once', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const key = `burst-${from}`;
    const hash = hashRequest({ from, to, amount: '1' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        move(from, to, '1', 'settled', { idempotencyKey: key, requestHash: hash }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect((await account(from)).balance).toBe('9.00000000');
    await assertLedgerBalanced(db());
  });
});

describe('systemAccount', () => {
  it('creates one account per role and currency on first use', async () => {
    const [a, b] = await Promise.all([
      db().transaction((tx) => systemAccount(tx, 'feeRevenue', 'SEK')),
      db().transaction((tx) => systemAccount(tx, 'feeRevenue', 'SEK')),
    ]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ customerId: null, systemRole: 'feeRevenue', currencyCode: 'SEK' });
    const other = await db().transaction((tx) => systemAccount(tx, 'clearing', 'SEK'));
    expect(other.id).not.toBe(a.id);
  });
});

describe('concurrency', () => {
  it('lets only the affordable ones of 50 concurrent transfers from one account through', async () => {
    const from = await fundedAccount('100');
    const to = await fundedAccount('0');
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => move(from, to, '3')));
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    );
    expect(succeeded).toHaveLength(33);
    expect(
      refused.every((result) => (result.reason as AppError).message === 'Insufficient funds'),
    ).toBe(true);
    expect(await account(from)).toMatchObject({ balance: '1.00000000' });
    expect(await account(to)).toMatchObject({ balance: '99.00000000' });
    await assertLedgerBalanced(db());
  });
});

describe('postTransfers (a batch in one transaction)', () => {
  const batch = (
    from: number,
    targets: number[],
    amount: string,
    options: { keyPrefix?: string; status?: 'settled' | 'pending' } = {},
  ) =>
    targets.map((to, index) => ({
      kind: 'test',
      customerId,
      initiatedByUserId: null,
      status: options.status ?? ('settled' as const),
      postings: [
        { accountId: from, amount: `-${amount}` },
        { accountId: to, amount },
      ],
      ...(options.keyPrefix
        ? {
            idempotencyKey: `${options.keyPrefix}-${index}`,
            requestHash: hashRequest({ to, amount }),
          }
        : {}),
    }));

  it('posts many transfers at once, each summing to zero, with each balance updated once', async () => {
    const from = await fundedAccount('100');
    const targets = [await fundedAccount('0'), await fundedAccount('0'), await fundedAccount('0')];
    // 1,300 transfers: two insert statements of transfers and three of postings, run in turn.
    const inputs = Array.from(
      { length: 1_300 },
      (_, index) => batch(from, [targets[index % 3]!], '0.01')[0]!,
    );
    const posted = await db().transaction((tx) => postTransfers(tx, inputs));
    expect(posted).toHaveLength(1_300);
    expect(new Set(posted.map((entry) => entry.id)).size).toBe(1_300);
    expect(posted.every((entry) => !entry.replayed && entry.status === 'settled')).toBe(true);
    expect((await account(from)).balance).toBe('87.00000000');
    expect((await account(targets[0]!)).balance).toBe('4.34000000');
    expect((await account(targets[2]!)).balance).toBe('4.33000000');
    await assertLedgerBalanced(db());
  });

  it('posts nothing when the whole list cannot be covered, though each transfer alone could', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const before = (await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length;
    const error = await failure(
      db().transaction((tx) => postTransfers(tx, batch(from, [to, to, to], '4'))),
    );
    expect(error).toMatchObject({ message: 'Insufficient funds', extra: { accountId: from } });
    expect((await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length).toBe(
      before,
    );
    expect(await account(from)).toMatchObject({
      balance: '10.00000000',
      pendingAmount: '0.00000000',
    });
    await db().transaction((tx) =>
      postTransfers(tx, batch(from, [to, to], '4', { status: 'pending' })),
    );
    expect(await account(from)).toMatchObject({
      balance: '10.00000000',
      pendingAmount: '8.00000000',
    });
    expect(
      await failure(db().transaction((tx) => postTransfers(tx, batch(from, [to], '2.01')))),
    ).toMatchObject({ message: 'Insufficient funds' });
    await assertLedgerBalanced(db());
  });

  it('takes back the parts already stored when the list fails at its end', async () => {
    // 1,500 transfers are checked and stored in two parts; the account covers only 1,499 of them,
    // which is known once the second part is checked: the first part must not stay.
    const from = await fundedAccount('14.99');
    const to = await fundedAccount('0');
    const before = (await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length;
    const inputs = Array.from({ length: 1_500 }, () => batch(from, [to], '0.01')[0]!);
    const error = await failure(db().transaction((tx) => postTransfers(tx, inputs)));
    expect(error).toMatchObject({ message: 'Insufficient funds', extra: { accountId: from } });
    expect((await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length).toBe(
      before,
    );
    expect(await account(from)).toMatchObject({ balance: '14.99000000' });
    expect(await account(to)).toMatchObject({ balance: '0.00000000' });
    await assertLedgerBalanced(db());
  });

  it('posts a repeated key once: a retried list, and a repeat inside the list, answer the first transfer', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const keyPrefix = `batch-${from}`;
    const first = await db().transaction((tx) =>
      postTransfers(tx, batch(from, [to, to], '1', { keyPrefix })),
    );
    const inputs = batch(from, [to, to, to], '1', { keyPrefix });
    const retry = await db().transaction((tx) => postTransfers(tx, [...inputs, inputs[2]!]));
    expect(retry.map((entry) => entry.id).slice(0, 2)).toEqual(first.map((entry) => entry.id));
    expect(retry.map((entry) => entry.replayed)).toEqual([true, true, false, true]);
    expect(retry[3]!.id).toBe(retry[2]!.id);
    expect((await account(from)).balance).toBe('7.00000000');
    const other = batch(from, [to], '2', { keyPrefix });
    expect(await failure(db().transaction((tx) => postTransfers(tx, other)))).toMatchObject({
      validationErrors: { idempotencyKey: 'validation.idempotencyKeyReused' },
    });
    await assertLedgerBalanced(db());
  });

  it('pays a list sent twice at the same moment once', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const inputs = batch(from, [to, to, to], '2', { keyPrefix: `race-${from}` });
    const [a, b] = await Promise.all([
      db().transaction((tx) => postTransfers(tx, inputs)),
      db().transaction((tx) => postTransfers(tx, inputs)),
    ]);
    expect(a!.map((entry) => entry.id)).toEqual(b!.map((entry) => entry.id));
    expect([...a!, ...b!].filter((entry) => !entry.replayed)).toHaveLength(3);
    expect((await account(from)).balance).toBe('4.00000000');
    await assertLedgerBalanced(db());
  });

  it('posts a list built as it is stored, and refuses one that touches what it did not declare', async () => {
    const from = await fundedAccount('100');
    const to = await fundedAccount('0');
    const stranger = await fundedAccount('0');
    const keyPrefix = `list-${from}`;
    const inputs = batch(
      from,
      Array.from({ length: 1_200 }, () => to),
      '0.05',
      { keyPrefix },
    );
    const keys = new Map([[customerId, inputs.map((input) => input.idempotencyKey!)]]);
    let built = 0;
    const lazily = function* (list: typeof inputs) {
      for (const input of list) {
        built += 1;
        yield input;
      }
    };
    const posted = await db().transaction((tx) =>
      postTransferList(tx, { accountIds: [from, to], keys, inputs: lazily(inputs) }),
    );
    expect(built).toBe(1_200);
    expect(posted.filter((entry) => !entry.replayed)).toHaveLength(1_200);
    expect((await account(from)).balance).toBe('40.00000000');
    expect((await account(to)).balance).toBe('60.00000000');

    const before = (await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length;
    // An account the list did not name (so was never locked), then a key it did not name.
    const strayAccount = batch(from, [to, stranger], '1');
    expect(
      String(
        await failure(
          db().transaction((tx) =>
            postTransferList(tx, { accountIds: [from, to], keys: new Map(), inputs: strayAccount }),
          ),
        ),
      ),
    ).toContain(`account ${stranger} was not in the list's accounts`);
    const strayKey = batch(from, [to], '1', { keyPrefix: `${keyPrefix}-other` });
    expect(
      String(
        await failure(
          db().transaction((tx) =>
            postTransferList(tx, { accountIds: [from, to], keys, inputs: strayKey }),
          ),
        ),
      ),
    ).toContain("was not in the list's keys");
    expect((await db().select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length).toBe(
      before,
    );
    expect((await account(from)).balance).toBe('40.00000000');
    expect((await account(stranger)).balance).toBe('0.00000000');
    await assertLedgerBalanced(db());
  });

  it('refuses a closed account and postings that do not sum to zero, posting nothing', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const closed = await fundedAccount('0');
    await db().update(accounts).set({ accountStatusId: 4 }).where(eq(accounts.id, closed));
    expect(
      await failure(db().transaction((tx) => postTransfers(tx, batch(from, [to, closed], '1')))),
    ).toMatchObject({ code: 'CA' });
    const [good] = batch(from, [to], '1');
    const unbalanced = {
      ...good!,
      postings: [
        { accountId: from, amount: '-1' },
        { accountId: to, amount: '0.5' },
      ],
    };
    expect(
      String(await failure(db().transaction((tx) => postTransfers(tx, [good!, unbalanced])))),
    ).toContain('sum to');
    expect((await account(from)).balance).toBe('10.00000000');
    await assertLedgerBalanced(db());
  });

  it('settles or releases many pending transfers at once, and leaves decided ones alone', async () => {
    const from = await fundedAccount('10');
    const to = await fundedAccount('0');
    const pending = await db().transaction((tx) =>
      postTransfers(tx, batch(from, [to, to, to, to], '1', { status: 'pending' })),
    );
    const ids = pending.map((entry) => entry.id);
    expect(await account(from)).toMatchObject({
      balance: '10.00000000',
      pendingAmount: '4.00000000',
    });
    await db().transaction((tx) => settleTransfer(tx, ids[0]!));
    const settled = await db().transaction((tx) => settleTransfers(tx, ids.slice(0, 2)));
    expect(settled).toEqual([ids[1]]);
    const rejected = await db().transaction((tx) =>
      rejectTransfers(tx, ids, { rejectReason: 'declined' }),
    );
    expect(rejected.sort()).toEqual(ids.slice(2).sort());
    expect(await db().transaction((tx) => settleTransfers(tx, ids))).toEqual([]);
    expect(await account(from)).toMatchObject({
      balance: '8.00000000',
      pendingAmount: '0.00000000',
    });
    expect(await account(to)).toMatchObject({ balance: '2.00000000', pendingAmount: '0.00000000' });
    const [row] = await db().select().from(ledgerTransfers).where(eq(ledgerTransfers.id, ids[3]!));
    expect(row).toMatchObject({ status: 'rejected', details: { rejectReason: 'declined' } });
    await assertLedgerBalanced(db());
  });
});
