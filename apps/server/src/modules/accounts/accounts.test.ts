import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isValidBIC, isValidIBAN } from 'ibantools';
import type { Account } from '@ledgerline/contract';
import { accountStatusBanner } from '@ledgerline/domain';
import {
  accounts,
  announcements,
  customerAccess,
  customerVerification,
  customers,
  ledgerTransfers,
  paymentInstructions,
  users,
} from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { postTransfer, systemAccount } from '../ledger/ledger';
import { Money } from '../ledger/money';
import { isValidAbaRouting } from './payment-instructions';

let server: TestServer;
let passwordHash: string;
let counter = 0;
let personal: string;
let anna: string;

beforeAll(async () => {
  server = await startTestServer();
  const [seeded] = await server.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .limit(1);
  passwordHash = seeded!.hash;
  [personal, anna] = await Promise.all([
    server.signIn('personal@ledgerline.test'),
    server.signIn('anna@pebble.example'),
  ]);
});
afterAll(async () => {
  await assertLedgerBalanced(server.database.db);
  await server.close();
});

const db = () => server.database.db;
// eslint-disable-next-line security/detect-unsafe-regex -- test input only
const MONEY = /^-?\d+(\.\d{1,8})?$/;

/** A customer with one user of its own (and no accounts); answers its ids, e-mail and a token. */
async function createCustomer(values: Partial<typeof customers.$inferInsert> = {}) {
  counter += 1;
  const [customer] = await db()
    .insert(customers)
    .values({
      brandId: 'pebble',
      customerType: 0,
      firstName: 'Fixture',
      lastName: `Person ${counter}`,
      ...values,
    })
    .returning({ id: customers.id });
  const email = `accounts-${counter}-${Date.now()}@accounts.test`;
  const [user] = await db()
    .insert(users)
    .values({ customerId: customer!.id, email, passwordHash })
    .returning({ id: users.id });
  return { customerId: customer!.id, userId: user!.id, email, token: await server.signIn(email) };
}

async function accountsOf(token: string, fromCustomerId?: number): Promise<Account[]> {
  const { status, body: answer } = await server.call(
    'getAccounts',
    {},
    fromCustomerId === undefined ? { token } : { token, fromCustomerId },
  );
  expect(status).toBe(200);
  return answer.accounts;
}

async function accountRows(customerId: number) {
  return db().select().from(accounts).where(eq(accounts.customerId, customerId));
}

describe('getAccounts', () => {
  it('lists the demo customer’s accounts in several currencies with decimal strings and a pending amount', async () => {
    const list = await accountsOf(personal);
    const payment = list.filter((account) => account.type === 1001);
    expect(payment.map((account) => account.currencyCode).sort()).toEqual(
      expect.arrayContaining(['EUR', 'GBP', 'RON', 'USD']),
    );
    const eur = payment.find((account) => account.currencyCode === 'EUR')!;
    expect(eur).toMatchObject({
      balance: '2450.75',
      pendingAmount: '120.5',
      accountBalanceMin: '0',
      subType: 'DEBIT',
      accountStatusId: 2,
    });
    expect(payment.find((account) => account.currencyCode === 'GBP')!.balance).toBe('845.12');
    expect(list.find((account) => account.type === 4001)).toMatchObject({
      currencyCode: 'EUR',
      subType: 'PREPAID',
      balance: '150',
    });
    for (const account of list) {
      expect(account.balance).toMatch(MONEY);
      expect(account.pendingAmount).toMatch(MONEY);
    }
  });

  it('sorts by accountStatusId, then by account id', async () => {
    const who = await createCustomer();
    for (const currencyCode of ['USD', 'EUR', 'GBP'])
      expect(
        (await server.call('addCurrency', { currencyCode }, { token: who.token })).status,
      ).toBe(200);
    const [first] = await accountRows(who.customerId);
    // A card-like status above 2 sorts after the open accounts; a lower one before them.
    await db().update(accounts).set({ accountStatusId: 0 }).where(eq(accounts.id, first!.id));
    const list = await accountsOf(who.token);
    const keys = list.map((account) => [account.accountStatusId, account.accountId] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(list[0]!.accountId).toBe(first!.id);
  });

  it('shows only the acting customer’s accounts', async () => {
    const mine = (await accountsOf(personal)).map((account) => account.accountId);
    const hers = (await accountsOf(anna)).map((account) => account.accountId);
    expect(hers.filter((id) => mine.includes(id))).toEqual([]);
    const [annaUser] = await db()
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.email, 'anna@pebble.example'));
    expect(
      (await accountsOf(anna)).every((account) => account.customerId === annaUser!.customerId),
    ).toBe(true);
  });

  it('lets a user with access act for the company, and refuses a documents-only representative', async () => {
    const ioana = await server.signIn('ioana@harbourlight.example');
    const [office] = await db()
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.email, 'office@harbourlight.example'));
    const list = await accountsOf(ioana, office!.customerId);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((account) => account.customerId === office!.customerId)).toBe(true);

    const representative = await createCustomer();
    await db()
      .insert(customerAccess)
      .values({ userId: representative.userId, customerId: office!.customerId, accessRight: 5 });
    const refused = await server.call(
      'getAccounts',
      {},
      { token: representative.token, fromCustomerId: office!.customerId },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.responseCode).toBe('ENOA');
  });

  it('keeps amounts exact: 0.1 + 0.2 + 0.01 is 0.31, and nothing finer than a cent is booked in EUR', async () => {
    const who = await createCustomer();
    const created = await server.call(
      'addCurrency',
      {
        currencyCode: 'EUR',
      },
      { token: who.token },
    );
    const accountId = created.body.account.accountId;
    const post = (amount: string) =>
      db().transaction(async (tx) => {
        const opening = await systemAccount(tx, 'openingBalance', 'EUR');
        return postTransfer(tx, {
          kind: 'test',
          customerId: who.customerId,
          initiatedByUserId: null,
          status: 'settled',
          postings: [
            { accountId: opening.id, amount: `-${amount}` },
            { accountId, amount },
          ],
        });
      });
    for (const amount of ['0.1', '0.2', '0.01']) await post(amount);
    // Issue 12: an amount finer than the currency's minor units used to be booked (a balance read 1851.94999999).
    await expect(post('0.00000001')).rejects.toMatchObject({
      validationErrors: { amount: 'validation.amountMinorUnits' },
    });
    expect(
      (await accountsOf(who.token)).find((account) => account.accountId === accountId)!.balance,
    ).toBe('0.31');
    const inquiry = await server.call('getBalanceInquiry', { accountId }, { token: who.token });
    expect(inquiry.body).toMatchObject({
      balance: '0.31',
      pendingAmount: '0',
      currencyCode: 'EUR',
    });
    await assertLedgerBalanced(db());
  });
});

describe('demo data', () => {
  it('seeds accounts once: a second run adds no account, transfer or announcement', async () => {
    const count = async () => {
      const rows = await Promise.all([
        db().select({ id: accounts.id }).from(accounts),
        db().select({ id: paymentInstructions.id }).from(paymentInstructions),
        db().select({ id: customerVerification.customerId }).from(customerVerification),
        db().select({ id: ledgerTransfers.id }).from(ledgerTransfers),
        db().select({ id: announcements.id }).from(announcements),
      ]);
      return rows.map((list) => list.length);
    };
    const before = await count();
    await seedDemo(db());
    expect(await count()).toEqual(before);
    await assertLedgerBalanced(db());
  });

  it('gives every demo customer at least one account', async () => {
    const [limited, unverified] = await Promise.all([
      server.signIn('limited@ledgerline.test'),
      server.signIn('unverified@ledgerline.test'),
    ]);
    for (const token of [
      anna,
      limited,
      unverified,
      await server.signIn('tomas@northmere.example'),
    ]) {
      expect((await accountsOf(token)).length).toBeGreaterThan(0);
    }
    expect(
      (await accountsOf(anna)).find(
        (account) => account.currencyCode === 'EUR' && account.type === 1001,
      )!.pendingAmount,
    ).toBe('60');
  });
});

describe('getBalanceInquiry', () => {
  it('answers the balance and pending amount of one account', async () => {
    const eur = (await accountsOf(personal)).find(
      (account) => account.type === 1001 && account.currencyCode === 'EUR',
    )!;
    const { status, body } = await server.call(
      'getBalanceInquiry',
      {
        accountId: eur.accountId,
      },
      { token: personal },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      responseCode: '00',
      accountId: eur.accountId,
      balance: eur.balance,
      pendingAmount: eur.pendingAmount,
      currencyCode: 'EUR',
    });
  });

  it('answers another customer’s account exactly like an unknown one', async () => {
    const hers = (await accountsOf(anna))[0]!;
    const other = await server.call(
      'getBalanceInquiry',
      { accountId: hers.accountId },
      { token: personal },
    );
    const unknown = await server.call(
      'getBalanceInquiry',
      { accountId: 2_000_000_000 },
      { token: personal },
    );
    expect(other.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
    expect(other.body.responseCode).toBe('ENOA');
  });

  it('refuses bad input with TA1 and field errors', async () => {
    for (const body of [
      {},
      { accountId: 'x' },
      { accountId: 0 },
      { accountId: 1.5 },
      { accountId: 1, extra: true },
    ]) {
      const { status, body: answer } = await server.send('getBalanceInquiry', body, {
        token: personal,
      });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.responseCode).toBe('TA1');
      expect(answer.validationErrors).toBeDefined();
    }
  });
});

describe('addCurrency and createWallet', () => {
  it('opens a payment account with its payment instructions', async () => {
    const who = await createCustomer();
    const { status, body } = await server.call(
      'addCurrency',
      {
        currencyCode: 'CHF',
      },
      { token: who.token },
    );
    expect(status).toBe(200);
    expect(body.account).toMatchObject({
      type: 1001,
      subType: 'DEBIT',
      accountStatusId: 2,
      currencyCode: 'CHF',
      balance: '0',
      pendingAmount: '0',
      customerId: who.customerId,
    });
    expect((await accountsOf(who.token)).map((account) => account.accountId)).toContain(
      body.account.accountId,
    );
    const instructions = await server.call(
      'getPaymentInstructions',
      { accountId: body.account.accountId },
      { token: who.token },
    );
    expect(instructions.body.instructions).toHaveLength(1);
    expect(isValidIBAN(instructions.body.instructions[0]!.iban!)).toBe(true);
  });

  it('refuses a second payment account in the same currency and changes nothing', async () => {
    const who = await createCustomer();
    expect(
      (await server.call('addCurrency', { currencyCode: 'GBP' }, { token: who.token })).status,
    ).toBe(200);
    const again = await server.call('addCurrency', { currencyCode: 'GBP' }, { token: who.token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { currencyCode: 'validation.currencyAlreadyHeld' },
    });
    expect(await accountRows(who.customerId)).toHaveLength(1);
  });

  it('opens one account when the same currency is asked for several times at once', async () => {
    const who = await createCustomer();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.call('addCurrency', { currencyCode: 'PLN' }, { token: who.token }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
    expect(await accountRows(who.customerId)).toHaveLength(1);
  });

  it('refuses a currency that is not offered or not a code', async () => {
    const who = await createCustomer();
    for (const currencyCode of ['XAU', 'BTC', 'eur', 'EURO', '']) {
      const { status, body } = await server.call(
        'addCurrency',
        { currencyCode },
        { token: who.token },
      );
      expect(status, currencyCode).toBe(400);
      expect(body.responseCode).toBe('TA1');
      expect(body.validationErrors?.currencyCode, currencyCode).toBeDefined();
    }
    expect(await accountRows(who.customerId)).toHaveLength(0);
  });

  it('creates a prepaid funding wallet beside a payment account of the same currency, once', async () => {
    const who = await createCustomer();
    expect(
      (await server.call('addCurrency', { currencyCode: 'EUR' }, { token: who.token })).status,
    ).toBe(200);
    const wallet = await server.call(
      'createWallet',
      {
        currencyCode: 'EUR',
      },
      { token: who.token },
    );
    expect(wallet.status).toBe(200);
    expect(wallet.body.account).toMatchObject({
      type: 4001,
      subType: 'PREPAID',
      currencyCode: 'EUR',
      balance: '0',
    });
    const again = await server.call('createWallet', { currencyCode: 'EUR' }, { token: who.token });
    expect(again.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { currencyCode: 'validation.walletAlreadyHeld' },
    });
    expect(await accountRows(who.customerId)).toHaveLength(2);
  });

  it('lets only a user with full access open accounts for a company', async () => {
    const company = await createCustomer({ customerType: 2, businessName: 'Read Only Ltd' });
    const reader = await createCustomer();
    await db()
      .insert(customerAccess)
      .values({ userId: reader.userId, customerId: company.customerId, accessRight: 1 });
    const refused = await server.call(
      'addCurrency',
      { currencyCode: 'EUR' },
      { token: reader.token, fromCustomerId: company.customerId },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.responseCode).toBe('ENOA');
    expect(await accountRows(company.customerId)).toHaveLength(0);
    // Reading is allowed.
    expect(
      (
        await server.call(
          'getAccounts',
          {},
          { token: reader.token, fromCustomerId: company.customerId },
        )
      ).status,
    ).toBe(200);
  });
});

describe('exchange rates', () => {
  it('answers the default rates against the euro with the newest date', async () => {
    const { status, body } = await server.call('getDefaultExchangeRates', {}, { token: personal });
    expect(status).toBe(200);
    expect(body.base).toBe('EUR');
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const byCode = Object.fromEntries(body.rates.map((rate) => [rate.currencyCode, rate.rate]));
    expect(Object.keys(byCode)).toEqual(
      expect.arrayContaining(['USD', 'AUD', 'CAD', 'GBP', 'RON']),
    );
    expect(byCode.USD).toBe('1.1561');
  });

  it('answers 1 when the currencies match or one is missing', async () => {
    for (const body of [
      {},
      { fromCurrencyCode: 'USD' },
      { toCurrencyCode: 'GBP' },
      { fromCurrencyCode: 'GBP', toCurrencyCode: 'GBP' },
    ]) {
      const answer = await server.call('getTransferExchangeRate', body, { token: personal });
      expect(answer.body, JSON.stringify(body)).toMatchObject({
        responseCode: '00',
        rate: '1',
        date: null,
      });
    }
  });

  it('crosses two currencies through the euro exactly', async () => {
    const rates = (await server.call('getDefaultExchangeRates', {}, { token: personal })).body
      .rates;
    const perEuro = (code: string) =>
      new Money(rates.find((rate) => rate.currencyCode === code)!.rate);
    const eurUsd = await server.call(
      'getTransferExchangeRate',
      {
        fromCurrencyCode: 'EUR',
        toCurrencyCode: 'USD',
      },
      { token: personal },
    );
    expect(eurUsd.body).toMatchObject({ rate: perEuro('USD').toFixed() });
    const gbpUsd = await server.call(
      'getTransferExchangeRate',
      {
        fromCurrencyCode: 'GBP',
        toCurrencyCode: 'USD',
      },
      { token: personal },
    );
    expect(gbpUsd.body.rate).toBe(
      perEuro('USD').dividedBy(perEuro('GBP')).toDecimalPlaces(10).toFixed(),
    );
    const usdEur = await server.call(
      'getTransferExchangeRate',
      {
        fromCurrencyCode: 'USD',
        toCurrencyCode: 'EUR',
      },
      { token: personal },
    );
    expect(usdEur.body.rate).toBe(
      new Money(1).dividedBy(perEuro('USD')).toDecimalPlaces(10).toFixed(),
    );
  });

  it('refuses a currency it holds no rate for', async () => {
    const { status, body } = await server.call(
      'getTransferExchangeRate',
      {
        fromCurrencyCode: 'EUR',
        toCurrencyCode: 'XAU',
      },
      { token: personal },
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { toCurrencyCode: expect.any(String) },
    });
  });
});

describe('payment instructions', () => {
  it('gives every account people pay into its bank details in the currency’s scheme', async () => {
    const list = await accountsOf(personal);
    const { body } = await server.call('getPaymentInstructions', {}, { token: personal });
    const payable = list.filter((account) => [1001, 4001, 4002].includes(account.type));
    expect(body.instructions.map((item) => item.accountId).sort()).toEqual(
      payable.map((account) => account.accountId).sort(),
    );
    const byCurrency = (code: string) =>
      body.instructions.find(
        (item) =>
          item.currencyCode === code &&
          list.find((account) => account.accountId === item.accountId)?.type === 1001,
      )!;

    const eur = byCurrency('EUR');
    expect(isValidIBAN(eur.iban!)).toBe(true);
    expect(eur.iban).toBe(eur.bankAccountNumber);
    expect(isValidBIC(eur.swift!)).toBe(true);
    expect(eur).toMatchObject({
      beneficiaryName: 'Petra Lindqvist',
      bankName: 'Pebble Payments Ltd',
      sortCode: null,
      routingNumber: null,
    });

    const gbp = byCurrency('GBP');
    expect(gbp.bankAccountNumber).toMatch(/^\d{8}$/);
    expect(gbp.sortCode).toMatch(/^\d{2}-\d{2}-\d{2}$/);
    expect(isValidIBAN(gbp.iban!)).toBe(true);
    expect(gbp.iban!.slice(8, 14)).toBe(gbp.sortCode!.replaceAll('-', ''));

    const usd = byCurrency('USD');
    expect(usd.iban).toBeNull();
    expect(isValidAbaRouting(usd.routingNumber!)).toBe(true);
    expect(isValidBIC(usd.swift!)).toBe(true);

    const ron = byCurrency('RON');
    expect(isValidIBAN(ron.iban!)).toBe(true);
    expect(new Set(body.instructions.map((item) => item.reference)).size).toBe(
      body.instructions.length,
    );
  });

  it('gives a CAD account a transit and an institution number', async () => {
    const who = await createCustomer();
    const created = await server.call(
      'addCurrency',
      {
        currencyCode: 'CAD',
      },
      { token: who.token },
    );
    const { body } = await server.call(
      'getPaymentInstructions',
      { accountId: created.body.account.accountId },
      { token: who.token },
    );
    const cad = body.instructions[0]!;
    expect(cad.transitNumber).toMatch(/^\d{5}$/);
    expect(cad.institutionNumber).toMatch(/^\d{3}$/);
    expect(cad.routingNumber).toBe(`0${cad.institutionNumber}${cad.transitNumber}`);
    expect(cad.bankAccountNumber).toMatch(/^\d{7}$/);
  });

  it('filters by account and refuses another customer’s account', async () => {
    const eur = (await accountsOf(personal)).find(
      (account) => account.type === 1001 && account.currencyCode === 'EUR',
    )!;
    const one = await server.call(
      'getPaymentInstructions',
      { accountId: eur.accountId },
      { token: personal },
    );
    expect(one.body.instructions.map((item) => item.accountId)).toEqual([eur.accountId]);
    const hers = (await accountsOf(anna))[0]!;
    const other = await server.call(
      'getPaymentInstructions',
      { accountId: hers.accountId },
      { token: personal },
    );
    expect(other.status).toBe(404);
    expect(other.body.responseCode).toBe('ENOA');
  });

  it('marks an instruction viewed, and refuses another customer’s instruction without changing it', async () => {
    const who = await createCustomer();
    await server.call('addCurrency', { currencyCode: 'EUR' }, { token: who.token });
    const [instruction] = (await server.call('getPaymentInstructions', {}, { token: who.token }))
      .body.instructions;
    expect(instruction!.viewed).toBe(false);

    const stranger = await server.call(
      'markPaymentInstructionViewed',
      {
        instructionId: instruction!.id,
      },
      { token: anna },
    );
    expect(stranger.status).toBe(404);
    const [row] = await db()
      .select()
      .from(paymentInstructions)
      .where(eq(paymentInstructions.id, instruction!.id));
    expect(row!.viewedAt).toBeNull();

    const marked = await server.call(
      'markPaymentInstructionViewed',
      { instructionId: instruction!.id },
      { token: who.token },
    );
    expect(marked.body.instruction).toMatchObject({ id: instruction!.id, viewed: true });
    expect(
      (await server.call('getPaymentInstructions', {}, { token: who.token })).body.instructions[0]!
        .viewed,
    ).toBe(true);
    expect(
      (
        await server.send(
          'markPaymentInstructionViewed',
          { instructionId: 'one' },
          { token: who.token },
        )
      ).body.responseCode,
    ).toBe('TA1');
  });
});

describe('getVerificationInfo', () => {
  const info = async (token: string, fromCustomerId?: number) =>
    (
      await server.call(
        'getVerificationInfo',
        {},
        fromCustomerId === undefined ? { token } : { token, fromCustomerId },
      )
    ).body;

  it('answers a verified customer with everything confirmed: the banner says checked', async () => {
    const facts = await info(personal);
    expect(facts).toMatchObject({
      customerType: 0,
      verified: true,
      limited: false,
      isRepresentative: false,
      limitReasons: [],
      taxForms: { status: 'validated' },
    });
    expect(facts.documents.length).toBeGreaterThan(0);
    expect(accountStatusBanner(facts).state).toBe('checked');
  });

  it('answers the limited demo customer with the expired document and the limit reason', async () => {
    const facts = await info(await server.signIn('limited@ledgerline.test'));
    expect(facts).toMatchObject({
      limited: true,
      limitReasons: ['expiredDocuments'],
      limitDocumentsUploaded: false,
    });
    expect(facts.documents.some((document) => document.statusId === 38)).toBe(true);
    expect(accountStatusBanner(facts)).toMatchObject({
      state: 'limited',
      limitReasons: ['expiredDocuments'],
    });
  });

  it('answers the unverified demo customer with nothing given yet', async () => {
    const facts = await info(await server.signIn('unverified@ledgerline.test'));
    expect(facts).toMatchObject({
      verified: false,
      documents: [],
      address: null,
      identity: null,
      taxForms: { status: 'none' },
    });
    expect(facts.phones).toEqual([{ id: expect.any(Number), confirmed: false }]);
    expect(accountStatusBanner(facts).state).toBe('unverified');
  });

  it('marks a user acting for a company as its representative', async () => {
    const ioana = await server.signIn('ioana@harbourlight.example');
    const [office] = await db()
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.email, 'office@harbourlight.example'));
    const facts = await info(ioana, office!.customerId);
    expect(facts).toMatchObject({ isRepresentative: true, customerType: 2 });
  });

  it('loads duplicate documents only for due diligence levels 1 and 4', async () => {
    const who = await createCustomer({ dueDiligenceLevel: 1, verified: false });
    await db()
      .insert(customerVerification)
      .values({ customerId: who.customerId, duplicateDocuments: 'uploaded' });
    expect((await info(who.token)).duplicateDocuments).toEqual({ uploaded: true });
    await db()
      .update(customers)
      .set({ dueDiligenceLevel: 2 })
      .where(eq(customers.id, who.customerId));
    expect((await info(who.token)).duplicateDocuments).toBeNull();
  });
});
