import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import { ACCOUNT_TYPES } from '@ledgerline/domain';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { accounts, ledgerTransfers, postings } from '../../db/schema';
import { createCustomer, openAccount, type FixtureCustomer } from '../cards/test-fixtures';
import { postTransfer, reverseTransfer } from '../ledger/ledger';
import { Money } from '../ledger/money';
import { lastMonths } from './spending';

/*
 * Home's overview figures (issue 13 item 6): the spending by month and the total balance, each
 * in the customer's main currency, through the main API. Customers of their own, so the sums are
 * known exactly; other currencies are checked against the rates the server itself answers.
 */

let server: TestServer;
let spender: FixtureCustomer;
let payee: FixtureCustomer;
let eur: typeof accounts.$inferSelect;
let eurWallet: typeof accounts.$inferSelect;
let usd: typeof accounts.$inferSelect;
let payeeEur: typeof accounts.$inferSelect;
let payeeUsd: typeof accounts.$inferSelect;
let usdPerEur: Money;

/** The calendar month (UTC) `back` months before the current one, and a moment inside it. */
function monthBack(back: number): { yearMonth: string; at: Date } {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12));
  return { yearMonth: lastMonths(now, back + 1)[0]!, at };
}

/** Moves money through the ledger, settled (or pending), and dates its rows in a past month. */
async function move(
  from: typeof accounts.$inferSelect,
  to: typeof accounts.$inferSelect,
  amounts: { out: string; in?: string },
  options: { back?: number; kind?: string; status?: 'settled' | 'pending' } = {},
): Promise<string> {
  const db = server.database.db;
  const id = await db.transaction(async (tx) => {
    const legs =
      from.currencyCode === to.currencyCode
        ? [
            { accountId: from.id, amount: `-${amounts.out}` },
            { accountId: to.id, amount: amounts.in ?? amounts.out },
          ]
        : null;
    if (!legs) throw new Error('the fixtures move money in one currency');
    const transfer = await postTransfer(tx, {
      kind: options.kind ?? 'p2p',
      customerId: from.customerId,
      initiatedByUserId: null,
      status: options.status ?? 'settled',
      postings: legs,
    });
    return transfer.id;
  });
  if (options.back !== undefined) await dateTransfer(id, monthBack(options.back).at);
  return id;
}

async function dateTransfer(transferId: string, at: Date): Promise<void> {
  const db = server.database.db;
  await db.update(postings).set({ createdAt: at }).where(eq(postings.transferId, transferId));
  await db.update(ledgerTransfers).set({ createdAt: at }).where(eq(ledgerTransfers.id, transferId));
}

async function spending(token: string, fromCustomerId?: number) {
  const answer = await server.call(
    'getSpendingByMonth',
    {},
    { token, ...(fromCustomerId === undefined ? {} : { fromCustomerId }) },
  );
  return answer;
}

function monthOf(
  body: { months: { yearMonth: string; amount: string }[] },
  back: number,
): string | undefined {
  return body.months.find((month) => month.yearMonth === monthBack(back).yearMonth)?.amount;
}

/** An amount in USD in euros at the server's rate, unrounded. */
function inEuros(usdAmount: string): Money {
  return new Money(usdAmount).dividedBy(usdPerEur);
}

beforeAll(async () => {
  server = await startTestServer();
  spender = await createCustomer(server);
  payee = await createCustomer(server);
  // The EUR payment account is opened first: euros are the spender's main currency.
  eur = await openAccount(server, spender.customerId, { balance: '1000' });
  eurWallet = await openAccount(server, spender.customerId, {
    type: ACCOUNT_TYPES.prepaidFunding,
    balance: '5',
  });
  usd = await openAccount(server, spender.customerId, { currencyCode: 'USD', balance: '500' });
  payeeEur = await openAccount(server, payee.customerId, { balance: '20' });
  payeeUsd = await openAccount(server, payee.customerId, { currencyCode: 'USD' });
  const rates = await server.call('getDefaultExchangeRates', {}, { token: spender.token });
  usdPerEur = new Money(rates.body.rates.find((rate) => rate.currencyCode === 'USD')!.rate);

  // Two months back: 30.10 EUR and 100 USD paid to someone else.
  await move(eur, payeeEur, { out: '30.10' }, { back: 2 });
  await move(usd, payeeUsd, { out: '100' }, { back: 2 });
  // Last month: 12.34 EUR paid, 200 EUR moved to the spender's own wallet and 7 EUR back.
  await move(eur, payeeEur, { out: '12.34' }, { back: 1 });
  await move(eur, eurWallet, { out: '200' }, { back: 1, kind: 'betweenAccounts' });
  await move(eurWallet, eur, { out: '7' }, { back: 1, kind: 'betweenAccounts' });
  // Last month too: money received is no spending, and a payment that was reversed is none either.
  await move(payeeEur, eur, { out: '15' }, { back: 1 });
  const reversed = await move(eur, payeeEur, { out: '40' }, { back: 1 });
  const reversal = await server.database.db.transaction((tx) =>
    reverseTransfer(tx, reversed, { initiatedByUserId: null }),
  );
  await dateTransfer(reversal.id, monthBack(1).at);
  // This month: a payment still pending (reserved, not spent) and one settled.
  await move(eur, payeeEur, { out: '9.99' }, { status: 'pending' });
  await move(eur, payeeEur, { out: '0.01' });
  // Six months back is outside the chart of six months (the current one and five before it).
  await move(eur, payeeEur, { out: '55' }, { back: 6 });
}, 120_000);
afterEach(async () => assertLedgerBalanced(server.database.db));
afterAll(async () => server.close());

describe('getSpendingByMonth', () => {
  it('answers the last six calendar months, oldest first, in the main currency', async () => {
    const { status, body } = await spending(spender.token);
    expect(status).toBe(200);
    expect(body.currencyCode).toBe('EUR');
    expect(body.months.map((month) => month.yearMonth)).toEqual(lastMonths(new Date(), 6));
  });

  it('sums what left per month, converting other currencies, rounded once to cents', async () => {
    const { body } = await spending(spender.token);
    const expected = new Money('30.10')
      .plus(inEuros('100'))
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      .toFixed(2);
    expect(monthOf(body, 2)).toBe(expected);
    expect(body.isConverted).toBe(true);
    expect(body.excludedCurrencies).toEqual([]);
  });

  it('leaves out moves between own accounts, money received and a reversed payment', async () => {
    const { body } = await spending(spender.token);
    expect(monthOf(body, 1)).toBe('12.34');
  });

  it('counts a payment once it settles, not while it is pending', async () => {
    const { body } = await spending(spender.token);
    expect(monthOf(body, 0)).toBe('0.01');
  });

  it('answers 0 for a month with nothing spent, and a month before the window is not summed into it', async () => {
    const { body } = await spending(spender.token);
    expect(monthOf(body, 3)).toBe('0.00');
    expect(monthOf(body, 5)).toBe('0.00');
    expect(body.months).toHaveLength(6);
    const twelve = await server.call(
      'getSpendingByMonth',
      { months: 12 },
      { token: spender.token },
    );
    expect(twelve.body.months).toHaveLength(12);
    expect(twelve.body.months.find((m) => m.yearMonth === monthBack(6).yearMonth)?.amount).toBe(
      '55.00',
    );
  });

  it('never shows another customer’s spending: the payee sees only its own', async () => {
    const { body } = await spending(payee.token);
    // The payee paid the spender 15 EUR last month and nothing else.
    expect(body.months.map((month) => month.amount)).toEqual(
      lastMonths(new Date(), 6).map((yearMonth) =>
        yearMonth === monthBack(1).yearMonth ? '15.00' : '0.00',
      ),
    );
    expect(body.isConverted).toBe(false);
  });

  it('refuses to act for a customer the caller holds no access to, and a request out of bounds', async () => {
    const asSpender = await spending(payee.token, spender.customerId);
    expect(asSpender.status).toBe(403);
    expect(asSpender.body).toMatchObject({ responseCode: 'ENOA' });
    expect(asSpender.body).not.toHaveProperty('months');
    for (const months of [0, 13, 2.5, '6']) {
      const bad = await server.send('getSpendingByMonth', { months }, { token: spender.token });
      expect(bad.status).toBe(400);
      expect(bad.body.validationErrors).toHaveProperty('months');
    }
    const unknown = await server.send(
      'getSpendingByMonth',
      { accountId: 1 },
      { token: spender.token },
    );
    expect(unknown.status).toBe(400);
  });

  it('answers a new customer six months of nothing in euros', async () => {
    const fresh = await createCustomer(server);
    const { body } = await spending(fresh.token);
    expect(body.currencyCode).toBe('EUR');
    expect(body.months.map((month) => month.amount)).toEqual(Array(6).fill('0.00'));
    expect(body.isConverted).toBe(false);
  });
});

describe('getTotalBalance', () => {
  it('adds every account in the main currency, converted at the server’s rates, rounded once', async () => {
    const { status, body } = await server.call('getTotalBalance', {}, { token: spender.token });
    expect(status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.customerId, spender.customerId));
    const euros = rows
      .filter((row) => row.currencyCode === 'EUR')
      .reduce((sum, row) => sum.plus(row.balance), new Money(0));
    const dollars = rows
      .filter((row) => row.currencyCode === 'USD')
      .reduce((sum, row) => sum.plus(row.balance), new Money(0));
    expect(dollars.toFixed()).toBe('400');
    expect(body).toMatchObject({
      currencyCode: 'EUR',
      total: euros
        .plus(dollars.dividedBy(usdPerEur))
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toFixed(2),
      isConverted: true,
      rateDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      excludedCurrencies: [],
    });
  });

  it('is exact and not converted when every account is in the main currency', async () => {
    const saver = await createCustomer(server);
    await openAccount(server, saver.customerId, { balance: '10.10' });
    await openAccount(server, saver.customerId, {
      type: ACCOUNT_TYPES.prepaidFunding,
      balance: '0.05',
    });
    const { body } = await server.call('getTotalBalance', {}, { token: saver.token });
    expect(body).toMatchObject({
      currencyCode: 'EUR',
      total: '10.15',
      isConverted: false,
      rateDate: null,
      excludedCurrencies: [],
    });
  });

  it('leaves out money in a currency the server holds no rate for, and names it', async () => {
    const holder = await createCustomer(server);
    await openAccount(server, holder.customerId, { currencyCode: 'GBP', balance: '10.5' });
    await openAccount(server, holder.customerId, { currencyCode: 'KWD', balance: '3' });
    const { body } = await server.call('getTotalBalance', {}, { token: holder.token });
    expect(body).toMatchObject({ currencyCode: 'GBP', total: '10.50', isConverted: false });
    expect(body.excludedCurrencies).toEqual(['KWD']);
  });

  it('answers zero in euros for a customer with no account, and refuses a customer not the caller’s', async () => {
    const fresh = await createCustomer(server);
    const { body } = await server.call('getTotalBalance', {}, { token: fresh.token });
    expect(body).toMatchObject({
      currencyCode: 'EUR',
      total: '0.00',
      isConverted: false,
      rateDate: null,
      excludedCurrencies: [],
    });
    const theirs = await server.call(
      'getTotalBalance',
      {},
      { token: fresh.token, fromCustomerId: spender.customerId },
    );
    expect(theirs.status).toBe(403);
    expect(theirs.body).not.toHaveProperty('total');
  });
});
