import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, gt, like, sql } from 'drizzle-orm';
import type { GlobalPaymentInput } from '@ledgerline/contract';
import {
  accounts,
  customerAccess,
  customers,
  globalPayBatches,
  globalPayPayments,
  outbox,
  postings,
  transferPermissions,
  webhookMessages,
} from '../../db/schema';
import { selectRows } from '../../db/client';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { assertLedgerBalanced } from '../../../test/ledger';
import { createCustomer, fund, openAccount, uniqueBusinessName } from '../cards/test-fixtures';
import { runGlobalPaySchedule } from '.';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await assertLedgerBalanced(server.database.db);
});
afterAll(async () => server.close());

const db = () => server.database.db;
const STEP = 60_000;

/** A business of its own with a funded EUR account and the mass global flag. */
async function sender(options: { balance?: string; flag?: boolean } = {}) {
  const who = await createCustomer(server, {
    customerType: 2,
    businessName: uniqueBusinessName('Payouts Ltd'),
  });
  if (options.flag !== false)
    await db()
      .insert(transferPermissions)
      .values({ userId: who.userId, customerId: who.customerId, flags: { 'mass.global': true } });
  const account = await openAccount(server, who.customerId, { currencyCode: 'EUR' });
  await fund(server, account.id, options.balance ?? '1000');
  return { ...who, accountId: account.id };
}

type Sender = Awaited<ReturnType<typeof sender>>;

let emailCounter = 0;
function payment(values: Partial<GlobalPaymentInput> = {}): GlobalPaymentInput {
  emailCounter += 1;
  return {
    amount: '100',
    beneficiaryName: 'Maria Lopez',
    beneficiaryEmail: `maria-${emailCounter}-${randomUUID().slice(0, 8)}@payee.test`,
    beneficiaryCountryCode: 'ES',
    description: 'October commission',
    ...values,
  };
}

async function balance(accountId: number): Promise<string> {
  const [row] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return row!.balance;
}

async function postingCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(postings);
  return row!.n;
}

async function create(who: Sender, payments: GlobalPaymentInput[], batchName = 'November') {
  const { status, body } = await server.call(
    'globalPayCreateBatch',
    { batchName, accountId: who.accountId, payments },
    { token: who.token },
  );
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.batch).not.toBeNull();
  return body.batch!;
}

async function submit(who: Sender, batchId: number, key = randomUUID()) {
  return server.call(
    'globalPaySubmitBatch',
    { batchId, idempotencyKey: key },
    { token: who.token },
  );
}

/** The claim secret in the newest e-mail to an address. */
async function secretFor(email: string): Promise<string> {
  const [mail] = await db()
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const found = /\/receive\/([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '');
  if (!found) throw new Error(`no claim link to ${email}`);
  return found[1]!;
}

async function codeFor(email: string): Promise<string> {
  const [mail] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), like(outbox.body, '%code is%')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const found = /(\d{6})/.exec(mail?.body ?? '');
  if (!found) throw new Error(`no code to ${email}`);
  return found[1]!;
}

/** A sent batch of the given payments, with each payment's secret. */
async function sent(who: Sender, payments: GlobalPaymentInput[]) {
  const batch = await create(who, payments, `Batch ${randomUUID().slice(0, 8)}`);
  const answer = await submit(who, batch.batchId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const secrets = await Promise.all(payments.map((item) => secretFor(item.beneficiaryEmail)));
  return { batch: answer.body.batch, secrets };
}

async function startClaim(secret: string, name = 'Maria Lopez') {
  const { status, body } = await server.call('globalPaySubmitPayment', {
    paymentSecret: secret,
    paymentMethod: 'cardPayout',
    countryCode: 'GB',
    currencyCode: 'GBP',
    paymentDetails: { cardNumber: '4111 1111 1111 1111', cardholderName: name },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function paymentRow(id: number) {
  const [row] = await db().select().from(globalPayPayments).where(eq(globalPayPayments.id, id));
  return row!;
}

describe('the sender', () => {
  it('creates, edits and submits a batch: the total and the fees it pays are reserved at once, and each beneficiary gets a link', async () => {
    const who = await sender();
    const payments = [
      payment({ amount: '100' }),
      payment({ amount: '250.50', feeShare: 'beneficiary', beneficiaryCountryCode: 'GB' }),
      payment({ amount: '5', language: 'ro' }),
    ];
    const batch = await create(who, payments);
    expect(batch).toMatchObject({ status: 'draft', currencyCode: 'EUR' });
    // Fees: 1 % between 1 and 20, in EUR: 1, 2.51 (the beneficiary's) and 1.
    expect(batch.totals).toEqual({ count: 3, amount: '355.5', senderFees: '2', total: '357.5' });
    expect(batch.payments[1]?.paymentMethods).toEqual([
      {
        name: 'cardPayout',
        transferType: 'oct',
        currencies: ['GBP', 'EUR', 'USD'],
        forbidden: false,
      },
      { name: 'bankTransfer', transferType: 'wire', currencies: ['GBP'], forbidden: false },
    ]);

    // The same batch again is 92 with the first one's id and date, until confirmed.
    const again = await server.call(
      'globalPayCreateBatch',
      { batchName: 'November', accountId: who.accountId, payments },
      { token: who.token },
    );
    expect(again.body).toMatchObject({ responseCode: '92', batchId: batch.batchId, batch: null });
    expect(again.body.date).toBe(batch.createdDate);
    const confirmed = await server.call(
      'globalPayCreateBatch',
      { batchName: 'November', accountId: who.accountId, payments, ignoreIdenticalBatch: true },
      { token: who.token },
    );
    expect(confirmed.body.responseCode).toBe('00');
    expect(confirmed.body.batchId).not.toBe(batch.batchId);
    await server.call(
      'globalPayRejectBatch',
      { batchId: confirmed.body.batchId },
      { token: who.token },
    );

    // Add one, change one, remove one and put it back, remove another.
    const [first, second, third] = batch.payments;
    const edited = await server.call(
      'globalPayUpdatePayments',
      {
        batchId: batch.batchId,
        add: [payment({ amount: '40', beneficiaryCountryCode: 'UA' })],
        update: [{ id: first!.id, payment: payment({ amount: '120' }) }],
        remove: [third!.id],
      },
      { token: who.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.batch.payments.map((item) => item.status)).toEqual([
      'draft',
      'draft',
      'removed',
      'draft',
    ]);
    const restored = await server.call(
      'globalPayUpdatePayments',
      { batchId: batch.batchId, restore: [third!.id], remove: [second!.id] },
      { token: who.token },
    );
    // 120 + 1.20 fee, 5 + 1, 40 + 1 (the removed 250.50 does not count).
    expect(restored.body.batch.totals).toEqual({
      count: 3,
      amount: '165',
      senderFees: '3.2',
      total: '168.2',
    });

    const methods = await server.call(
      'globalPayCountryMethods',
      { countryCode: 'BR' },
      { token: who.token },
    );
    expect(methods.body.paymentMethods.map((item) => [item.name, item.forbidden])).toEqual([
      ['cardPayout', false],
      ['bankTransfer', true],
    ]);

    const before = await balance(who.accountId);
    const key = randomUUID();
    const submitted = await submit(who, batch.batchId, key);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.batch.status).toBe('running');
    expect(Number(before) - Number(await balance(who.accountId))).toBeCloseTo(168.2, 8);
    // A retry with the same key answers the same batch and moves nothing more.
    const retried = await submit(who, batch.batchId, key);
    expect(retried.body.batch.submittedDate).toBe(submitted.body.batch.submittedDate);
    expect(Number(before) - Number(await balance(who.accountId))).toBeCloseTo(168.2, 8);
    // Another key is refused: the batch is not a draft any more.
    const other = await submit(who, batch.batchId);
    expect(other.body.validationErrors).toEqual({ batchId: 'globalPay.batchNotDraft' });

    const mails = await db()
      .select()
      .from(outbox)
      .where(gt(outbox.id, 0))
      .orderBy(desc(outbox.id))
      .limit(3);
    expect(mails.map((mail) => mail.body).join('\n')).toMatch(/\/receive\/[A-Za-z0-9_-]{43}/);
    const romanian = mails.find((mail) => mail.recipient === payments[2]!.beneficiaryEmail);
    expect(romanian?.subject).toContain('v-a trimis 5 EUR');
    // Only hashes are stored.
    const secret = await secretFor(payments[2]!.beneficiaryEmail);
    const stored = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from global_pay_payments where secret_hash = ${secret}`,
    );
    expect(stored[0]?.n).toBe(0);

    const status = await server.call(
      'globalPayBatchStatus',
      { batchId: batch.batchId },
      { token: who.token },
    );
    expect(status.body.counts).toMatchObject({ reserved: 3, removed: 1 });
    const summary = await server.call('globalPaySummary', {}, { token: who.token });
    expect(summary.body.totals).toEqual([
      { status: 'cancelled', count: 3, amount: '355.5', currencyCode: 'EUR' },
      { status: 'reserved', count: 3, amount: '165', currencyCode: 'EUR' },
    ]);
    expect(summary.body.batches.map((line) => line.status)).toEqual(['rejected', 'running']);
  });

  it('refuses a submit the account cannot cover, moving nothing and e-mailing nobody', async () => {
    const who = await sender({ balance: '50' });
    const batch = await create(who, [payment({ amount: '49.5' })]);
    const before = { balance: await balance(who.accountId), postings: await postingCount() };
    const [mails] = await db().select({ n: count() }).from(outbox);
    const answer = await submit(who, batch.batchId);
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toEqual({ amount: 'validation.insufficientFunds' });
    expect(await balance(who.accountId)).toBe(before.balance);
    expect(await postingCount()).toBe(before.postings);
    const [after] = await db().select({ n: count() }).from(outbox);
    expect(after?.n).toBe(mails?.n);
    const [row] = await db()
      .select()
      .from(globalPayBatches)
      .where(eq(globalPayBatches.id, batch.batchId));
    expect(row?.status).toBe('draft');
  });

  it('keeps a file’s bad rows with their reasons, refuses to send them, and sends once they are fixed', async () => {
    const who = await sender();
    const file = [
      'beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,amount,description,feeShare',
      'Ana Pop,ana@payee.test,RO,10.50,Fee,sender',
      'Ion Rus,not-an-e-mail,RO,20,,beneficiary',
      'Eva Kim,eva@payee.test,RO,3.005,,sender',
      'Tom Ray,tom@payee.test,JP,4,,sender',
    ].join('\r\n');
    const { status, body } = await server.call(
      'globalPayUploadBatch',
      {
        batchName: 'From a file',
        accountId: who.accountId,
        attachedFile: { fileName: 'payouts.csv', content: file },
      },
      { token: who.token },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.batch?.payments.map((item) => item.rowErrors)).toEqual([
      {},
      { beneficiaryEmail: 'validation.email' },
      { amount: 'globalPay.amountMinorUnits' },
      { beneficiaryCountryCode: 'globalPay.countryNotServed' },
    ]);
    const batchId = body.batchId;
    expect((await submit(who, batchId)).body.validationErrors).toEqual({
      batchId: 'globalPay.rowErrors',
    });
    const [, second, third, fourth] = body.batch!.payments;
    await server.call(
      'globalPayUpdatePayments',
      {
        batchId,
        update: [
          {
            id: second!.id,
            payment: payment({ beneficiaryEmail: 'ion@payee.test', amount: '20' }),
          },
          { id: third!.id, payment: payment({ amount: '3.01' }) },
        ],
        remove: [fourth!.id],
      },
      { token: who.token },
    );
    expect((await submit(who, batchId)).status).toBe(200);

    const xlsx = await server.call(
      'globalPayUploadBatch',
      {
        batchName: 'Spreadsheet',
        accountId: who.accountId,
        attachedFile: { fileName: 'payouts.xlsx', content: 'UEsDBAo=' },
      },
      { token: who.token },
    );
    expect(xlsx.body.validationErrors).toEqual({ attachedFile: 'globalPay.fileType' });
  });

  it('refuses a user without the global flag, an initiate-only user’s submit and another customer’s batch, changing nothing', async () => {
    const owner = await sender();
    const batch = await create(owner, [payment()]);
    const stranger = await sender();
    const unflagged = await sender({ flag: false });
    const before = await postingCount();

    const noFlag = await server.call(
      'globalPayCreateBatch',
      { batchName: 'x', accountId: unflagged.accountId, payments: [payment()] },
      { token: unflagged.token },
    );
    expect(noFlag.status).toBe(403);
    for (const call of [
      server.call('globalPayGetBatch', { batchId: batch.batchId }, { token: stranger.token }),
      submit(stranger, batch.batchId),
      server.call('globalPayRejectBatch', { batchId: batch.batchId }, { token: stranger.token }),
      server.call(
        'globalPayUpdatePayments',
        { batchId: batch.batchId, remove: [batch.payments[0]!.id] },
        { token: stranger.token },
      ),
      server.call(
        'globalPayCreateBatch',
        { batchName: 'x', accountId: owner.accountId, payments: [payment()] },
        { token: stranger.token },
      ),
    ]) {
      const answer = await call;
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    }
    // Stranger's own draft cannot take the owner's payment either.
    const own = await create(stranger, [payment()]);
    const crossed = await server.call(
      'globalPayUpdatePayments',
      { batchId: own.batchId, remove: [batch.payments[0]!.id] },
      { token: stranger.token },
    );
    expect(crossed.status).toBe(404);

    // An initiate-only user of the owner's company may prepare a batch but not send it.
    const clerk = await createCustomer(server);
    await db()
      .insert(customerAccess)
      .values({ userId: clerk.userId, customerId: owner.customerId, accessRight: 3 });
    await db()
      .insert(transferPermissions)
      .values({
        userId: clerk.userId,
        customerId: owner.customerId,
        flags: { 'mass.global': true },
      });
    const clerkSubmit = await server.call(
      'globalPaySubmitBatch',
      { batchId: batch.batchId, idempotencyKey: randomUUID() },
      { token: clerk.token, fromCustomerId: owner.customerId },
    );
    expect(clerkSubmit.body.validationErrors).toEqual({ batchId: 'globalPay.needsApproval' });

    expect(await postingCount()).toBe(before);
    expect((await paymentRow(batch.payments[0]!.id)).status).toBe('draft');
  });
});

describe('the sender’s second factor', () => {
  /** The newest six-digit code e-mailed to an address after `since`. */
  async function mailedCode(email: string, since: number): Promise<string | undefined> {
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), gt(outbox.id, since)))
      .orderBy(desc(outbox.id))
      .limit(1);
    return /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  }
  async function lastOutboxId(): Promise<number> {
    const [row] = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .orderBy(desc(outbox.id))
      .limit(1);
    return row?.id ?? 0;
  }
  async function claimMails(emails: string[]): Promise<number> {
    const rows = await db().select({ recipient: outbox.recipient }).from(outbox);
    return rows.filter((row) => emails.includes(row.recipient)).length;
  }
  async function confirming(): Promise<Sender> {
    const who = await sender();
    await db()
      .update(customers)
      .set({ transactionApproveMode: 4 })
      .where(eq(customers.id, who.customerId));
    return who;
  }

  it('holds the batch until the sender’s code: nothing changes or goes out meanwhile, then every link goes out', async () => {
    const who = await confirming();
    const payments = [payment({ amount: '100' }), payment({ amount: '50' })];
    const batch = await create(who, payments);
    const mark = await lastOutboxId();
    const key = randomUUID();
    const sent = await submit(who, batch.batchId, key);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({
      confirmation: { approveType: 4 },
      batch: { status: 'draft', awaitingConfirmation: true },
    });
    // A retry answers the same confirmation; the total is reserved, no link has gone out.
    const retry = await submit(who, batch.batchId, key);
    expect(retry.body.confirmation?.operationId).toBe(sent.body.confirmation?.operationId);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, who.accountId));
    expect(Number(account!.pendingAmount)).toBeGreaterThan(150);
    expect(await claimMails(payments.map((item) => item.beneficiaryEmail))).toBe(0);
    const edit = await server.call(
      'globalPayUpdatePayments',
      { batchId: batch.batchId, add: [payment()] },
      { token: who.token },
    );
    expect(edit.body).toMatchObject({ validationErrors: { batchId: 'globalPay.batchNotDraft' } });

    const code = await mailedCode(who.email, mark);
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await server.call(
      'confirmTransaction',
      { operationId: sent.body.confirmation!.operationId, code },
      { token: who.token },
    );
    expect(confirmed.body).toMatchObject({ status: 'settled' });
    const after = await server.call(
      'globalPayGetBatch',
      { batchId: batch.batchId },
      { token: who.token },
    );
    expect(after.body.batch).toMatchObject({ status: 'running', awaitingConfirmation: false });
    for (const item of payments) expect(await secretFor(item.beneficiaryEmail)).toHaveLength(43);
  });

  it('a declined code releases the money and leaves a draft that can be changed and sent again', async () => {
    const who = await confirming();
    const before = await balance(who.accountId);
    const payments = [payment({ amount: '70' })];
    const batch = await create(who, payments);
    const mark = await lastOutboxId();
    const sent = await submit(who, batch.batchId);
    const code = await mailedCode(who.email, mark);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await server.call(
        'confirmTransaction',
        { operationId: sent.body.confirmation!.operationId, code: wrong },
        { token: who.token },
      );
      if (answer.body.status === 'rejected' || answer.body.validationErrors?.operationId) break;
    }
    const [row] = await db()
      .select()
      .from(globalPayBatches)
      .where(eq(globalPayBatches.id, batch.batchId));
    expect(row).toMatchObject({ status: 'draft', reserveTransferId: null });
    const [account] = await db().select().from(accounts).where(eq(accounts.id, who.accountId));
    expect(account).toMatchObject({ balance: before, pendingAmount: '0.00000000' });
    expect(await claimMails(payments.map((item) => item.beneficiaryEmail))).toBe(0);
    // A draft again: it can change, and a new submit asks for a new code.
    const edit = await server.call(
      'globalPayUpdatePayments',
      { batchId: batch.batchId, add: [payment({ amount: '5' })] },
      { token: who.token },
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const again = await submit(who, batch.batchId);
    expect(again.body.confirmation?.operationId).toBeDefined();
    expect(again.body.confirmation?.operationId).not.toBe(sent.body.confirmation?.operationId);
  });
});

describe('the recipient', () => {
  it('claims to a card in another currency with the e-mailed code; the rail pays it', async () => {
    const who = await sender();
    // The sender's server hears of the payout once claimed (a webhook endpoint of its own).
    const hook = await server.app.inject({
      method: 'POST',
      url: '/api/public-api/webhook',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Payouts', url: 'http://127.0.0.1:9/hook' }),
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const endpointId = (hook.json() as { webhook: { id: number } }).webhook.id;
    const item = payment({ amount: '200', feeShare: 'beneficiary' });
    const { secrets, batch } = await sent(who, [item]);
    const secret = secrets[0]!;

    const details = await server.call('globalPayPaymentDetails', { paymentSecret: secret });
    expect(details.body.payment).toMatchObject({
      beneficiaryName: 'Maria Lopez',
      status: 'reserved',
      senderName: expect.stringContaining('Payouts Ltd'),
      amount: '200',
      currencyCode: 'EUR',
      feeIsBen: true,
      fee: '2',
      expireDays: 14,
    });
    expect(details.body.payment.submittedDate).toBe(batch.submittedDate);
    const countries = await server.call('globalPayCountries', { paymentSecret: secret });
    expect(countries.body.countries).toContain('GB');
    const methods = await server.call('globalPayMethodsFor', {
      paymentSecret: secret,
      countryCode: 'GB',
    });
    expect(methods.body.paymentMethods.map((method) => method.name)).toEqual([
      'cardPayout',
      'bankTransfer',
    ]);
    const meta = await server.call('globalPayMeta', {
      paymentSecret: secret,
      paymentMethod: 'cardPayout',
      toCurrencyCode: 'GBP',
      countryCode: 'GB',
    });
    // 198 EUR after the fee, at the seeded 0.8812 GBP per EUR.
    expect(meta.body).toMatchObject({
      exchangeRate: '0.8812',
      toAmount: '174.48',
      fee: '2',
      currencyCode: 'EUR',
    });
    const extra = await server.call('globalPayExtraParams', {
      paymentSecret: secret,
      paymentMethod: 'bankTransfer',
    });
    expect(extra.body.extraParams.map((param) => param.name)).toEqual([
      'iban',
      'bic',
      'accountHolderName',
    ]);

    const claim = await startClaim(secret);
    expect(claim).toMatchObject({
      approveType: 4,
      approvalSentTo: expect.stringMatching(/^m\*\*\*@payee\.test$/),
    });
    const firstCode = await codeFor(item.beneficiaryEmail);
    const wrong = firstCode === '000000' ? '111111' : '000000';
    const refused = await server.call('globalPayApprove', {
      paymentSecret: secret,
      operationId: claim.operationId,
      approvalCode: wrong,
    });
    expect(refused.body).toMatchObject({
      validationErrors: { approvalCode: 'globalPay.codeWrong' },
      attemptsLeft: 4,
    });
    // A new code replaces the first one.
    const resent = await server.call('globalPayResendCode', {
      paymentSecret: secret,
      operationId: claim.operationId,
    });
    expect(resent.status).toBe(200);
    const code = await codeFor(item.beneficiaryEmail);
    if (code !== firstCode) {
      const old = await server.call('globalPayApprove', {
        paymentSecret: secret,
        operationId: claim.operationId,
        approvalCode: firstCode,
      });
      expect(old.body.validationErrors).toEqual({ approvalCode: 'globalPay.codeWrong' });
    }
    const approved = await server.call('globalPayApprove', {
      paymentSecret: secret,
      operationId: claim.operationId,
      approvalCode: code,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.payment).toMatchObject({
      status: 'claimed',
      paidMethod: 'cardPayout',
      paidCurrencyCode: 'GBP',
      paidAmount: '174.48',
    });
    const payouts = await db()
      .select({ body: webhookMessages.body })
      .from(webhookMessages)
      .where(
        and(
          eq(webhookMessages.endpointId, endpointId),
          eq(webhookMessages.eventType, 'payout.sent'),
        ),
      );
    expect(payouts.map((message) => JSON.parse(message.body) as unknown)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          kind: 'globalPayout',
          method: 'cardPayout',
          amount: '174.48',
          currency: 'GBP',
        }),
      }),
    ]);
    // The code is used: the same operation cannot pay twice.
    const twice = await server.call('globalPayApprove', {
      paymentSecret: secret,
      operationId: claim.operationId,
      approvalCode: code,
    });
    expect(twice.body.validationErrors).toEqual({ paymentSecret: 'globalPay.notClaimable' });

    await runGlobalPaySchedule(db(), new Date(Date.now() + STEP + 1000), { stepMs: STEP });
    const paid = await server.call('globalPayPaymentDetails', { paymentSecret: secret });
    expect(paid.body.payment.status).toBe('paid');
    const withdrawals = await server.call('globalPayLastWithdrawals', { paymentSecret: secret });
    expect(withdrawals.body.withdrawals).toEqual([
      expect.objectContaining({ status: 'paid', destination: '•••• 1111', paidAmount: '174.48' }),
    ]);
    const status = await server.call(
      'globalPayBatchStatus',
      { batchId: batch.batchId },
      { token: who.token },
    );
    expect(status.body.status).toBe('done');
  });

  it('is refused with a wrong secret, an expired payment or another payment’s operation, and nothing changes', async () => {
    const who = await sender();
    const items = [payment(), payment(), payment()];
    const { secrets } = await sent(who, items);
    const [mine, other, late] = secrets as [string, string, string];
    const stranger = 'A'.repeat(43);
    const before = { postings: await postingCount(), balance: await balance(who.accountId) };

    for (const answer of [
      await server.call('globalPayPaymentDetails', { paymentSecret: stranger }),
      await server.call('globalPayRefuse', { paymentSecret: stranger }),
      await server.call('globalPayMethodsFor', { paymentSecret: stranger, countryCode: 'ES' }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.validationErrors).toEqual({ paymentSecret: 'globalPay.unknownLink' });
    }

    const otherClaim = await startClaim(other);
    const crossed = await server.call('globalPayApprove', {
      paymentSecret: mine,
      operationId: otherClaim.operationId,
      approvalCode: await codeFor(items[1]!.beneficiaryEmail),
    });
    expect(crossed.status).toBe(404);
    expect(crossed.body.validationErrors).toEqual({ operationId: 'globalPay.operation' });
    const crossedResend = await server.call('globalPayResendCode', {
      paymentSecret: mine,
      operationId: otherClaim.operationId,
    });
    expect(crossedResend.status).toBe(404);
    const myId = (await server.call('globalPayPaymentDetails', { paymentSecret: mine })).body
      .payment.paymentId;
    const otherId = (await server.call('globalPayPaymentDetails', { paymentSecret: other })).body
      .payment.paymentId;
    const withdrawal = await server.call('globalPayWithdrawalDetails', {
      paymentSecret: mine,
      paymentId: otherId,
    });
    expect(withdrawal.status).toBe(404);

    const lateId = (await server.call('globalPayPaymentDetails', { paymentSecret: late })).body
      .payment.paymentId;
    await db()
      .update(globalPayPayments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(globalPayPayments.id, lateId));
    const expired = await server.call('globalPaySubmitPayment', {
      paymentSecret: late,
      paymentMethod: 'cardPayout',
      countryCode: 'ES',
      currencyCode: 'EUR',
      paymentDetails: { cardNumber: '4111111111111111', cardholderName: 'Late' },
    });
    expect(expired.body.validationErrors).toEqual({ paymentSecret: 'globalPay.expired' });
    expect(
      (await server.call('globalPayRefuse', { paymentSecret: late })).body.validationErrors,
    ).toEqual({ paymentSecret: 'globalPay.expired' });

    expect(await postingCount()).toBe(before.postings);
    expect(await balance(who.accountId)).toBe(before.balance);
    expect((await paymentRow(myId)).status).toBe('reserved');
    expect((await paymentRow(otherId)).status).toBe('reserved');
  });

  it('refuses: the money returns to the sender once, even against a racing approve', async () => {
    const who = await sender();
    const items = [payment({ amount: '80' }), payment({ amount: '30' })];
    const { secrets } = await sent(who, items);
    const afterSubmit = Number(await balance(who.accountId));

    const refused = await server.call('globalPayRefuse', { paymentSecret: secrets[0]! });
    expect(refused.body.payment.status).toBe('refused');
    const again = await server.call('globalPayRefuse', { paymentSecret: secrets[0]! });
    expect(again.body.validationErrors).toEqual({ paymentSecret: 'globalPay.notClaimable' });
    // 80 and the 1.00 fee the sender had reserved.
    expect(Number(await balance(who.accountId))).toBeCloseTo(afterSubmit + 81, 8);
    // The sender's history: the reservation out as a global payout, the refusal back as a refund.
    const history = await server.call(
      'getTransactionHistory',
      { accountId: who.accountId },
      { token: who.token },
    );
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(
      history.body.items.map((item) => [item.operationType, item.direction, item.amount]),
    ).toEqual(
      expect.arrayContaining([
        ['global_payout', 'out', '112'],
        ['refund', 'in', '81'],
      ]),
    );

    const claim = await startClaim(secrets[1]!);
    const code = await codeFor(items[1]!.beneficiaryEmail);
    const answers = await Promise.all([
      server.call('globalPayApprove', {
        paymentSecret: secrets[1]!,
        operationId: claim.operationId,
        approvalCode: code,
      }),
      server.call('globalPayRefuse', { paymentSecret: secrets[1]! }),
      server.call('globalPayRefuse', { paymentSecret: secrets[1]! }),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const row = await paymentRow(
      (await server.call('globalPayPaymentDetails', { paymentSecret: secrets[1]! })).body.payment
        .paymentId,
    );
    const returned = row.status === 'refused' ? 31 : 0;
    expect(['refused', 'claimed']).toContain(row.status);
    expect(Number(await balance(who.accountId))).toBeCloseTo(afterSubmit + 81 + returned, 8);
  });

  it('a payout the rail returns is claimable again, its exchange and fee undone', async () => {
    const who = await sender();
    const item = payment({ amount: '60' });
    const { secrets } = await sent(who, [item]);
    const claim = await startClaim(secrets[0]!, 'RETURN Closed Account');
    await server.call('globalPayApprove', {
      paymentSecret: secrets[0]!,
      operationId: claim.operationId,
      approvalCode: await codeFor(item.beneficiaryEmail),
    });
    await runGlobalPaySchedule(db(), new Date(Date.now() + STEP + 1000), { stepMs: STEP });
    const details = await server.call('globalPayPaymentDetails', { paymentSecret: secrets[0]! });
    expect(details.body.payment).toMatchObject({ status: 'reserved', paidMethod: null });
    // Cancelled by the sender now: everything reserved comes back.
    const before = Number(await balance(who.accountId));
    const cancelled = await server.call(
      'globalPayCancelPayment',
      { paymentId: details.body.payment.paymentId },
      { token: who.token },
    );
    expect(cancelled.body.payment.status).toBe('cancelled');
    expect(Number(await balance(who.accountId))).toBeCloseTo(before + 61, 8);
  });
});

describe('expiry', () => {
  it('returns an unclaimed payment’s money once, with two nodes running the job at once', async () => {
    const who = await sender();
    const items = [payment({ amount: '70' }), payment({ amount: '10' })];
    const { secrets } = await sent(who, items);
    const ids = await Promise.all(
      secrets.map(
        async (secret) =>
          (await server.call('globalPayPaymentDetails', { paymentSecret: secret })).body.payment
            .paymentId,
      ),
    );
    await db()
      .update(globalPayPayments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(globalPayPayments.id, ids[0]!));
    const before = Number(await balance(who.accountId));
    const second = await secondNode();
    try {
      await Promise.all([
        runGlobalPaySchedule(db(), new Date(), { stepMs: STEP }),
        runGlobalPaySchedule(second.db, new Date(), { stepMs: STEP }),
        runGlobalPaySchedule(db(), new Date(), { stepMs: STEP }),
      ]);
    } finally {
      await second.close();
    }
    expect((await paymentRow(ids[0]!)).status).toBe('expired');
    expect((await paymentRow(ids[1]!)).status).toBe('reserved');
    expect(Number(await balance(who.accountId))).toBeCloseTo(before + 71, 8);
    const returns = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_transfers where details->>'globalPaymentId' = ${String(ids[0])} and kind = 'refund'`,
    );
    expect(returns[0]?.n).toBe(1);
  });
});

describe('hostile input to every global-pay method', () => {
  it('answers a clear 4xx to broken ids, amounts, secrets, codes and files, changing nothing', async () => {
    const who = await sender();
    const batch = await create(who, [payment()]);
    const { secrets } = await sent(who, [payment()]);
    const secret = secrets[0]!;
    const claim = await startClaim(secret);
    const before = {
      postings: await postingCount(),
      balance: await balance(who.accountId),
      payments: (await db().select({ n: count() }).from(globalPayPayments))[0]?.n,
    };
    const badId = [...HOSTILE_IDS, 'x', true, {}, []];
    const badAmount = ['0', '-1', '1e3', '', 'abc', 12, '1'.repeat(30), {}];
    const badSecret = ['', 'x', 'A'.repeat(42), 'A'.repeat(44), '../'.repeat(15), 1, null, {}];
    const cases: [string, Record<string, unknown>, boolean][] = [];
    for (const id of badId) {
      cases.push(['globalPayGetBatch', { batchId: id }, true]);
      cases.push(['globalPaySubmitBatch', { batchId: id, idempotencyKey: randomUUID() }, true]);
      cases.push(['globalPayCancelPayment', { paymentId: id }, true]);
      cases.push(['globalPayUpdatePayments', { batchId: batch.batchId, remove: [id] }, true]);
      cases.push(['globalPayWithdrawalDetails', { paymentSecret: secret, paymentId: id }, false]);
    }
    for (const amount of badAmount)
      cases.push([
        'globalPayCreateBatch',
        { batchName: 'x', accountId: who.accountId, payments: [{ ...payment(), amount }] },
        true,
      ]);
    for (const paymentSecret of badSecret) {
      cases.push(['globalPayPaymentDetails', { paymentSecret }, false]);
      cases.push(['globalPayRefuse', { paymentSecret }, false]);
    }
    for (const approvalCode of ['', '12345', '1234567', 'abcdef', 123456, null])
      cases.push([
        'globalPayApprove',
        { paymentSecret: secret, operationId: claim.operationId, approvalCode },
        false,
      ]);
    for (const operationId of ['', 'x', randomUUID(), 1])
      cases.push([
        'globalPayApprove',
        { paymentSecret: secret, operationId, approvalCode: '123456' },
        false,
      ]);
    for (const content of ['', 'a,b\r\n1,2', '\u0000'.repeat(10), 'x'.repeat(900_001)])
      cases.push([
        'globalPayUploadBatch',
        { batchName: 'x', accountId: who.accountId, attachedFile: { fileName: 'a.csv', content } },
        true,
      ]);
    cases.push([
      'globalPayCreateBatch',
      { batchName: 'x', accountId: who.accountId, payments: [payment()], extra: 1 },
      true,
    ]);
    for (const [method, payload, signedIn] of cases) {
      const response = await server.main(
        method,
        jsonText(payload),
        signedIn ? { token: who.token } : {},
      );
      const label = `${method} ${jsonText(payload).slice(0, 120)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.json().responseCode, label).toMatch(/^(TA1|ENOA)$/);
    }
    expect(await postingCount()).toBe(before.postings);
    expect(await balance(who.accountId)).toBe(before.balance);
    expect((await db().select({ n: count() }).from(globalPayPayments))[0]?.n).toBe(before.payments);
    expect(
      (await server.call('globalPayPaymentDetails', { paymentSecret: secret })).body.payment.status,
    ).toBe('reserved');
  });
});

/** A second node's app on the first one's database (its own services). */
async function secondNode() {
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
  return { db: node.database.db, close: () => node.app.close() };
}
