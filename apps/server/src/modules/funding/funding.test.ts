import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { fundingMethods, type RailsIncomingBody } from '@ledgerline/contract';
import { creditorReference, isFundingReference } from '@ledgerline/domain/funding';
import { accounts, fundingInvoices, outbox, transferPermissions, users } from '../../db/schema';
import { selectRows } from '../../db/client';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { assertLedgerBalanced } from '../../../test/ledger';
import { createCustomer, openAccount } from '../cards/test-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await assertLedgerBalanced(server.database.db);
});
afterAll(async () => server.close());

const db = () => server.database.db;

/** A customer of its own with an empty account, allowed to add money ("funding: digital") unless told. */
async function funder(
  options: { currencyCode?: string; brandId?: string; flag?: boolean; language?: string } = {},
) {
  const who = await createCustomer(server, { brandId: options.brandId ?? 'pebble' });
  await db()
    .update(users)
    .set({ language: options.language ?? 'en' })
    .where(eq(users.id, who.userId));
  if (options.flag !== false)
    await db()
      .insert(transferPermissions)
      .values({
        userId: who.userId,
        customerId: who.customerId,
        flags: { 'funding.digital': true },
      });
  const account = await openAccount(server, who.customerId, {
    currencyCode: options.currencyCode ?? 'EUR',
  });
  return { ...who, accountId: account.id };
}

async function createInvoice(who: { token: string; accountId: number }, amount = '150.25') {
  const { status, body } = await server.call(
    'fundingInvoiceCreate',
    { accountId: who.accountId, amount, idempotencyKey: randomUUID() },
    { token: who.token },
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.invoice;
}

function incoming(body: RailsIncomingBody) {
  return server.app.inject({ method: 'POST', url: '/dev/rails/incoming', payload: body });
}

async function balance(accountId: number): Promise<string> {
  const [row] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return row!.balance;
}

/** What the suspense account of a currency holds, as the sum of its postings. */
async function suspenseHolds(currency: string): Promise<string> {
  const [row] = await selectRows<{ total: string | null }>(
    db(),
    sql`select coalesce(sum(p.amount), 0)::text as total from postings p join accounts a on a.id = p.account_id where a.system_role = 'suspense' and a.currency_code = ${currency}`,
  );
  return row?.total ?? '0';
}

async function invoiceCount(customerId: number): Promise<number> {
  const rows = await db()
    .select()
    .from(fundingInvoices)
    .where(eq(fundingInvoices.customerId, customerId));
  return rows.length;
}

describe('fundingInvoiceCreate', () => {
  it('answers the account’s currency, a checked reference and the brand’s collection account', async () => {
    const who = await funder();
    const key = randomUUID();
    const first = await server.call(
      'fundingInvoiceCreate',
      { accountId: who.accountId, amount: '150.25', idempotencyKey: key },
      { token: who.token },
    );
    expect(first.status).toBe(200);
    const invoice = first.body.invoice;
    expect(invoice).toMatchObject({
      amount: '150.25',
      currencyCode: 'EUR',
      status: 'awaitingPayment',
      statusId: 1,
      isFunding: true,
      payeeAccountId: who.accountId,
      amountReceived: null,
    });
    expect(invoice.number).toMatch(/^F-\d{6}$/);
    expect(isFundingReference(invoice.reference)).toBe(true);
    expect(invoice.instructions.reference.replace(/ /g, '')).toBe(invoice.reference);
    expect(invoice.instructions.iban).toMatch(/^LT\d{2}39001/);
    expect(invoice.instructions.beneficiaryName).toBe('Pebble Payments Ltd');

    // The browser's retry with its key answers the same invoice and writes nothing more.
    const retry = await server.call(
      'fundingInvoiceCreate',
      { accountId: who.accountId, amount: '150.25', idempotencyKey: key },
      { token: who.token },
    );
    expect(retry.body.invoice.id).toBe(invoice.id);
    expect(await invoiceCount(who.customerId)).toBe(1);

    const listed = await server.call('getFundingInvoices', {}, { token: who.token });
    expect(listed.body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(listed.body.invoices.map((item) => item.id)).toEqual([invoice.id]);
  });

  it('refuses a user without the "funding: digital" flag and writes nothing', async () => {
    const who = await funder({ flag: false });
    const { status, body } = await server.call(
      'fundingInvoiceCreate',
      { accountId: who.accountId, amount: '10', idempotencyKey: randomUUID() },
      { token: who.token },
    );
    expect(status).toBe(403);
    expect(body.responseCode).toBe('ENOA');
    expect(await invoiceCount(who.customerId)).toBe(0);
  });

  it('refuses another customer’s account, a zero or too fine amount, and writes nothing', async () => {
    const who = await funder();
    const other = await funder();
    const foreign = await server.call(
      'fundingInvoiceCreate',
      { accountId: other.accountId, amount: '10', idempotencyKey: randomUUID() },
      { token: who.token },
    );
    expect(foreign.status).toBe(404);
    for (const amount of ['0', '10.001'])
      expect(
        (
          await server.call(
            'fundingInvoiceCreate',
            { accountId: who.accountId, amount, idempotencyKey: randomUUID() },
            { token: who.token },
          )
        ).status,
        amount,
      ).toBe(400);
    expect(await invoiceCount(who.customerId)).toBe(0);
    expect(await invoiceCount(other.customerId)).toBe(0);
  });
});

describe('another customer’s funding invoice', () => {
  it('is not found for reading, cancelling or its PDF, and stays as it was', async () => {
    const owner = await funder();
    const invoice = await createInvoice(owner);
    const stranger = await funder();
    const abroad = await funder({ brandId: 'northmere' });
    for (const who of [stranger, abroad]) {
      for (const method of [
        'getFundingInvoice',
        'fundingInvoiceCancel',
        'getFundingInvoicePdf',
      ] as const) {
        const { status, body } = await server.call(
          method,
          { invoiceId: invoice.id },
          { token: who.token },
        );
        expect(status, method).toBe(404);
        expect(body.responseCode, method).toBe('ENOA');
      }
      const listed = await server.call('getFundingInvoices', {}, { token: who.token });
      expect(listed.body.invoices).toEqual([]);
    }
    const mine = await server.call(
      'getFundingInvoice',
      { invoiceId: invoice.id },
      { token: owner.token },
    );
    expect(mine.body.invoice.status).toBe('awaitingPayment');
  });
});

describe('money arriving with a funding reference', () => {
  it('credits the account once even when the rail repeats the payment, pays the invoice, pushes and mails', async () => {
    const who = await funder({ language: 'ro' });
    const invoice = await createInvoice(who);
    const published = vi.spyOn(server.services.realtime, 'publish');
    const payment = {
      iban: invoice.instructions.iban!,
      currency: 'EUR',
      amount: '150.25',
      payerName: 'Ion Popescu',
      // As a payer types it: lower case, no spaces.
      reference: invoice.reference.toLowerCase(),
      railId: `RAIL-${invoice.id}-1`,
    };
    const first = await incoming(payment);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      destination: 'fundingInvoice',
      fundingInvoiceId: invoice.id,
      accountId: who.accountId,
      replayed: false,
    });
    const again = await incoming(payment);
    expect(again.json()).toMatchObject({
      transactionId: first.json().transactionId,
      replayed: true,
    });
    expect(await balance(who.accountId)).toBe('150.25000000');

    const paid = await server.call(
      'getFundingInvoice',
      { invoiceId: invoice.id },
      { token: who.token },
    );
    expect(paid.body.invoice).toMatchObject({
      status: 'paid',
      statusId: 2,
      amountReceived: '150.25',
    });
    expect(published).toHaveBeenCalledTimes(1);
    expect(published).toHaveBeenCalledWith(who.userId, {
      type: 'AccountChanged',
      payload: { accountId: who.accountId },
    });
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, who.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`factura de alimentare ${invoice.number} este plătită`);

    // A second, different payment quoting the paid invoice's reference is parked, not credited.
    const before = await suspenseHolds('EUR');
    const second = await incoming({ ...payment, railId: `RAIL-${invoice.id}-2` });
    expect(second.json()).toMatchObject({ destination: 'suspense', fundingInvoiceId: null });
    expect(await balance(who.accountId)).toBe('150.25000000');
    expect(Number(await suspenseHolds('EUR')) - Number(before)).toBe(150.25);
  });

  it('credits a different amount as it arrived and says so', async () => {
    const who = await funder();
    const invoice = await createInvoice(who, '100');
    const response = await incoming({
      iban: invoice.instructions.iban!,
      currency: 'EUR',
      amount: '80.5',
      payerName: 'Maria Costa',
      reference: invoice.instructions.reference,
    });
    expect(response.json()).toMatchObject({ destination: 'fundingInvoice', amount: '80.5' });
    expect(await balance(who.accountId)).toBe('80.50000000');
    const paid = await server.call(
      'getFundingInvoice',
      { invoiceId: invoice.id },
      { token: who.token },
    );
    expect(paid.body.invoice).toMatchObject({
      status: 'paid',
      amount: '100',
      amountReceived: '80.5',
    });
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, who.email));
    expect(mail?.body).toContain('you asked for 100 EUR');
  });

  it('parks unknown, mistyped, wrong-currency, cancelled and other-brand references in suspense, never in an account', async () => {
    const who = await funder();
    const invoice = await createInvoice(who, '40');
    const cancelledOne = await createInvoice(who, '40');
    const cancelled = await server.call(
      'fundingInvoiceCancel',
      { invoiceId: cancelledOne.id },
      { token: who.token },
    );
    expect(cancelled.body.invoice.status).toBe('cancelled');
    const northmere = await funder({ brandId: 'northmere' });
    const northmereInvoice = await createInvoice(northmere, '40');
    const iban = invoice.instructions.iban!;
    const mistyped = `${invoice.reference.slice(0, -1)}${(Number(invoice.reference.slice(-1)) + 1) % 10}`;
    const cases: [string, RailsIncomingBody][] = [
      [
        'unknown',
        {
          iban,
          currency: 'EUR',
          amount: '40',
          payerName: 'A',
          reference: creditorReference('000000000001'),
        },
      ],
      ['mistyped', { iban, currency: 'EUR', amount: '40', payerName: 'A', reference: mistyped }],
      [
        'free text',
        { iban, currency: 'EUR', amount: '40', payerName: 'A', reference: 'for my account' },
      ],
      // The same IBAN takes every currency but GBP, USD and CAD: RON arrives for a EUR invoice.
      [
        'wrong currency',
        { iban, currency: 'RON', amount: '40', payerName: 'A', reference: invoice.reference },
      ],
      [
        'cancelled',
        { iban, currency: 'EUR', amount: '40', payerName: 'A', reference: cancelledOne.reference },
      ],
      // Northmere's invoice paid into Pebble's collection account.
      [
        'other brand',
        {
          iban,
          currency: 'EUR',
          amount: '40',
          payerName: 'A',
          reference: northmereInvoice.reference,
        },
      ],
    ];
    const eurBefore = Number(await suspenseHolds('EUR'));
    const ronBefore = Number(await suspenseHolds('RON'));
    for (const [label, body] of cases) {
      const response = await incoming({ ...body, railId: `${label}-${invoice.id}` });
      expect(response.statusCode, label).toBe(200);
      expect(response.json(), label).toMatchObject({ destination: 'suspense', replayed: false });
    }
    expect(Number(await suspenseHolds('EUR')) - eurBefore).toBe(200);
    expect(Number(await suspenseHolds('RON')) - ronBefore).toBe(40);
    expect(await balance(who.accountId)).toBe('0.00000000');
    expect(await balance(northmere.accountId)).toBe('0.00000000');
    const statuses = await db()
      .select({ id: fundingInvoices.id, statusId: fundingInvoices.statusId })
      .from(fundingInvoices)
      .where(and(eq(fundingInvoices.customerId, who.customerId)));
    expect(statuses.map((row) => row.statusId).sort()).toEqual([1, 3]);
    // A repeat of a parked payment parks nothing more.
    const repeat = await incoming({ ...cases[0]![1], railId: `unknown-${invoice.id}` });
    expect(repeat.json()).toMatchObject({ destination: 'suspense', replayed: true });
    expect(Number(await suspenseHolds('EUR')) - eurBefore).toBe(200);
    // The ledger balances with suspense in it (afterEach checks every invariant again).
    await assertLedgerBalanced(db());
  });

  it('keeps paying into an account’s own IBAN as before', async () => {
    const who = await funder();
    const { body } = await server.call(
      'getPaymentInstructions',
      { accountId: who.accountId },
      { token: who.token },
    );
    const response = await incoming({
      iban: body.instructions[0]!.iban!,
      currency: 'EUR',
      amount: '12',
      payerName: 'B',
      reference: `OWN-${who.accountId}`,
    });
    expect(response.json()).toMatchObject({ destination: 'account', accountId: who.accountId });
    expect(await balance(who.accountId)).toBe('12.00000000');
  });
});

describe('the funding invoice PDF', () => {
  it('downloads once, in the customer’s language, on the brand’s letterhead', async () => {
    const who = await funder();
    const invoice = await createInvoice(who);
    const { body } = await server.call(
      'getFundingInvoicePdf',
      { invoiceId: invoice.id },
      { token: who.token, lang: 'ua' },
    );
    const path = new URL(body.urlPdf).pathname;
    const file = await server.app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(file.rawPayload, { updateMetadata: false });
    expect(pdf.getTitle()).toBe(`Рахунок на поповнення ${invoice.number}`);
    expect(pdf.getAuthor()).toBe('Pebble Payments Ltd');
    expect((await server.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });
});

describe('fuzzing every funding method', () => {
  it('answers a clear 4xx to each broken field and writes nothing', async () => {
    const who = await funder();
    const theirs = await funder();
    const theirInvoice = await createInvoice(theirs);
    const mine = await createInvoice(who);
    const badId = [theirs.accountId, ...HOSTILE_IDS, 'x', true, {}, []];
    const badInvoiceId = [theirInvoice.id, ...HOSTILE_IDS, 'x', true, {}, []];
    const badAmount = ['0', '-1', '0.001', '1e3', '', 'abc', 12, ' 1', '1'.repeat(30), {}, []];
    const cases: Record<
      string,
      { valid: Record<string, unknown>; bad: Record<string, unknown[]> }
    > = {
      fundingInvoiceCreate: {
        valid: { accountId: who.accountId, amount: '10', idempotencyKey: randomUUID() },
        bad: {
          accountId: badId,
          amount: badAmount,
          idempotencyKey: ['not-a-uuid', '', 1, {}, 'g'.repeat(36)],
        },
      },
      getFundingInvoices: {
        valid: {},
        bad: { page: [0, -1, 'x', 1.5, 100_001], status: ['other', 1, {}] },
      },
      getFundingInvoice: { valid: { invoiceId: mine.id }, bad: { invoiceId: badInvoiceId } },
      fundingInvoiceCancel: { valid: { invoiceId: mine.id }, bad: { invoiceId: badInvoiceId } },
      getFundingInvoicePdf: { valid: { invoiceId: mine.id }, bad: { invoiceId: badInvoiceId } },
    };
    expect(Object.keys(cases).sort()).toEqual(Object.keys(fundingMethods).sort());
    const rows = async () => (await db().select().from(fundingInvoices)).length;
    const statuses = async () =>
      (await db().select().from(fundingInvoices)).map((row) => `${row.id}:${row.statusId}`).sort();
    const before = { rows: await rows(), statuses: await statuses() };
    for (const [method, spec] of Object.entries(cases)) {
      const sends = [
        ...Object.entries(spec.bad).flatMap(([field, values]) =>
          values.map((value) => ({ ...spec.valid, [field]: value })),
        ),
        // Request schemas are strict: an unknown field is refused.
        { ...spec.valid, unknownField: 1 },
      ];
      for (const payload of sends) {
        const response = await server.main(method, jsonText(payload), { token: who.token });
        const label = `${method} ${jsonText(payload)}`;
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        expect(response.json().responseDescription, label).toMatch(/\S/);
      }
    }
    expect(await rows()).toBe(before.rows);
    expect(await statuses()).toEqual(before.statuses);
  });
});
