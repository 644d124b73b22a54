import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  accounts,
  customers,
  ledgerTransfers,
  merchantIdempotencyKeys,
  outbox,
  preapprovalPulls,
  preapprovals,
  webhookEndpoints,
  webhookMessages,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { HOSTILE_IDS, jsonText, rawNumber } from '../../../test/hostile';
import { openSocket, type TestSocket } from '../../../test/realtime-client';
import {
  createCustomer,
  openAccount,
  type FixtureCustomer,
  uniqueBusinessName,
} from '../cards/test-fixtures';

/*
 * Issue 18, pre-approved payments: the customer's approvals (created with the transfer's second
 * factor, listed, cancelled), the merchant's pulls through the public API v1 within the approval
 * and never beyond it, and the merchant's subscribers and instalments. One server for the file;
 * each test makes its own customers and companies.
 */

let server: TestServer;

let base = '';
beforeAll(async () => {
  server = await startTestServer();
  // Listening, for the realtime sockets of the open screens.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `127.0.0.1:${address.port}`;
});
afterAll(async () => server.close());

const db = () => server.database.db;

interface Party extends FixtureCustomer {
  accountId: number;
}

async function payer(balance = '500', values: Record<string, unknown> = {}): Promise<Party> {
  const who = await createCustomer(server, values);
  const account = await openAccount(server, who.customerId, { currencyCode: 'EUR', balance });
  return { ...who, accountId: account.id };
}

interface Merchant extends Party {
  secret: string;
}

/** A business with a EUR account, a webhook endpoint and a key that may pull. */
async function merchant(values: Record<string, unknown> = {}): Promise<Merchant> {
  const who = await createCustomer(server, {
    customerType: 2,
    businessName: uniqueBusinessName(),
    ...values,
  });
  const account = await openAccount(server, who.customerId, { currencyCode: 'EUR' });
  await db()
    .insert(webhookEndpoints)
    .values({
      customerId: who.customerId,
      name: 'hooks',
      url: 'http://127.0.0.1:9/hooks',
      secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
    });
  const key = await server.app.inject({
    method: 'POST',
    url: '/api/public-api/apikey',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    payload: { customerId: who.customerId, name: 'Billing', scopes: ['read', 'preapproved-pulls'] },
  });
  expect(key.statusCode, key.body).toBe(200);
  return { ...who, accountId: account.id, secret: key.json().secret };
}

async function approve(
  who: Party,
  shop: Merchant,
  values: Record<string, unknown> = {},
): Promise<number> {
  const answer = await server.call(
    'createPreapprovedPayment',
    {
      beneficiaryEmail: shop.email,
      fromAccount: who.accountId,
      amount: '20.00',
      frequency: 'monthly',
      ...values,
    },
    { token: who.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.preapproval.status).toBe('active');
  return answer.body.preapproval.id;
}

async function pull(
  secret: string,
  id: unknown,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/public/v1/preapproved-payments/${String(id)}/pulls`,
    remoteAddress: '192.0.2.10',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      // Every POST of the public API carries an Idempotency-Key: a fresh one unless the test names it.
      'idempotency-key': randomUUID(),
      ...headers,
    },
    payload: typeof body === 'string' ? body : jsonText(body),
  });
  return { status: response.statusCode, body: response.json() };
}

async function balanceOf(accountId: number): Promise<string> {
  const [row] = await db()
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return Number(row!.balance).toFixed(2);
}

/** What a refused pull must leave as it was. */
async function state(approvalId: number, ...accountIds: number[]) {
  const [row] = await db().select().from(preapprovals).where(eq(preapprovals.id, approvalId));
  const [pulls] = await db()
    .select({ n: count() })
    .from(preapprovalPulls)
    .where(eq(preapprovalPulls.preapprovalId, approvalId));
  const [messages] = await db()
    .select({ n: count() })
    .from(webhookMessages)
    .where(eq(webhookMessages.eventType, 'preapproved.pulled'));
  const [transfers] = await db()
    .select({ n: count() })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.kind, 'preapprovedPull'));
  return {
    row: { ...row, confirmExpiresAt: null },
    pulls: pulls!.n,
    messages: messages!.n,
    transfers: transfers!.n,
    balances: await Promise.all(accountIds.map(balanceOf)),
  };
}

describe('pulls through the public API', () => {
  it('moves money payer → merchant within the cap, once a period, and writes the webhook', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop);

    const first = await pull(shop.secret, id, { amount: '20.00', description: 'November' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      responseCode: '00',
      pull: { preapprovalId: id, amount: '20', currency: 'EUR', description: 'November' },
    });
    expect(await balanceOf(anna.accountId)).toBe('480.00');
    expect(await balanceOf(shop.accountId)).toBe('20.00');
    const [message] = await db()
      .select()
      .from(webhookMessages)
      .where(
        and(
          eq(webhookMessages.customerId, shop.customerId),
          eq(webhookMessages.eventType, 'preapproved.pulled'),
        ),
      );
    expect(JSON.parse(message!.body)).toMatchObject({
      type: 'preapproved.pulled',
      data: { transactionId: first.body.pull.transactionId, preapprovalId: id, amount: '20' },
    });

    // A second pull in the same month is refused, and nothing changes.
    const before = await state(id, anna.accountId, shop.accountId);
    const again = await pull(shop.secret, id, { amount: '1.00' });
    expect(again.status).toBe(400);
    expect(again.body.validationErrors).toEqual({ id: 'validation.preapprovalPeriodUsed' });
    expect(await state(id, anna.accountId, shop.accountId)).toEqual(before);

    // The next month's pull passes.
    await db()
      .update(preapprovals)
      .set({ lastPullAt: sql`now() - interval '40 days'` })
      .where(eq(preapprovals.id, id));
    const next = await pull(shop.secret, id, { amount: '5' });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(await balanceOf(anna.accountId)).toBe('475.00');
    await assertLedgerBalanced(db());
  });

  it('refuses a pull above the cap, above the total, past the end date or finer than a cent, changing nothing', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop, {
      frequency: 'weekly',
      totalAmount: '30.00',
      endDate: '2099-12-31',
    });
    const before = await state(id, anna.accountId, shop.accountId);
    for (const [body, field, key] of [
      [{ amount: '20.01' }, 'amount', 'validation.preapprovalAboveCap'],
      [{ amount: '0.001' }, 'amount', 'validation.amountMinorUnits'],
    ] as const) {
      const refused = await pull(shop.secret, id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.validationErrors).toEqual({ [field]: key });
    }
    expect(await state(id, anna.accountId, shop.accountId)).toEqual(before);

    expect((await pull(shop.secret, id, { amount: '20' })).status).toBe(200);
    await db()
      .update(preapprovals)
      .set({ lastPullAt: sql`now() - interval '8 days'` })
      .where(eq(preapprovals.id, id));
    const total = await pull(shop.secret, id, { amount: '10.01' });
    expect(total.body.validationErrors).toEqual({ amount: 'validation.preapprovalAboveTotal' });

    await db().update(preapprovals).set({ endDate: '2020-01-01' }).where(eq(preapprovals.id, id));
    const ended = await pull(shop.secret, id, { amount: '1' });
    expect(ended.status).toBe(400);
    expect(ended.body.validationErrors).toEqual({ id: 'validation.preapprovalEnded' });
  });

  it('refuses a pull the payer cannot fund, and a once approval after its pull', async () => {
    const anna = await payer('5');
    const shop = await merchant();
    const id = await approve(anna, shop, { frequency: 'once' });
    const poor = await pull(shop.secret, id, { amount: '6' });
    expect(poor.status).toBe(400);
    expect(poor.body.validationErrors).toEqual({ amount: 'validation.insufficientFunds' });
    expect(await balanceOf(anna.accountId)).toBe('5.00');
    expect((await pull(shop.secret, id, { amount: '5' })).status).toBe(200);
    const used = await pull(shop.secret, id, { amount: '1' });
    expect(used.body.validationErrors).toEqual({ id: 'validation.preapprovalUsed' });
  });

  it('refuses every pull once the payer cancelled', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop);
    const cancelled = await server.call('cancelPreapprovedPayment', { id }, { token: anna.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.preapproval).toMatchObject({ status: 'cancelled', nextPullFrom: null });
    const refused = await pull(shop.secret, id, { amount: '1' });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({ id: 'validation.preapprovalCancelled' });
    expect(await balanceOf(anna.accountId)).toBe('500.00');
    const events = await db()
      .select({ body: webhookMessages.body })
      .from(webhookMessages)
      .where(
        and(
          eq(webhookMessages.customerId, shop.customerId),
          eq(webhookMessages.eventType, 'subscription.changed'),
        ),
      );
    expect(events.map((event) => JSON.parse(event.body).data.status)).toEqual(
      expect.arrayContaining(['active', 'cancelled']),
    );
  });

  it('answers another company’s key "not found", and a key without the scope 403', async () => {
    const anna = await payer();
    const shop = await merchant();
    const other = await merchant();
    const id = await approve(anna, shop);
    const stranger = await pull(other.secret, id, { amount: '1' });
    expect(stranger.status).toBe(404);
    const readOnly = await server.app.inject({
      method: 'POST',
      url: '/api/public-api/apikey',
      headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
      payload: { customerId: shop.customerId, name: 'Reader', scopes: ['read'] },
    });
    const noScope = await pull(readOnly.json().secret, id, { amount: '1' });
    expect(noScope.status).toBe(403);
    expect(await balanceOf(anna.accountId)).toBe('500.00');

    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/public/v1/preapproved-payments',
      remoteAddress: '192.0.2.10',
      headers: { authorization: `Bearer ${other.secret}` },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().preapprovals).toEqual([]);
    const own = await server.app.inject({
      method: 'GET',
      url: '/api/public/v1/preapproved-payments',
      remoteAddress: '192.0.2.10',
      headers: { authorization: `Bearer ${shop.secret}` },
    });
    expect(own.json().preapprovals).toEqual([
      expect.objectContaining({ id, payerEmail: anna.email, amount: '20', status: 'active' }),
    ]);
  });

  it('shows a pull in both histories as a pre-approved payment naming the other side', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop);
    const pulled = await pull(shop.secret, id, { amount: '12.00' });
    expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
    const transactionId = pulled.body.pull.transactionId;

    const payerSide = await server.call(
      'getTransactionHistory',
      { accountId: anna.accountId },
      { token: anna.token },
    );
    expect(payerSide.status, JSON.stringify(payerSide.body)).toBe(200);
    expect(payerSide.body.items[0]).toEqual(
      expect.objectContaining({
        transactionId,
        operationType: 'preapproved_pull',
        direction: 'out',
        amount: '12',
        counterparty: expect.stringMatching(/^Shop /),
      }),
    );
    const merchantSide = await server.call(
      'getTransactionHistory',
      { accountId: shop.accountId },
      { token: shop.token },
    );
    expect(merchantSide.body.items[0]).toEqual(
      expect.objectContaining({
        transactionId,
        operationType: 'preapproved_pull',
        direction: 'in',
        counterparty: expect.stringMatching(/^Card Tester \d+$/),
      }),
    );
    // The type has a name in every language of the dictionary.
    for (const lang of ['en', 'es', 'pt', 'ro', 'ru', 'ua'] as const) {
      const types = await server.send('getTransactionTypes', { lang });
      const names = types.body.transactions as { code: string; name: string }[];
      expect(names.find((type) => type.code === 'preapproved_pull')?.name, lang).toMatch(/\p{L}/u);
    }
  });

  it('lets only one of two concurrent pulls in one period pass', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop);
    const answers = await Promise.all([
      pull(shop.secret, id, { amount: '10' }),
      pull(shop.secret, id, { amount: '10' }),
      pull(shop.secret, id, { amount: '10' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    expect(await balanceOf(anna.accountId)).toBe('490.00');
  });

  it('posts a retried pull with the same Idempotency-Key once and refuses the key with another body', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop);
    const key = { 'idempotency-key': randomUUID() };
    const first = await pull(shop.secret, id, { amount: '7' }, key);
    const retry = await pull(shop.secret, id, { amount: '7' }, key);
    expect(first.status).toBe(200);
    expect(retry.body.pull).toEqual(first.body.pull);
    expect(await balanceOf(anna.accountId)).toBe('493.00');
    const other = await pull(shop.secret, id, { amount: '8' }, key);
    expect(other.body.validationErrors).toEqual({
      idempotencyKey: 'validation.idempotencyKeyReused',
    });
  });

  it('takes the key as every v1 POST does (any visible ASCII, up to 128) and posts a retry once even when the API forgot it', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop);
    // Characters the pull's own parser used to refuse, at the v1 rule's full length.
    const key = { 'idempotency-key': `order.7731:retry~${'x'.repeat(128 - 17)}` };
    expect(key['idempotency-key']).toHaveLength(128);
    const first = await pull(shop.secret, id, { amount: '7' }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The API's own record of the key is gone (as after a 5xx): the pull's key still holds.
    await db()
      .delete(merchantIdempotencyKeys)
      .where(eq(merchantIdempotencyKeys.customerId, shop.customerId));
    const retry = await pull(shop.secret, id, { amount: '7' }, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.pull).toEqual(first.body.pull);
    expect(await balanceOf(anna.accountId)).toBe('493.00');
    // A malformed key is refused by the API's one rule before the pull runs.
    const before = await state(id, anna.accountId, shop.accountId);
    const bad = await pull(shop.secret, id, { amount: '1' }, { 'idempotency-key': 'é' });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors).toEqual({ idempotencyKey: 'validation.invalidValue' });
    expect(await state(id, anna.accountId, shop.accountId)).toEqual(before);
  });

  it('tells the payer’s and the merchant’s open screens at once that their balances changed', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop);
    const sockets: TestSocket[] = [];
    for (const who of [anna, shop]) {
      const ticket = await server.app.inject({
        method: 'POST',
        url: '/api/auth/realtime-ticket',
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(ticket.statusCode, ticket.body).toBe(200);
      sockets.push(
        await openSocket(
          `ws://${base}/realtime?ticket=${(ticket.json() as { ticket: string }).ticket}`,
          `http://${base}`,
        ),
      );
    }
    const changed = (index: number) =>
      sockets[index]!.messages.filter((message) => message.type === 'AccountChanged').map(
        (message) => (message.payload as { accountId: number }).accountId,
      );
    try {
      expect((await pull(shop.secret, id, { amount: '9' })).status).toBe(200);
      await expect.poll(() => changed(0)).toEqual([anna.accountId]);
      await expect.poll(() => changed(1)).toEqual([shop.accountId]);
    } finally {
      for (const socket of sockets) socket.socket.close();
    }
  });

  it('answers hostile ids and amounts with a 4xx envelope and changes nothing', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop);
    const before = await state(id, anna.accountId, shop.accountId);
    for (const hostile of ['0', '-1', '2147483648', '1e3', '1.5', 'abc', '%00']) {
      const answer = await pull(shop.secret, hostile, { amount: '1' });
      expect(answer.status, hostile).toBeGreaterThanOrEqual(400);
      expect(answer.status, hostile).toBeLessThan(500);
      expect(answer.body.responseCode, hostile).toEqual(expect.any(String));
    }
    for (const amount of [
      '-1',
      '0',
      '0.00',
      '1e3',
      rawNumber('1e309'),
      5,
      '99999999999999999999999',
      ' 1',
      null,
    ]) {
      const answer = await pull(shop.secret, id, { amount });
      expect(answer.status, String(amount)).toBe(400);
    }
    const extra = await pull(shop.secret, id, { amount: '1', admin: true });
    expect(extra.status).toBe(400);
    expect(await state(id, anna.accountId, shop.accountId)).toEqual(before);
  });
});

describe('the customer’s pre-approvals', () => {
  it('creates one with the e-mailed code as a transfer is confirmed, refusing a wrong code', async () => {
    const anna = await payer('500', { transactionApproveMode: 4 });
    const shop = await merchant();
    const created = await server.call(
      'createPreapprovedPayment',
      {
        beneficiaryEmail: shop.email,
        fromAccount: anna.accountId,
        amount: '15',
        frequency: 'weekly',
      },
      { token: anna.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ approveType: 4, preapproval: { status: 'pending' } });
    const id = created.body.preapproval.id;
    // Not yet confirmed: the merchant cannot pull.
    expect((await pull(shop.secret, id, { amount: '1' })).status).toBe(404);
    const [mail] = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(eq(outbox.recipient, anna.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.body).toContain('15 EUR');
    const code = / is (\d{6})\./.exec(mail!.body)![1]!; // the payee, a random shop name, may be six digits too
    const wrong = await server.call(
      'confirmPreapprovedPayment',
      { id, code: code === '000000' ? '111111' : '000000' },
      { token: anna.token },
    );
    expect(wrong.body.validationErrors).toEqual({ code: 'validation.codeWrong' });
    const right = await server.call(
      'confirmPreapprovedPayment',
      { id, code },
      { token: anna.token },
    );
    expect(right.status).toBe(200);
    expect(right.body.preapproval.status).toBe('active');
    expect((await pull(shop.secret, id, { amount: '15' })).status).toBe(200);
  });

  it('finds the merchant only by a business e-mail of the same brand', async () => {
    const anna = await payer();
    const elsewhere = await merchant({ brandId: 'northmere' });
    const person = await payer();
    for (const beneficiaryEmail of [elsewhere.email, person.email, 'nobody@nowhere.test']) {
      const answer = await server.call(
        'createPreapprovedPayment',
        { beneficiaryEmail, fromAccount: anna.accountId, amount: '1', frequency: 'once' },
        { token: anna.token },
      );
      expect(answer.status, beneficiaryEmail).toBe(404);
    }
    const shop = await merchant();
    const notMine = await server.call(
      'createPreapprovedPayment',
      {
        beneficiaryEmail: shop.email,
        fromAccount: person.accountId,
        amount: '1',
        frequency: 'once',
      },
      { token: anna.token },
    );
    expect(notMine.status).toBe(404);
    const fine = await server.call(
      'createPreapprovedPayment',
      {
        beneficiaryEmail: shop.email,
        fromAccount: anna.accountId,
        amount: '1.001',
        frequency: 'once',
      },
      { token: anna.token },
    );
    expect(fine.body.validationErrors).toEqual({ amount: 'validation.amountMinorUnits' });
    const [rows] = await db()
      .select({ n: count() })
      .from(preapprovals)
      .where(eq(preapprovals.payerCustomerId, anna.customerId));
    expect(rows!.n).toBe(0);
  });

  it('lists with the four filters, and another customer can neither see nor cancel one', async () => {
    const anna = await payer();
    const shop = await merchant();
    const other = await merchant();
    const small = await approve(anna, shop, { amount: '5', frequency: 'weekly' });
    const large = await approve(anna, other, { amount: '50', frequency: 'monthly' });
    const list = async (filter: Record<string, unknown>) => {
      const answer = await server.call('getPreapprovedPayments', filter, { token: anna.token });
      expect(answer.status).toBe(200);
      return answer.body.preapprovals.map((row) => row.id);
    };
    expect(await list({})).toEqual([large, small]);
    expect(await list({ beneficiaryEmail: shop.email.slice(0, 12) })).toEqual([small]);
    expect(await list({ type: 'monthly' })).toEqual([large]);
    expect(await list({ fromAmount: '10' })).toEqual([large]);
    expect(await list({ toAmount: '10' })).toEqual([small]);
    expect(await list({ beneficiaryEmail: '%' })).toEqual([]);

    const bob = await payer();
    const seen = await server.call('getPreapprovedPayments', {}, { token: bob.token });
    expect(seen.body.preapprovals).toEqual([]);
    const cancel = await server.call(
      'cancelPreapprovedPayment',
      { id: small },
      { token: bob.token },
    );
    expect(cancel.status).toBe(404);
    const confirm = await server.call(
      'confirmPreapprovedPayment',
      { id: small, code: '123456' },
      { token: bob.token },
    );
    expect(confirm.status).toBe(404);
    expect(await list({})).toEqual([large, small]);
    const [row] = await db().select().from(preapprovals).where(eq(preapprovals.id, small));
    expect(row!.status).toBe('active');
  });

  it('answers hostile ids with a 4xx envelope', async () => {
    const anna = await payer();
    for (const id of HOSTILE_IDS) {
      const answer = await server.send('cancelPreapprovedPayment', { id }, { token: anna.token });
      expect(answer.status, String(id)).toBeGreaterThanOrEqual(400);
      expect(answer.status, String(id)).toBeLessThan(500);
    }
  });
});

describe('the merchant’s subscribers', () => {
  it('lists subscribers and instalments, cancels one; another company finds none of them', async () => {
    const anna = await payer();
    const shop = await merchant();
    const id = await approve(anna, shop, { frequency: 'weekly' });
    await approve(anna, shop, { frequency: 'once' });
    expect((await pull(shop.secret, id, { amount: '3' })).status).toBe(200);

    const subscribers = await server.call('getSubscribers', {}, { token: shop.token });
    expect(subscribers.status).toBe(200);
    expect(subscribers.body).toMatchObject({ pageSize: 50, pageNumber: 1, total: 1 });
    expect(subscribers.body.subscribers).toEqual([
      expect.objectContaining({
        subscriptionId: id,
        payerEmail: anna.email,
        currency: 'EUR',
        amount: '20',
        frequency: 'weekly',
        status: 'active',
        pulledTotal: '3',
      }),
    ]);
    expect(subscribers.body.subscribers[0]!.nextPullFrom).not.toBeNull();
    const instalments = await server.call(
      'getSubscriptionInstalments',
      { subscriptionId: id },
      { token: shop.token },
    );
    expect(instalments.body.instalments).toEqual([
      expect.objectContaining({ subscriptionId: id, amount: '3', currency: 'EUR' }),
    ]);

    const other = await merchant();
    for (const [method, payload] of [
      ['getSubscriptionInstalments', { subscriptionId: id }],
      ['cancelSubscription', { subscriptionId: id }],
    ] as const) {
      const answer = await server.send(method, payload, { token: other.token });
      expect(answer.status, method).toBe(404);
    }
    expect(
      (await server.call('getSubscribers', {}, { token: other.token })).body.subscribers,
    ).toEqual([]);
    // A personal customer has no merchant tools.
    expect((await server.call('getSubscribers', {}, { token: anna.token })).status).toBe(403);

    const cancelled = await server.call(
      'cancelSubscription',
      { subscriptionId: id },
      { token: shop.token },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscriber).toMatchObject({ status: 'cancelled', nextPullFrom: null });
    await db()
      .update(preapprovals)
      .set({ lastPullAt: sql`now() - interval '8 days'` })
      .where(eq(preapprovals.id, id));
    expect((await pull(shop.secret, id, { amount: '1' })).status).toBe(400);
    const [payerView] = (
      await server.call('getPreapprovedPayments', {}, { token: anna.token })
    ).body.preapprovals.filter((row) => row.id === id);
    expect(payerView).toMatchObject({ status: 'cancelled' });
    const [customer] = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, shop.customerId));
    expect(customer).toBeDefined();
  });
});
