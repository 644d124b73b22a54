import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { TRANSFER_PERMISSIONS } from '@ledgerline/contract';
import {
  accounts,
  ipnMessages,
  ledgerTransfers,
  paymentRefunds,
  paymentRequests,
  transferPermissions,
  webhookEndpoints,
  webhookMessages,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { lastSms } from '../../../test/auth-flow';
import { jsonText } from '../../../test/hostile';
import {
  createCustomer,
  fund,
  openAccount,
  type FixtureCustomer,
  uniqueBusinessName,
} from '../cards/test-fixtures';

/*
 * Issue 18 "pay": idempotency keys on the public API's POSTs, payment requests, the hosted pay
 * page's read, paying a request through the transfer confirmation, and refunds. One server for
 * the file; each test makes companies and payers of its own.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const db = () => server.database.db;

interface Party extends FixtureCustomer {
  accountId: number;
}

/** A business whose full-access user is signed in, with an EUR account, and a key with every scope. */
async function merchant(
  options: { brandId?: string; balance?: string } = {},
): Promise<Party & { secret: string }> {
  const who = await createCustomer(server, {
    customerType: 2,
    businessName: uniqueBusinessName(),
    brandId: options.brandId ?? 'pebble',
  });
  const account = await openAccount(server, who.customerId, {
    currencyCode: 'EUR',
    ...(options.balance ? { balance: options.balance } : {}),
  });
  const key = await rest('POST', '/api/public-api/apikey', {
    token: who.token,
    body: {
      customerId: who.customerId,
      name: 'Shop server',
      scopes: ['read', 'payment-requests'],
    },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  await db()
    .insert(transferPermissions)
    .values({
      userId: who.userId,
      customerId: who.customerId,
      flags: Object.fromEntries(TRANSFER_PERMISSIONS.map((flag) => [flag, true])),
    });
  return { ...who, accountId: account.id, secret: key.body.secret };
}

/** A personal customer of a brand with a funded EUR account; mode is its second-factor mode. */
async function payer(
  options: { brandId?: string; mode?: number; currency?: string } = {},
): Promise<Party> {
  const who = await createCustomer(server, {
    brandId: options.brandId ?? 'pebble',
    transactionApproveMode: options.mode ?? 0,
  });
  const account = await openAccount(server, who.customerId, {
    currencyCode: options.currency ?? 'EUR',
    balance: '500',
  });
  await db()
    .insert(transferPermissions)
    .values({
      userId: who.userId,
      customerId: who.customerId,
      flags: Object.fromEntries(TRANSFER_PERMISSIONS.map((flag) => [flag, true])),
    });
  return { ...who, accountId: account.id };
}

async function rest(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; idempotencyKey?: string | null } = {},
) {
  const response = await server.app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    ...(options.body !== undefined
      ? { payload: typeof options.body === 'string' ? options.body : jsonText(options.body) }
      : {}),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A public-API POST with a fresh idempotency key unless one is given. */
function post(
  secret: string,
  path: string,
  body: unknown,
  idempotencyKey: string | null = randomUUID(),
) {
  return rest('POST', `/api/public/v1${path}`, { token: secret, body, idempotencyKey });
}

async function requestCount(customerId: number): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(paymentRequests)
    .where(eq(paymentRequests.customerId, customerId));
  return row?.n ?? 0;
}

async function balanceOf(accountId: number): Promise<string> {
  const [row] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return String(Number(row!.balance));
}

async function createRequest(
  shop: { secret: string },
  values: Record<string, unknown> = {},
): Promise<{ id: number; token: string; payUrl: string }> {
  const answer = await post(shop.secret, '/payment-requests', {
    amount: '25.50',
    currency: 'EUR',
    description: 'Order 1001',
    ...values,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { id, payUrl } = answer.body.paymentRequest;
  const token = /\/pay\/([A-Za-z0-9_-]{43})$/.exec(payUrl)![1]!;
  return { id, token, payUrl };
}

function pay(
  who: Party,
  token: string,
  idempotencyKey = randomUUID(),
  fromAccount = who.accountId,
) {
  return server.call(
    'payPaymentRequest',
    { token, fromAccount, idempotencyKey },
    { token: who.token },
  );
}

async function webhookEvents(customerId: number, type: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(webhookMessages)
    .where(and(eq(webhookMessages.customerId, customerId), eq(webhookMessages.eventType, type)));
  return row?.n ?? 0;
}

/** A webhook endpoint and an IPN URL of the company (the sender's attempts fail; the outbox rows are what counts). */
async function listenFor(customerId: number): Promise<void> {
  await db()
    .insert(webhookEndpoints)
    .values([
      { customerId, name: 'hook', url: 'http://127.0.0.1:9/hook', secret: 'x'.repeat(40) },
      {
        customerId,
        name: 'ipn',
        url: 'http://127.0.0.1:9/ipn',
        secret: 'y'.repeat(40),
        kind: 'ipn',
      },
    ]);
}

describe('idempotency keys on the public API', () => {
  it('refuses a POST without a well-formed Idempotency-Key and creates nothing', async () => {
    const shop = await merchant();
    const body = { amount: '5', currency: 'EUR', description: 'x' };
    const missing = await post(shop.secret, '/payment-requests', body, null);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { idempotencyKey: 'validation.required' },
    });
    for (const key of ['a'.repeat(129), 'has space', 'ключ', 'tab\tkey'])
      expect((await post(shop.secret, '/payment-requests', body, key)).status).toBe(400);
    expect(await requestCount(shop.customerId)).toBe(0);
  });

  it('answers the same key and request with the first answer and does nothing again', async () => {
    const shop = await merchant();
    const body = { amount: '12', currency: 'EUR', description: 'Once' };
    const first = await post(shop.secret, '/payment-requests', body, 'order-77');
    const again = await post(shop.secret, '/payment-requests', body, 'order-77');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await requestCount(shop.customerId)).toBe(1);
  });

  it('refuses the same key with another payload (422) and keeps keys per company', async () => {
    const shop = await merchant();
    await post(
      shop.secret,
      '/payment-requests',
      { amount: '1', currency: 'EUR', description: 'a' },
      'k1',
    );
    const other = await post(
      shop.secret,
      '/payment-requests',
      { amount: '2', currency: 'EUR', description: 'a' },
      'k1',
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { idempotencyKey: 'validation.idempotencyKeyReused' },
    });
    expect(await requestCount(shop.customerId)).toBe(1);
    // Another company's same key is its own.
    const elsewhere = await merchant();
    const theirs = await post(
      elsewhere.secret,
      '/payment-requests',
      { amount: '2', currency: 'EUR', description: 'a' },
      'k1',
    );
    expect(theirs.status).toBe(200);
    expect(await requestCount(elsewhere.customerId)).toBe(1);
  });

  it('gives identical requests sent at once one effect', async () => {
    const shop = await merchant();
    const body = { amount: '3', currency: 'EUR', description: 'Race' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(shop.secret, '/payment-requests', body, 'same-time')),
    );
    expect(await requestCount(shop.customerId)).toBe(1);
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((answer) => answer.body.paymentRequest.id)).size).toBe(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.validationErrors).toEqual({
        idempotencyKey: 'validation.idempotencyKeyInUse',
      });
    }
  });

  it('documents the header on every POST of the OpenAPI document', async () => {
    const document = await rest('GET', '/api/public/v1/openapi.json');
    const paths = document.body.paths as Record<
      string,
      Record<string, { parameters: { name: string }[] }>
    >;
    const posts = Object.values(paths).flatMap((item) => (item.post ? [item.post] : []));
    expect(posts.length).toBeGreaterThanOrEqual(2);
    for (const operation of posts)
      expect(operation.parameters.map((parameter) => parameter.name)).toContain('Idempotency-Key');
    expect(paths['/payment-requests/{id}']?.get).toBeDefined();
  });
});

describe('payment requests', () => {
  it('creates one into the company account and reads it back; another company finds none', async () => {
    const shop = await merchant();
    const answer = await post(shop.secret, '/payment-requests', {
      amount: '25.50',
      currency: 'EUR',
      description: 'Order 1001',
      reference: 'ORD-1001',
      returnUrl: 'https://shop.example/thanks',
    });
    expect(answer.status).toBe(200);
    const created = answer.body.paymentRequest;
    expect(created).toMatchObject({
      status: 'open',
      amount: '25.5',
      currency: 'EUR',
      description: 'Order 1001',
      reference: 'ORD-1001',
      accountId: shop.accountId,
      returnUrl: 'https://shop.example/thanks',
      paymentId: null,
    });
    expect(created.payUrl).toMatch(/^https?:\/\/[^/]+\/pay\/[A-Za-z0-9_-]{43}$/);
    const week = Date.parse(created.expiresAt) - Date.parse(created.createdAt);
    expect(Math.round(week / 60_000)).toBe(7 * 24 * 60);
    const read = await rest('GET', `/api/public/v1/payment-requests/${created.id}`, {
      token: shop.secret,
    });
    expect(read.body.paymentRequest).toEqual(created);

    const stranger = await merchant();
    const theirs = await rest('GET', `/api/public/v1/payment-requests/${created.id}`, {
      token: stranger.secret,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.responseCode).toBe('ENOA');
    // Nor may another company's account receive it.
    const into = await post(stranger.secret, '/payment-requests', {
      amount: '1',
      currency: 'EUR',
      description: 'x',
      accountId: shop.accountId,
    });
    expect(into.status).toBe(404);
    expect(await requestCount(stranger.customerId)).toBe(0);
  });

  it('refuses hostile amounts, unknown currencies, bad return URLs and a key without the scope', async () => {
    const shop = await merchant();
    for (const amount of [
      '0.001',
      '-5',
      '0',
      '0.00',
      '1e3',
      '99999999999999999999',
      12,
      ' 5',
      'NaN',
    ])
      expect(
        (
          await post(shop.secret, '/payment-requests', {
            amount,
            currency: 'EUR',
            description: 'x',
          })
        ).status,
        String(amount),
      ).toBe(400);
    const noAccount = await post(shop.secret, '/payment-requests', {
      amount: '5',
      currency: 'USD',
      description: 'x',
    });
    expect(noAccount.body.validationErrors).toEqual({ currency: 'validation.noAccountInCurrency' });
    for (const returnUrl of ['javascript:alert(1)', 'ftp://shop.example', 'data:text/html,x'])
      expect(
        (
          await post(shop.secret, '/payment-requests', {
            amount: '5',
            currency: 'EUR',
            description: 'x',
            returnUrl,
          })
        ).status,
      ).toBe(400);
    for (const id of ['0', '-1', '1e3', '99999999999', 'abc'])
      expect(
        (await rest('GET', `/api/public/v1/payment-requests/${id}`, { token: shop.secret })).status,
      ).toBe(400);
    expect(await requestCount(shop.customerId)).toBe(0);

    const readOnly = await rest('POST', '/api/public-api/apikey', {
      token: shop.token,
      body: { customerId: shop.customerId, name: 'Reader', scopes: ['read'] },
    });
    const refused = await post(readOnly.body.secret, '/payment-requests', {
      amount: '5',
      currency: 'EUR',
      description: 'x',
    });
    expect(refused.status).toBe(403);
    expect(await requestCount(shop.customerId)).toBe(0);
  });
});

describe('the hosted pay page', () => {
  it('shows the merchant, amount, description and status to anyone with the link, and nothing for a bad one', async () => {
    const shop = await merchant();
    const { token } = await createRequest(shop, { returnUrl: 'https://shop.example/back' });
    const page = await rest('GET', `/api/pay/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.payment).toEqual({
      merchantName: expect.stringMatching(/^Shop /),
      brandId: 'pebble',
      amount: '25.5',
      currency: 'EUR',
      description: 'Order 1001',
      status: 'open',
      expiresAt: expect.any(String),
      returnUrl: 'https://shop.example/back',
      logoUrl: null,
    });
    expect((await rest('GET', `/api/pay/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await rest('GET', '/api/pay/short')).status).toBe(400);
  });
});

describe('paying a payment request', () => {
  it('credits the merchant through the ledger, marks it paid, writes the webhook and IPN once, and is paid once', async () => {
    const shop = await merchant();
    await listenFor(shop.customerId);
    const customer = await payer();
    const { id, token } = await createRequest(shop);
    const quote = await server.call(
      'quotePaymentRequest',
      { token, fromAccount: customer.accountId },
      { token: customer.token },
    );
    expect(quote.body.quote).toMatchObject({
      fromAccount: customer.accountId,
      amount: '25.5',
      currency: 'EUR',
    });
    const paid = await pay(customer, token);
    expect(paid.body).toMatchObject({ responseCode: '00', status: 'settled' });
    expect(paid.body.fee).toBe(quote.body.quote.fee);
    expect(await balanceOf(shop.accountId)).toBe('25.5');
    const read = await rest('GET', `/api/public/v1/payment-requests/${id}`, { token: shop.secret });
    expect(read.body.paymentRequest).toMatchObject({
      status: 'paid',
      paymentId: paid.body.transactionId,
    });
    expect(await webhookEvents(shop.customerId, 'payment.received')).toBe(2);
    const [ipn] = await db()
      .select({ n: count() })
      .from(ipnMessages)
      .where(eq(ipnMessages.customerId, shop.customerId));
    expect(ipn?.n).toBe(1);

    // The payment is in the payments list and its detail, as received.
    const list = await rest('GET', '/api/public/v1/payments', { token: shop.secret });
    expect(list.body.payments[0]).toMatchObject({
      id: paid.body.transactionId,
      direction: 'received',
      amount: '25.5',
    });
    const one = await rest('GET', `/api/public/v1/payments/${paid.body.transactionId}`, {
      token: shop.secret,
    });
    expect(one.body.payment.direction).toBe('received');

    // A second payment, by the same payer or another, is refused and changes nothing.
    const before = await balanceOf(customer.accountId);
    const again = await pay(customer, token);
    expect(again.body.validationErrors).toEqual({ token: 'validation.paymentRequestPaid' });
    const other = await payer();
    const otherAgain = await pay(other, token);
    expect(otherAgain.body.validationErrors).toEqual({ token: 'validation.paymentRequestPaid' });
    expect(await balanceOf(customer.accountId)).toBe(before);
    expect(await balanceOf(shop.accountId)).toBe('25.5');
    expect(await webhookEvents(shop.customerId, 'payment.received')).toBe(2);
    expect((await rest('GET', `/api/pay/${token}`)).body.payment.status).toBe('paid');
  });

  it('waits for the second factor and pays the request once the code is confirmed', async () => {
    const shop = await merchant();
    await listenFor(shop.customerId);
    const customer = await payer({ mode: 4 });
    const { id, token } = await createRequest(shop);
    const key = randomUUID();
    const submitted = await pay(customer, token, key);
    expect(submitted.body).toMatchObject({ status: 'pending', approveType: 4 });
    // The same call again (a retry) answers the same; a new one waits its turn.
    expect((await pay(customer, token, key)).body.operationId).toBe(submitted.body.operationId);
    expect((await pay(customer, token)).body.validationErrors).toEqual({
      token: 'validation.paymentRequestPending',
    });
    expect(await webhookEvents(shop.customerId, 'payment.received')).toBe(0);
    const code = /\b(\d{6})\b/.exec(await lastSms(server, customer.email))![1]!;
    const confirmed = await server.call(
      'confirmTransaction',
      { operationId: submitted.body.operationId!, code },
      { token: customer.token },
    );
    expect(confirmed.body).toMatchObject({ status: 'settled' });
    const read = await rest('GET', `/api/public/v1/payment-requests/${id}`, { token: shop.secret });
    expect(read.body.paymentRequest.status).toBe('paid');
    expect(await balanceOf(shop.accountId)).toBe('25.5');
    expect(await webhookEvents(shop.customerId, 'payment.received')).toBe(2);
  });

  it('hides another brand’s request, refuses the merchant itself, an expired request and another currency', async () => {
    const shop = await merchant();
    const { id, token } = await createRequest(shop);
    const foreign = await payer({ brandId: 'northmere' });
    const hidden = await pay(foreign, token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.responseCode).toBe('ENOA');
    const hiddenQuote = await server.call(
      'quotePaymentRequest',
      { token, fromAccount: foreign.accountId },
      { token: foreign.token },
    );
    expect(hiddenQuote.status).toBe(404);

    const own = await pay(shop, token);
    expect(own.body.validationErrors).toEqual({ token: 'validation.ownPaymentRequest' });

    const dollars = await payer({ currency: 'USD' });
    const wrong = await pay(dollars, token);
    expect(wrong.body.validationErrors).toEqual({ fromAccount: 'validation.currencyMismatch' });

    await db()
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, id));
    const customer = await payer();
    const late = await pay(customer, token);
    expect(late.body.validationErrors).toEqual({ token: 'validation.paymentRequestExpired' });
    expect((await rest('GET', `/api/pay/${token}`)).body.payment.status).toBe('expired');
    expect(await balanceOf(shop.accountId)).toBe('0');
    expect(await balanceOf(customer.accountId)).toBe('500');
    const transfers = await db()
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.customerId, customer.customerId));
    expect(transfers[0]?.n).toBe(0);
  });
});

describe('cancelling a payment request', () => {
  it('stops its link for good; another company’s is not found and a paid one stays paid', async () => {
    const shop = await merchant();
    const { id, token } = await createRequest(shop);
    const stranger = await merchant();
    const theirs = await post(stranger.secret, `/payment-requests/${id}/cancel`, undefined);
    expect(theirs.status).toBe(404);
    const cancelled = await post(shop.secret, `/payment-requests/${id}/cancel`, undefined);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.paymentRequest.status).toBe('cancelled');
    expect((await rest('GET', `/api/pay/${token}`)).body.payment.status).toBe('cancelled');
    const customer = await payer();
    const late = await pay(customer, token);
    expect(late.body.validationErrors).toEqual({ token: 'validation.paymentRequestClosed' });
    expect(await balanceOf(shop.accountId)).toBe('0');

    const other = await createRequest(shop);
    expect((await pay(customer, other.token)).body.status).toBe('settled');
    const refused = await post(shop.secret, `/payment-requests/${other.id}/cancel`, undefined);
    expect(refused.body.validationErrors).toEqual({ id: 'validation.paymentRequestPaid' });
    const read = await rest('GET', `/api/public/v1/payment-requests/${other.id}`, {
      token: shop.secret,
    });
    expect(read.body.paymentRequest.status).toBe('paid');
  });
});

describe('refunds', () => {
  async function paidRequest() {
    const shop = await merchant();
    await listenFor(shop.customerId);
    const customer = await payer();
    const { token } = await createRequest(shop, { amount: '40' });
    const paid = await pay(customer, token);
    expect(paid.body.status).toBe('settled');
    return { shop, customer, paymentId: paid.body.transactionId };
  }

  it('refunds in part and in whole, never beyond what was received, back to the payer', async () => {
    const { shop, customer, paymentId } = await paidRequest();
    const payerBefore = Number(await balanceOf(customer.accountId));
    const first = await post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '15' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.refund).toMatchObject({
      paymentId,
      amount: '15',
      currency: 'EUR',
      refundable: '25',
    });
    expect(await balanceOf(shop.accountId)).toBe('25');
    expect(Number(await balanceOf(customer.accountId))).toBe(payerBefore + 15);
    // The webhook endpoint and the IPN URL (refunds are payment events) hear of it.
    expect(await webhookEvents(shop.customerId, 'payment.refunded')).toBe(2);

    const tooMuch = await post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '25.01' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.validationErrors).toEqual({ amount: 'validation.refundTooLarge' });
    const rest25 = await post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '25' });
    expect(rest25.body.refund.refundable).toBe('0');
    const none = await post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '0.01' });
    expect(none.body.validationErrors).toEqual({ amount: 'validation.refundTooLarge' });
    expect(await balanceOf(shop.accountId)).toBe('0');
    expect(Number(await balanceOf(customer.accountId))).toBe(payerBefore + 40);
  });

  it('shows the paid request as a P2P payment and its refund as a refund in both histories', async () => {
    const { shop, customer, paymentId } = await paidRequest();
    const refunded = await post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '15' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const refundId = refunded.body.refund.id;

    const payerSide = await server.call(
      'getTransactionHistory',
      { accountId: customer.accountId },
      { token: customer.token },
    );
    expect(payerSide.status, JSON.stringify(payerSide.body)).toBe(200);
    const payerItems = new Map(payerSide.body.items.map((item) => [item.transactionId, item]));
    expect(payerItems.get(paymentId)).toMatchObject({
      operationType: 'p2p',
      direction: 'out',
      amount: '40',
    });
    expect(payerItems.get(refundId)).toMatchObject({
      operationType: 'refund',
      direction: 'in',
      amount: '15',
      counterparty: expect.stringMatching(/^Shop /),
    });
    const merchantSide = await server.call(
      'getTransactionHistory',
      { accountId: shop.accountId },
      { token: shop.token },
    );
    const merchantItems = new Map(
      merchantSide.body.items.map((item) => [item.transactionId, item]),
    );
    expect(merchantItems.get(paymentId)).toMatchObject({
      operationType: 'p2p',
      direction: 'in',
    });
    expect(merchantItems.get(refundId)).toMatchObject({
      operationType: 'refund',
      direction: 'out',
    });
    // Filtering by the type finds the refund.
    const filtered = await server.call(
      'getTransactionHistory',
      { accountId: shop.accountId, transactionType: 'refund' },
      { token: shop.token },
    );
    expect(filtered.body.items.map((item) => item.transactionId)).toEqual([refundId]);
    for (const lang of ['en', 'es', 'pt', 'ro', 'ru', 'ua'] as const) {
      const types = await server.send('getTransactionTypes', { lang });
      const names = types.body.transactions as { code: string; name: string }[];
      for (const code of ['p2p', 'refund'])
        expect(names.find((type) => type.code === code)?.name, `${lang} ${code}`).toMatch(/\p{L}/u);
    }
  });

  it('refunds once per idempotency key, refuses hostile amounts and another company’s payment', async () => {
    const { shop, paymentId } = await paidRequest();
    const key = randomUUID();
    const first = await post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '5' }, key);
    const again = await post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '5' }, key);
    expect(again.body).toEqual(first.body);
    const [refunds] = await db()
      .select({ n: count() })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentTransferId, paymentId));
    expect(refunds?.n).toBe(1);

    for (const amount of ['0.001', '-5', '0', '1e3', '99999999999999999999'])
      expect((await post(shop.secret, `/payments/${paymentId}/refunds`, { amount })).status).toBe(
        400,
      );
    const stranger = await merchant({ balance: '100' });
    const theirs = await post(stranger.secret, `/payments/${paymentId}/refunds`, { amount: '1' });
    expect(theirs.status).toBe(404);
    const unknown = await post(stranger.secret, `/payments/${randomUUID()}/refunds`, {
      amount: '1',
    });
    expect(unknown.status).toBe(404);
    expect(await balanceOf(shop.accountId)).toBe('35');
  });

  it('lets only one of two refunds sent at once take what is left', async () => {
    const { shop, customer, paymentId } = await paidRequest();
    const payerBefore = Number(await balanceOf(customer.accountId));
    const answers = await Promise.all([
      post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '30' }),
      post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '30' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.validationErrors).toEqual({
      amount: 'validation.refundTooLarge',
    });
    expect(await balanceOf(shop.accountId)).toBe('10');
    expect(Number(await balanceOf(customer.accountId))).toBe(payerBefore + 30);
  });

  it('refuses a refund the account cannot cover, and changes nothing', async () => {
    const { shop, customer, paymentId } = await paidRequest();
    await fund(server, shop.accountId, '-30');
    const payerBefore = await balanceOf(customer.accountId);
    const refused = await post(shop.secret, `/payments/${paymentId}/refunds`, { amount: '20' });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({ amount: 'validation.insufficientFunds' });
    expect(await balanceOf(shop.accountId)).toBe('10');
    expect(await balanceOf(customer.accountId)).toBe(payerBefore);
    expect(await webhookEvents(shop.customerId, 'payment.refunded')).toBe(0);
  });
});

describe('P2P payments into a business', () => {
  it('write the payee company’s payment.received webhook and IPN when they settle, and none for a person', async () => {
    const shop = await merchant();
    await listenFor(shop.customerId);
    const customer = await payer();
    const sent = await server.call(
      'transferP2P',
      {
        fromAccount: customer.accountId,
        email: shop.email,
        amount: '7',
        idempotencyKey: randomUUID(),
      },
      { token: customer.token },
    );
    expect(sent.body).toMatchObject({ responseCode: '00', status: 'settled' });
    expect(await webhookEvents(shop.customerId, 'payment.received')).toBe(2);
    const [message] = await db()
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.customerId, shop.customerId));
    expect(JSON.parse(message!.body).data).toMatchObject({
      transactionId: sent.body.transactionId,
      kind: 'p2p',
      amount: '7',
      currency: 'EUR',
    });

    // Confirmed later (mode 4): written at the confirmation, not before.
    const careful = await payer({ mode: 4 });
    const pending = await server.call(
      'transferP2P',
      {
        fromAccount: careful.accountId,
        email: shop.email,
        amount: '3',
        idempotencyKey: randomUUID(),
      },
      { token: careful.token },
    );
    expect(pending.body.status).toBe('pending');
    expect(await webhookEvents(shop.customerId, 'payment.received')).toBe(2);
    const code = /\b(\d{6})\b/.exec(await lastSms(server, careful.email))![1]!;
    await server.call(
      'confirmTransaction',
      { operationId: pending.body.operationId!, code },
      { token: careful.token },
    );
    expect(await webhookEvents(shop.customerId, 'payment.received')).toBe(4);

    const person = await payer();
    await listenFor(person.customerId);
    const toPerson = await server.call(
      'transferP2P',
      {
        fromAccount: customer.accountId,
        email: person.email,
        amount: '2',
        idempotencyKey: randomUUID(),
      },
      { token: customer.token },
    );
    expect(toPerson.body.status).toBe('settled');
    expect(await webhookEvents(person.customerId, 'payment.received')).toBe(0);
  });
});
