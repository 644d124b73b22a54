import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { invoiceMethods } from '@ledgerline/contract';
import type { Invoice } from '@ledgerline/contract';
import { HOSTILE_DAYS, HOSTILE_IDS, jsonText } from '../../../test/hostile';
import {
  customerEmails,
  customers,
  invoices,
  ledgerTransfers,
  outbox,
  users,
} from '../../db/schema';
import { DEMO_SMS_PHONE } from '../../db/seed';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { lastSms } from '../../../test/auth-flow';
import { openSocket } from '../../../test/realtime-client';
import { Money } from '../ledger/money';
import { transferFixtures } from '../transfers/test-fixtures';
import { runInvoiceSchedule } from './reminders';

/*
 * Invoices and money requests through the main API (issue 16A): who sees and may touch which
 * invoice, paying through the transfer confirmation exactly once, rejecting, cancelling, the
 * public view, the PDF, and the schedule's reminders and overdue marking once across nodes.
 */

let server: TestServer;
const f = transferFixtures(() => server);
const tokens: Record<string, string> = {};
const SENDER = 'personal@ledgerline.test';
const PAYER = 'sms@ledgerline.test';
const OTHER = 'history@ledgerline.test';
const OTHER_BRAND = 'tomas@northmere.example';

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  server = await startTestServer();
  await server.database.db.update(users).set({ login2faMode: 'no' }).where(eq(users.email, PAYER));
  for (const email of [SENDER, PAYER, OTHER, OTHER_BRAND, 'anna@pebble.example'])
    tokens[email] = await server.signIn(email);
  // The payer confirms with an SMS code; the sender (mode 0) settles at once.
  await setMode(PAYER, 2);
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

async function setMode(email: string, mode: number): Promise<void> {
  await f
    .db()
    .update(customers)
    .set({ transactionApproveMode: mode })
    .where(eq(customers.id, await f.customerIdOf(email)));
}

async function send(
  from: string,
  to: string,
  amount = '25',
  options: { currency?: string; dueDate?: string; noteBody?: string } = {},
) {
  const answer = await f.call('createInvoice', tokens[from]!, {
    toEmail: to,
    amount,
    currency: options.currency ?? 'EUR',
    dueDate: options.dueDate ?? day(10),
    noteBody: options.noteBody ?? 'Design work, October',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function mailsTo(recipient: string, after = 0) {
  return f
    .db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), gt(outbox.id, after)))
    .orderBy(asc(outbox.id));
}

async function lastOutboxId(): Promise<number> {
  const [row] = await f
    .db()
    .select({ id: sql<number>`coalesce(max(${outbox.id}), 0)` })
    .from(outbox);
  return Number(row?.id ?? 0);
}

async function invoiceCount(): Promise<number> {
  const [row] = await f.db().select({ n: count() }).from(invoices);
  return row?.n ?? 0;
}

async function received(email: string, status?: Invoice['status']): Promise<Invoice[]> {
  const answer = await f.call('getReceivedInvoices', tokens[email]!, status ? { status } : {});
  expect(answer.status).toBe(200);
  return answer.body.invoices;
}

async function sent(email: string): Promise<Invoice[]> {
  const answer = await f.call('getSentInvoices', tokens[email]!, {});
  expect(answer.status).toBe(200);
  return answer.body.invoices;
}

function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code in ${text}`);
  return match[1]!;
}

function tokenOf(link: string): string {
  const match = /\/invoice\/([A-Za-z0-9_-]{43})/.exec(link);
  if (!match) throw new Error(`no invoice link in ${link}`);
  return match[1]!;
}

describe('sending an invoice', () => {
  it('shows it to both parties only, e-mails the payer a public link and answers the public view with nothing more', async () => {
    const before = await lastOutboxId();
    const created = await send(SENDER, PAYER, '40.5');
    expect(created.invoice).toMatchObject({
      role: 'payee',
      status: 'unpaid',
      statusId: 1,
      kind: 'invoice',
      amount: '40.5',
      currencyCode: 'EUR',
      payerEmail: PAYER,
      payeeEmail: SENDER,
      isFunding: false,
      canCancel: true,
      canPay: false,
    });
    expect(created.invoice.number).toMatch(/^INV-\d{6}$/);
    const id = created.invoice.id;

    expect((await sent(SENDER)).map((item) => item.id)).toContain(id);
    const mine = (await received(PAYER)).find((item) => item.id === id);
    expect(mine).toMatchObject({ role: 'payer', canPay: true, canReject: true, canCancel: false });
    expect(mine?.payeeAccountId).toBeNull();
    for (const stranger of [OTHER, OTHER_BRAND]) {
      expect((await received(stranger)).map((item) => item.id)).not.toContain(id);
      const get = await f.call('getInvoice', tokens[stranger]!, { invoiceId: id });
      expect(get.status).toBe(404);
      const pdf = await f.call('getInvoicePdf', tokens[stranger]!, { invoiceId: id });
      expect(pdf.status).toBe(404);
    }

    const [mail] = await mailsTo(PAYER, before);
    expect(mail?.body).toContain('40.5 EUR');
    expect(mail?.body).toContain('Design work, October');
    const token = tokenOf(mail!.body);
    expect(created.publicUrl).toContain('/invoice/');
    // The e-mail carries the same link the sender may share.
    expect(tokenOf(created.publicUrl)).toBe(token);
    const view = await server.call('getPublicInvoice', { token });
    expect(view.status).toBe(200);
    expect(view.body.invoice).toEqual({
      number: created.invoice.number,
      kind: 'invoice',
      payeeName: created.invoice.payeeName,
      amount: '40.5',
      currencyCode: 'EUR',
      noteBody: 'Design work, October',
      dueDate: created.invoice.dueDate,
      status: 'unpaid',
      brandId: 'pebble',
    });
    const unknown = await server.call('getPublicInvoice', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
  });

  it('refuses a due date in the past, an amount finer than the currency and a currency without an account, creating nothing', async () => {
    const before = await invoiceCount();
    const base = { toEmail: PAYER, amount: '10', currency: 'EUR', dueDate: day(5) };
    const past = await f.send('createInvoice', tokens[SENDER]!, { ...base, dueDate: day(-3) });
    expect(past.status).toBe(400);
    expect(past.body.validationErrors).toEqual({ dueDate: 'validation.dateInPast' });
    const fine = await f.send('createInvoice', tokens[SENDER]!, { ...base, amount: '10.001' });
    expect(fine.status).toBe(400);
    expect(fine.body.validationErrors).toEqual({ amount: 'validation.amountMinorUnits' });
    const impossible = await f.send('createInvoice', tokens[SENDER]!, {
      ...base,
      dueDate: '2026-02-30',
    });
    expect(impossible.status).toBe(400);
    const noAccount = await f.send('createInvoice', tokens[SENDER]!, { ...base, currency: 'CHF' });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.validationErrors).toEqual({
      currency: 'validation.noPaymentAccountInCurrency',
    });
    const self = await f.send('createInvoice', tokens[SENDER]!, { ...base, toEmail: SENDER });
    expect(self.status).toBe(400);
    expect(await invoiceCount()).toBe(before);
  });
});

describe('paying an invoice', () => {
  it('pays it through the SMS confirmation: the money moves once, the invoice turns paid, both are told', async () => {
    const created = await send(SENDER, PAYER, '30');
    const id = created.invoice.id;
    const from = await f.accountIn(tokens[PAYER]!, 'EUR');
    const to = created.invoice.payeeAccountId!;
    const payerBefore = new Money((await f.row(from.accountId)).balance);
    const payeeBefore = new Money((await f.row(to)).balance);

    const quote = await f.call('getInvoicePayQuote', tokens[PAYER]!, {
      invoiceId: id,
      fromAccount: from.accountId,
    });
    expect(quote.body.quote).toMatchObject({
      amount: '30',
      currency: 'EUR',
      toAmount: '30',
      toCurrency: 'EUR',
      isExchange: false,
    });
    const fee = new Money(quote.body.quote.fee);

    const submitted = await f.call('payInvoice', tokens[PAYER]!, {
      invoiceId: id,
      fromAccount: from.accountId,
      idempotencyKey: f.key(),
    });
    expect(submitted.body).toMatchObject({ status: 'pending', approveType: 2 });
    expect((await received(PAYER, 'awaitingPayment')).map((item) => item.id)).toContain(id);
    // While it waits, nobody else may start paying it.
    const second = await f.call('payInvoice', tokens[PAYER]!, {
      invoiceId: id,
      fromAccount: from.accountId,
      idempotencyKey: f.key(),
    });
    expect(second.body.validationErrors).toEqual({ invoiceId: 'validation.invoicePaymentPending' });

    const before = await lastOutboxId();
    const code = codeIn(await lastSms(server, DEMO_SMS_PHONE));
    const confirmed = await f.call('confirmTransaction', tokens[PAYER]!, {
      operationId: submitted.body.operationId!,
      code,
    });
    expect(confirmed.body).toMatchObject({ status: 'settled' });

    const paid = await f.call('getInvoice', tokens[SENDER]!, { invoiceId: id });
    expect(paid.body.invoice).toMatchObject({
      status: 'paid',
      statusId: 3,
      feePayment: fee.toFixed(),
      paymentCurrencyCode: 'EUR',
      canCancel: false,
    });
    expect(paid.body.invoice.urlPdf).toContain('/api/pdf/files/');
    const payerView = await f.call('getInvoice', tokens[PAYER]!, { invoiceId: id });
    expect(payerView.body.invoice.payerAccountId).toBe(from.accountId);
    expect(new Money((await f.row(to)).balance).minus(payeeBefore).toFixed(2)).toBe('30.00');
    expect(payerBefore.minus((await f.row(from.accountId)).balance).toFixed(2)).toBe(
      new Money(30).plus(fee).toFixed(2),
    );
    expect((await mailsTo(SENDER, before)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`${created.invoice.number} was paid`),
    ]);
    expect((await mailsTo(PAYER, before)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`you paid invoice ${created.invoice.number}`),
    ]);
    const again = await f.call('payInvoice', tokens[PAYER]!, {
      invoiceId: id,
      fromAccount: from.accountId,
      idempotencyKey: f.key(),
    });
    expect(again.body.validationErrors).toEqual({ invoiceId: 'validation.invoiceAlreadyPaid' });
    const transfers = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(sql`${ledgerTransfers.details}->>'invoiceId' = ${String(id)}`);
    expect(transfers.map((row) => [row.status, row.idempotencyKey])).toEqual([
      ['settled', `invoice-${id}`],
    ]);
  });

  it('shows the exchange when paying from another currency', async () => {
    const created = await send(SENDER, PAYER, '20');
    const gbp = await f.accountIn(tokens[PAYER]!, 'GBP');
    const quote = await f.call('getInvoicePayQuote', tokens[PAYER]!, {
      invoiceId: created.invoice.id,
      fromAccount: gbp.accountId,
    });
    expect(quote.status).toBe(200);
    expect(quote.body.quote).toMatchObject({
      currency: 'GBP',
      toAmount: '20',
      toCurrency: 'EUR',
      isExchange: true,
    });
    expect(quote.body.quote.rate).not.toBe('1');
  });

  it('pays an invoice once when several payments and confirmations race', async () => {
    const created = await send(PAYER, SENDER, '15');
    const id = created.invoice.id;
    const from = await f.accountIn(tokens[SENDER]!, 'EUR');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        f.call('payInvoice', tokens[SENDER]!, {
          invoiceId: id,
          fromAccount: from.accountId,
          idempotencyKey: f.key(),
        }),
      ),
    );
    const settled = answers.filter((answer) => answer.status === 200);
    expect(settled).toHaveLength(1);
    expect(settled[0]?.body.status).toBe('settled');
    for (const answer of answers.filter((item) => item.status !== 200))
      expect(answer.body.validationErrors).toEqual({ invoiceId: 'validation.invoiceAlreadyPaid' });

    // A pending payment confirmed from several tabs at once settles once.
    const other = await send(SENDER, PAYER, '11');
    const eur = await f.accountIn(tokens[PAYER]!, 'EUR');
    const submitted = await f.call('payInvoice', tokens[PAYER]!, {
      invoiceId: other.invoice.id,
      fromAccount: eur.accountId,
      idempotencyKey: f.key(),
    });
    const before = await lastOutboxId();
    const code = codeIn(await lastSms(server, DEMO_SMS_PHONE));
    const confirmations = await Promise.all(
      Array.from({ length: 4 }, () =>
        f.call('confirmTransaction', tokens[PAYER]!, {
          operationId: submitted.body.operationId!,
          code,
        }),
      ),
    );
    expect(confirmations.every((answer) => answer.body.status === 'settled')).toBe(true);
    expect(await mailsTo(SENDER, before)).toHaveLength(1);
    for (const invoiceId of [id, other.invoice.id]) {
      const rows = await f
        .db()
        .select({ status: ledgerTransfers.status })
        .from(ledgerTransfers)
        .where(sql`${ledgerTransfers.details}->>'invoiceId' = ${String(invoiceId)}`);
      expect(rows).toEqual([{ status: 'settled' }]);
    }
  });

  it('answers a retry with the same idempotency key with the first result', async () => {
    const created = await send(PAYER, SENDER, '3');
    const from = await f.accountIn(tokens[SENDER]!, 'EUR');
    const request = {
      invoiceId: created.invoice.id,
      fromAccount: from.accountId,
      idempotencyKey: f.key(),
    };
    const first = await f.call('payInvoice', tokens[SENDER]!, request);
    const retry = await f.call('payInvoice', tokens[SENDER]!, request);
    expect(retry.body).toEqual(first.body);
  });

  it("refuses paying someone else's invoice, one's own, or from another customer's account, changing nothing", async () => {
    const created = await send(SENDER, PAYER, '9');
    const id = created.invoice.id;
    const postings = await f.postingCount();
    const otherEur = await f.accountIn(tokens[OTHER]!, 'EUR');
    const stranger = await f.call('payInvoice', tokens[OTHER]!, {
      invoiceId: id,
      fromAccount: otherEur.accountId,
      idempotencyKey: f.key(),
    });
    expect(stranger.status).toBe(404);
    const annaEur = await f.accountIn(tokens['anna@pebble.example']!, 'EUR');
    const own = await f.call('payInvoice', tokens[SENDER]!, {
      invoiceId: id,
      fromAccount: (await f.accountIn(tokens[SENDER]!, 'EUR')).accountId,
      idempotencyKey: f.key(),
    });
    expect(own.status).toBe(404);
    const foreignAccount = await f.call('payInvoice', tokens[PAYER]!, {
      invoiceId: id,
      fromAccount: annaEur.accountId,
      idempotencyKey: f.key(),
    });
    expect(foreignAccount.status).toBe(404);
    const otherBrand = await f.call('getInvoicePayQuote', tokens[OTHER_BRAND]!, {
      invoiceId: id,
      fromAccount: annaEur.accountId,
    });
    expect(otherBrand.status).toBe(404);
    expect(await f.postingCount()).toBe(postings);
    const [row] = await f.db().select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ status: 'unpaid', paymentTransferId: null, payerAccountId: null });
  });

  it('opens the invoice again when its payment is declined, and pays it with a new ledger key', async () => {
    const created = await send(SENDER, PAYER, '7');
    const id = created.invoice.id;
    const from = await f.accountIn(tokens[PAYER]!, 'EUR');
    const submitted = await f.call('payInvoice', tokens[PAYER]!, {
      invoiceId: id,
      fromAccount: from.accountId,
      idempotencyKey: f.key(),
    });
    const code = codeIn(await lastSms(server, DEMO_SMS_PHONE));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1)
      await f.call('confirmTransaction', tokens[PAYER]!, {
        operationId: submitted.body.operationId!,
        code: wrong,
      });
    expect((await received(PAYER, 'unpaid')).map((item) => item.id)).toContain(id);
    const retry = await f.call('payInvoice', tokens[PAYER]!, {
      invoiceId: id,
      fromAccount: from.accountId,
      idempotencyKey: f.key(),
    });
    expect(retry.body.status).toBe('pending');
    await f.call('confirmTransaction', tokens[PAYER]!, {
      operationId: retry.body.operationId!,
      code: codeIn(await lastSms(server, DEMO_SMS_PHONE)),
    });
    const rows = await f
      .db()
      .select({ status: ledgerTransfers.status, key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(sql`${ledgerTransfers.details}->>'invoiceId' = ${String(id)}`)
      .orderBy(asc(ledgerTransfers.createdAt));
    expect(rows).toEqual([
      { status: 'rejected', key: `invoice-${id}` },
      { status: 'settled', key: `invoice-${id}-1` },
    ]);
  });
});

describe('realtime', () => {
  it('tells both parties InvoiceChanged when an invoice is sent and when it is rejected', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const socketOf = async (email: string) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/realtime-ticket',
        headers: { authorization: `Bearer ${tokens[email]!}` },
      });
      const { ticket } = response.json<{ ticket: string }>();
      return openSocket(
        `ws://127.0.0.1:${address.port}/realtime?ticket=${ticket}`,
        `http://127.0.0.1:${address.port}`,
      );
    };
    const [senderSocket, payerSocket] = [await socketOf(SENDER), await socketOf(PAYER)];
    try {
      const created = await send(SENDER, PAYER, '14');
      const changed = (status: string) =>
        expect.objectContaining({
          type: 'InvoiceChanged',
          payload: { invoiceId: created.invoice.id, status },
        });
      for (const socket of [senderSocket, payerSocket])
        await vi.waitFor(() => expect(socket.messages).toContainEqual(changed('unpaid')));
      await f.call('rejectInvoice', tokens[PAYER]!, { invoiceId: created.invoice.id, note: 'No' });
      for (const socket of [senderSocket, payerSocket])
        await vi.waitFor(() => expect(socket.messages).toContainEqual(changed('rejected')), {
          timeout: 10_000,
        });
    } finally {
      senderSocket.socket.close();
      payerSocket.socket.close();
    }
  });
});

describe('rejecting and cancelling', () => {
  it('lets the payer reject with a note the sender sees, and the sender cancel an unpaid one', async () => {
    const created = await send(SENDER, PAYER, '12');
    const before = await lastOutboxId();
    const senderCancels = await f.call('rejectInvoice', tokens[SENDER]!, {
      invoiceId: created.invoice.id,
      note: 'no',
    });
    expect(senderCancels.status).toBe(404);
    const rejected = await f.call('rejectInvoice', tokens[PAYER]!, {
      invoiceId: created.invoice.id,
      note: 'Not ordered',
    });
    expect(rejected.body.invoice).toMatchObject({ status: 'rejected', rejectNote: 'Not ordered' });
    const mine = (await sent(SENDER)).find((item) => item.id === created.invoice.id);
    expect(mine).toMatchObject({ status: 'rejected', rejectNote: 'Not ordered', statusId: 4 });
    const [mail] = await mailsTo(SENDER, before);
    expect(mail?.body).toContain('Not ordered');
    const late = await f.call('cancelInvoice', tokens[SENDER]!, { invoiceId: created.invoice.id });
    expect(late.body.validationErrors).toEqual({ invoiceId: 'validation.invoiceNotOpen' });

    const other = await send(SENDER, PAYER, '13');
    const payerCancels = await f.call('cancelInvoice', tokens[PAYER]!, {
      invoiceId: other.invoice.id,
    });
    expect(payerCancels.status).toBe(404);
    const cancelled = await f.call('cancelInvoice', tokens[SENDER]!, {
      invoiceId: other.invoice.id,
    });
    expect(cancelled.body.invoice.status).toBe('cancelled');
    const pay = await f.call('payInvoice', tokens[PAYER]!, {
      invoiceId: other.invoice.id,
      fromAccount: (await f.accountIn(tokens[PAYER]!, 'EUR')).accountId,
      idempotencyKey: f.key(),
    });
    expect(pay.body.validationErrors).toEqual({ invoiceId: 'validation.invoiceNotOpen' });
    const filtered = await received(PAYER, 'cancelled');
    expect(filtered.map((item) => item.id)).toContain(other.invoice.id);
    expect(filtered.every((item) => item.status === 'cancelled')).toBe(true);
  });
});

describe('an invoice to an e-mail without an account', () => {
  it('is e-mailed with a public link and becomes payable by the customer of the brand who confirms that e-mail', async () => {
    const address = 'studio.client@example.org';
    const before = await lastOutboxId();
    const created = await send(SENDER, address, '5.25');
    expect(created.invoice.payerName).toBeNull();
    const [mail] = await mailsTo(address, before);
    const token = tokenOf(mail!.body);
    expect((await server.call('getPublicInvoice', { token })).body.invoice?.amount).toBe('5.25');
    expect((await received(OTHER)).map((item) => item.id)).not.toContain(created.invoice.id);

    // An e-mail the customer added but has not confirmed does not make the invoice theirs.
    const otherCustomer = await f.customerIdOf(OTHER);
    await f.db().insert(customerEmails).values({ customerId: otherCustomer, email: address });
    expect((await received(OTHER)).map((item) => item.id)).not.toContain(created.invoice.id);
    await f
      .db()
      .update(customerEmails)
      .set({ confirmedAt: new Date() })
      .where(and(eq(customerEmails.customerId, otherCustomer), eq(customerEmails.email, address)));
    // The same address confirmed at another brand's customer does not reach across brands.
    await f
      .db()
      .insert(customerEmails)
      .values({
        customerId: await f.customerIdOf(OTHER_BRAND),
        email: address,
        confirmedAt: new Date(),
      });
    expect((await received(OTHER_BRAND)).map((item) => item.id)).not.toContain(created.invoice.id);

    const theirs = (await received(OTHER)).find((item) => item.id === created.invoice.id);
    expect(theirs).toMatchObject({ canPay: true, payerEmail: address });
    const paid = await f.call('payInvoice', tokens[OTHER]!, {
      invoiceId: created.invoice.id,
      fromAccount: (await f.accountIn(tokens[OTHER]!, 'EUR')).accountId,
      idempotencyKey: f.key(),
    });
    expect(paid.body.status).toBe('settled');
    const [row] = await f.db().select().from(invoices).where(eq(invoices.id, created.invoice.id));
    expect(row).toMatchObject({ status: 'paid', payerCustomerId: otherCustomer });
    expect((await server.call('getPublicInvoice', { token })).body.invoice?.status).toBe('paid');
  });
});

describe('requesting money', () => {
  it('arrives as a received request of another customer of the brand, and only such a customer', async () => {
    const asked = await f.call('requestMoney', tokens[SENDER]!, {
      email: PAYER,
      amount: '8',
      currency: 'EUR',
      noteBody: 'Lunch',
    });
    expect(asked.status).toBe(200);
    expect(asked.body.invoice).toMatchObject({ kind: 'request', status: 'unpaid' });
    expect(asked.body.invoice.number).toMatch(/^REQ-/);
    expect(asked.body.publicUrl).toMatch(/\/invoice\/[A-Za-z0-9_-]{43}$/);
    expect((await received(PAYER)).find((item) => item.id === asked.body.invoice.id)?.kind).toBe(
      'request',
    );
    for (const email of ['nobody-here@example.org', OTHER_BRAND]) {
      const refused = await f.call('requestMoney', tokens[SENDER]!, {
        email,
        amount: '8',
        currency: 'EUR',
      });
      expect(refused.body.validationErrors).toEqual({ email: 'validation.payeeNotFound' });
    }
  });

  it('follows the request-money permission flag', async () => {
    const customerId = await f.customerIdOf(SENDER);
    const userId = await f.userId(SENDER);
    await f
      .db()
      .execute(
        sql`update transfer_permissions set flags = flags - 'otherPerson.requestMoney' where user_id = ${userId} and customer_id = ${customerId}`,
      );
    try {
      const refused = await f.call('requestMoney', tokens[SENDER]!, {
        email: PAYER,
        amount: '8',
        currency: 'EUR',
      });
      expect(refused.status).toBe(403);
    } finally {
      await f
        .db()
        .execute(
          sql`update transfer_permissions set flags = flags || '{"otherPerson.requestMoney": true}'::jsonb where user_id = ${userId} and customer_id = ${customerId}`,
        );
    }
  });
});

describe('the invoice PDF', () => {
  it('downloads once for a party, in the language asked, titled with the invoice number', async () => {
    const created = await send(SENDER, PAYER, '61.2');
    const link = await server.call(
      'getInvoicePdf',
      { invoiceId: created.invoice.id },
      { token: tokens[PAYER]!, lang: 'ro' },
    );
    expect(link.status).toBe(200);
    const path = new URL(link.body.redirectLink).pathname;
    const file = await server.app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['content-disposition']).toContain(`${created.invoice.number}.pdf`);
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getTitle()).toBe(`Factură ${created.invoice.number}`);
    expect(pdf.getSubject()).toBe(created.invoice.payeeName);
    const again = await server.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(404);
  });
});

describe('the schedule', () => {
  it('reminds before and on the due date and marks overdue once, even with two nodes running it at once', async () => {
    const soon = await send(SENDER, PAYER, '4', { dueDate: day(2) });
    const today = await send(SENDER, PAYER, '5', { dueDate: day(0) });
    const late = await send(SENDER, PAYER, '6', { dueDate: day(1) });
    await f
      .db()
      .update(invoices)
      .set({ dueDate: day(-1) })
      .where(eq(invoices.id, late.invoice.id));
    const before = await lastOutboxId();
    const second = await startTestServerOnSameDatabase();
    try {
      await Promise.all([
        runInvoiceSchedule({
          db: f.db(),
          mailer: server.services.mailer,
          realtime: server.services.realtime,
        }),
        runInvoiceSchedule(second),
        runInvoiceSchedule({
          db: f.db(),
          mailer: server.services.mailer,
          realtime: server.services.realtime,
        }),
      ]);
      await runInvoiceSchedule(second);
    } finally {
      await second.close();
    }
    const subjects = (await mailsTo(PAYER, before)).map((mail) => mail.subject ?? '');
    expect(subjects.filter((text) => text.includes(soon.invoice.number))).toEqual([
      expect.stringContaining(`is due on ${day(2)}`),
    ]);
    expect(subjects.filter((text) => text.includes(today.invoice.number))).toEqual([
      expect.stringContaining('is due today'),
    ]);
    const rows = await f
      .db()
      .select({ id: invoices.id, status: invoices.status })
      .from(invoices)
      .where(inArray(invoices.id, [soon.invoice.id, today.invoice.id, late.invoice.id]))
      .orderBy(asc(invoices.id));
    expect(rows.map((row) => row.status)).toEqual(['unpaid', 'unpaid', 'overdue']);
    const overdue = (await received(PAYER, 'overdue')).find((item) => item.id === late.invoice.id);
    expect(overdue).toMatchObject({ statusId: 6, canPay: true });
  });
});

describe('hostile input to every invoice method', () => {
  it('answers a clear 4xx to broken fields and unknown ones, changing nothing', async () => {
    const created = await send(SENDER, PAYER, '2');
    const eur = await f.accountIn(tokens[PAYER]!, 'EUR');
    const badId = [...HOSTILE_IDS, 'x', true, {}, []];
    const badAmount = ['0', '-1', '1.001', '1e3', '', 'abc', 12, '1'.repeat(30), {}];
    const badNote = [1, true, {}, [], 'x'.repeat(501)];
    const badEmail = ['no-at', 'a'.repeat(300), 1, {}, ''];
    const badDay = ['tomorrow', 1, day(-2), ...HOSTILE_DAYS];
    const list = {
      valid: { pageNumber: 1 },
      bad: {
        pageNumber: [0, -1, 'x', 1.5],
        pageSize: [0, 21, 'x'],
        status: ['open', 1],
        kind: ['bill', 1],
      },
    };
    const base: Record<string, { valid: Record<string, unknown>; bad: Record<string, unknown[]> }> =
      {
        getReceivedInvoices: list,
        getSentInvoices: list,
        getInvoice: { valid: { invoiceId: created.invoice.id }, bad: { invoiceId: badId } },
        getInvoicePdf: { valid: { invoiceId: created.invoice.id }, bad: { invoiceId: badId } },
        createInvoice: {
          valid: { toEmail: SENDER, amount: '1', currency: 'EUR', dueDate: day(3) },
          bad: {
            toEmail: badEmail,
            amount: badAmount,
            currency: ['eur', 'EURO', 1, 'CHF'],
            dueDate: badDay,
            noteBody: badNote,
          },
        },
        requestMoney: {
          valid: { email: SENDER, amount: '1', currency: 'EUR' },
          bad: {
            email: [...badEmail, 'nobody@pebble.example'],
            amount: badAmount,
            currency: ['eur', 1, 'CHF'],
            dueDate: badDay,
            noteBody: badNote,
          },
        },
        rejectInvoice: {
          valid: { invoiceId: created.invoice.id, note: 'no' },
          bad: { invoiceId: badId, note: [...badNote, '', '   '] },
        },
        cancelInvoice: { valid: { invoiceId: created.invoice.id }, bad: { invoiceId: badId } },
        getInvoicePayQuote: {
          valid: { invoiceId: created.invoice.id, fromAccount: eur.accountId },
          bad: { invoiceId: badId, fromAccount: badId },
        },
        payInvoice: {
          valid: {
            invoiceId: created.invoice.id,
            fromAccount: eur.accountId,
            idempotencyKey: f.key(),
          },
          bad: {
            invoiceId: badId,
            fromAccount: badId,
            idempotencyKey: ['not-a-uuid', '', 1, {}],
          },
        },
        getPublicInvoice: {
          valid: { token: 'A'.repeat(43) },
          bad: { token: ['short', 1, {}, 'A'.repeat(44), `${'A'.repeat(42)}/`] },
        },
      };
    expect(Object.keys(base).sort()).toEqual(Object.keys(invoiceMethods).sort());
    const beforeInvoices = await invoiceCount();
    const beforePostings = await f.postingCount();
    const methods = Object.keys(base);
    const payloads = fc.constantFrom(...methods).chain((method) => {
      const spec = base[method]!;
      const fields = Object.keys(spec.bad);
      return fc.tuple(
        fc.constant(method),
        fc
          .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: fields.length })
          .chain((chosen) =>
            fc.tuple(
              ...chosen.map((field) =>
                fc.tuple(fc.constant(field), fc.constantFrom(...spec.bad[field]!)),
              ),
            ),
          ),
        fc.boolean(),
      );
    });
    await fc.assert(
      fc.asyncProperty(payloads, async ([method, mutations, extra]) => {
        const spec = base[method]!;
        const payload: Record<string, unknown> = {
          ...spec.valid,
          ...Object.fromEntries(mutations),
        };
        if (extra) payload.unexpected = 1;
        const token = method === 'getInvoice' || method === 'getInvoicePdf' ? SENDER : PAYER;
        const response = await server.main(method, jsonText(payload), { token: tokens[token]! });
        const context = `${method} ${jsonText(payload).slice(0, 300)}`;
        expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, context).toBeLessThan(500);
        expect(response.json().responseDescription.length, context).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
    expect(await invoiceCount()).toBe(beforeInvoices);
    expect(await f.postingCount()).toBe(beforePostings);
    const [row] = await f.db().select().from(invoices).where(eq(invoices.id, created.invoice.id));
    expect(row?.status).toBe('unpaid');
  });
});

/** A second node's collaborators on the first one's database (its own mailer and realtime hub). */
async function startTestServerOnSameDatabase() {
  const { buildServer } = await import('../../app');
  const { loadConfig } = await import('../../config');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    BOT_CHECK: 'false',
    PASSWORD_HASH_COST: '10',
  });
  const node = await buildServer({ config, db: server.database, migrate: false });
  return {
    db: node.database.db,
    mailer: node.services.mailer,
    realtime: node.services.realtime,
    close: () => node.app.close(),
  };
}
