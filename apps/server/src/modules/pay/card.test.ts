import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  accounts,
  ipnMessages,
  ledgerTransfers,
  paymentRequests,
  webhookEndpoints,
  webhookMessages,
} from '../../db/schema';
import { selectRows } from '../../db/client';
import { startTestServer, type TestServer } from '../../../test/helper';
import { jsonText } from '../../../test/hostile';
import { createCustomer, openAccount, uniqueBusinessName } from '../cards/test-fixtures';

/*
 * Issue 18 "card": paying a payment request by card on the hosted pay page, through the card
 * acquiring simulator (acquirer.ts's test numbers). One server for the file; each test makes its
 * own merchant and requests.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const db = () => server.database.db;

const APPROVED = '4111 1111 1111 1111';
const MASTERCARD = '5555555555554444';
const INSUFFICIENT = '4000 0000 0000 0002';
const EXPIRED = '4000000000000069';
const DO_NOT_HONOUR = '4000000000000119';
const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const VALID_EXPIRY = `12/${NEXT_YEAR}`;

async function rest(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; idempotencyKey?: string } = {},
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
  return { status: response.statusCode, body: response.json(), text: response.body };
}

/** A business with an EUR account and a key with the payment-requests scope. */
async function merchant() {
  const who = await createCustomer(server, {
    customerType: 2,
    businessName: uniqueBusinessName(),
    brandId: 'pebble',
  });
  const account = await openAccount(server, who.customerId, { currencyCode: 'EUR' });
  const key = await rest('POST', '/api/public-api/apikey', {
    token: who.token,
    body: { customerId: who.customerId, name: 'Shop server', scopes: ['payment-requests'] },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  await db()
    .insert(webhookEndpoints)
    .values([
      {
        customerId: who.customerId,
        name: 'hook',
        url: 'http://127.0.0.1:9/hook',
        secret: 'x'.repeat(40),
      },
      {
        customerId: who.customerId,
        name: 'ipn',
        url: 'http://127.0.0.1:9/ipn',
        secret: 'y'.repeat(40),
        kind: 'ipn',
      },
    ]);
  return { ...who, accountId: account.id, secret: key.body.secret as string };
}

async function createRequest(shop: { secret: string }, amount = '25.50') {
  const answer = await rest('POST', '/api/public/v1/payment-requests', {
    token: shop.secret,
    idempotencyKey: randomUUID(),
    body: {
      amount,
      currency: 'EUR',
      description: 'Order 1001',
      reference: 'A-1',
      returnUrl: 'https://shop.example/done',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { id, payUrl } = answer.body.paymentRequest;
  const token = /\/pay\/([A-Za-z0-9_-]{43})$/.exec(payUrl)![1]!;
  return { id: id as number, token };
}

function payByCard(token: string, card: Record<string, unknown> = {}) {
  return rest('POST', `/api/pay/${token}/card`, {
    body: {
      cardNumber: APPROVED,
      expiry: VALID_EXPIRY,
      cvc: '123',
      holderName: 'Ana Pop',
      ...card,
    },
  });
}

async function balanceOf(accountId: number): Promise<string> {
  const [row] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return String(Number(row!.balance));
}

async function eventsOf(customerId: number) {
  const [hooks] = await db()
    .select({ n: count() })
    .from(webhookMessages)
    .where(
      and(
        eq(webhookMessages.customerId, customerId),
        eq(webhookMessages.eventType, 'payment.received'),
      ),
    );
  const [ipn] = await db()
    .select({ n: count() })
    .from(ipnMessages)
    .where(eq(ipnMessages.customerId, customerId));
  return { webhooks: hooks?.n ?? 0, ipn: ipn?.n ?? 0 };
}

async function transfersOf(customerId: number): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.customerId, customerId));
  return row?.n ?? 0;
}

async function statusOf(id: number): Promise<string> {
  const [row] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, id));
  return row!.status;
}

/** Every table's rows whose text holds the given digits. */
async function tablesHolding(digits: string): Promise<string[]> {
  const tables = await selectRows<{ table_name: string }>(
    db(),
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const [hit] = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text like ${`%${digits}%`}`,
    );
    if ((hit?.n ?? 0) > 0) found.push(table);
  }
  return found;
}

describe('paying a payment request by card', () => {
  it('credits the merchant exactly, marks the request paid and writes the webhook and IPN once', async () => {
    const shop = await merchant();
    const { id, token } = await createRequest(shop);
    const paid = await payByCard(token);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toEqual({
      responseCode: '00',
      responseDescription: 'Success',
      payment: {
        status: 'paid',
        amount: '25.5',
        currency: 'EUR',
        cardBrand: 'visa',
        cardLast4: '1111',
        returnUrl: 'https://shop.example/done',
      },
    });
    expect(await balanceOf(shop.accountId)).toBe('25.5');
    expect(await eventsOf(shop.customerId)).toEqual({ webhooks: 2, ipn: 1 });
    const read = await rest('GET', `/api/public/v1/payment-requests/${id}`, { token: shop.secret });
    expect(read.body.paymentRequest).toMatchObject({ status: 'paid' });
    expect(read.body.paymentRequest.paymentId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await rest('GET', `/api/pay/${token}`)).body.payment.status).toBe('paid');
    const [message] = await db()
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.customerId, shop.customerId));
    expect(message?.body).toContain('"last4":"1111"');
    expect(message?.body).toContain('Ana Pop');

    // Paid once: a second card, or the same again, finds it paid and changes nothing.
    const again = await payByCard(token, { cardNumber: MASTERCARD });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { token: 'validation.paymentRequestPaid' },
    });
    expect(await balanceOf(shop.accountId)).toBe('25.5');
    expect(await eventsOf(shop.customerId)).toEqual({ webhooks: 2, ipn: 1 });
  });

  it('accepts a Mastercard and credits amounts in minor units exactly', async () => {
    const shop = await merchant();
    const first = await createRequest(shop, '0.10');
    const second = await createRequest(shop, '0.20');
    expect((await payByCard(first.token, { cardNumber: MASTERCARD })).body.payment).toMatchObject({
      cardBrand: 'mastercard',
      cardLast4: '4444',
    });
    expect((await payByCard(second.token)).status).toBe(200);
    expect(await balanceOf(shop.accountId)).toBe('0.3');
  });

  it('refuses declined cards with their reason and changes nothing', async () => {
    const shop = await merchant();
    const { id, token } = await createRequest(shop);
    const declines = [
      [INSUFFICIENT, 'validation.cardDeclinedInsufficientFunds'],
      [EXPIRED, 'validation.cardDeclinedExpired'],
      [DO_NOT_HONOUR, 'validation.cardDeclined'],
    ] as const;
    for (const [cardNumber, key] of declines) {
      const declined = await payByCard(token, { cardNumber });
      expect(declined.status, cardNumber).toBe(400);
      expect(declined.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: { cardNumber: key },
      });
    }
    expect(await balanceOf(shop.accountId)).toBe('0');
    expect(await statusOf(id)).toBe('open');
    expect(await eventsOf(shop.customerId)).toEqual({ webhooks: 0, ipn: 0 });
    expect(await transfersOf(shop.customerId)).toBe(0);
    // Still open: a good card pays it afterwards.
    expect((await payByCard(token)).status).toBe(200);
  });

  it('refuses bad numbers, past or impossible expiries, bad codes and hostile input with the envelope', async () => {
    const shop = await merchant();
    const { id, token } = await createRequest(shop);
    const cases: [Record<string, unknown>, string][] = [
      [{ cardNumber: '4111 1111 1111 1112' }, 'cardNumber'],
      [{ cardNumber: '1234' }, 'cardNumber'],
      [{ cardNumber: '4111-1111-1111-1111' }, 'cardNumber'],
      [{ cardNumber: '4'.repeat(10_000) }, 'cardNumber'],
      [{ cardNumber: '4111\u00001111\u00001111\u00001111' }, 'cardNumber'],
      [{ cardNumber: '４１１１１１１１１１１１１１１１' }, 'cardNumber'],
      [{ cardNumber: 4111111111111111 }, 'cardNumber'],
      [{ cardNumber: null }, 'cardNumber'],
      [{ expiry: '13/30' }, 'expiry'],
      [{ expiry: '00/30' }, 'expiry'],
      [{ expiry: '1/30' }, 'expiry'],
      [{ expiry: '12/2030' }, 'expiry'],
      [{ expiry: '12/\u000730' }, 'expiry'],
      [{ cvc: '12' }, 'cvc'],
      [{ cvc: '12345' }, 'cvc'],
      [{ cvc: 'abc' }, 'cvc'],
      [{ cvc: ['123'] }, 'cvc'],
      [{ holderName: '' }, 'holderName'],
      [{ holderName: 'A'.repeat(65) }, 'holderName'],
      [{ holderName: 'Ana\u0000Pop' }, 'holderName'],
      [{ holderName: { $ne: 1 } }, 'holderName'],
      [{ extra: 'field' }, '_'],
    ];
    for (const [card, field] of cases) {
      const refused = await payByCard(token, card);
      expect(refused.status, JSON.stringify(card).slice(0, 80)).toBe(400);
      expect(refused.body.responseCode).toBe('TA1');
      expect(Object.keys(refused.body.validationErrors)).toContain(field);
    }
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const past = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(lastMonth.getUTCFullYear() % 100).padStart(2, '0')}`;
    for (const expiry of [past, '01/20']) {
      const expired = await payByCard(token, { expiry });
      expect(expired.body.validationErrors).toEqual({ expiry: 'validation.cardExpired' });
    }
    // A Luhn-valid number of no accepted network (an Amex test number).
    const amex = await payByCard(token, { cardNumber: '378282246310005' });
    expect(amex.body.validationErrors).toEqual({ cardNumber: 'validation.cardBrandNotAccepted' });
    for (const body of ['null', '[]', '"x"', '{', jsonText({})]) {
      const raw = await rest('POST', `/api/pay/${token}/card`, { body });
      expect(raw.status, body).toBe(400);
    }
    expect(await balanceOf(shop.accountId)).toBe('0');
    expect(await statusOf(id)).toBe('open');
    expect(await transfersOf(shop.customerId)).toBe(0);
  });

  it('answers not found for a bad or unknown token, and refuses expired and cancelled requests', async () => {
    const shop = await merchant();
    const unknown = await payByCard('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.responseCode).toBe('ENOA');
    for (const bad of ['short', 'A'.repeat(44), '%00'.repeat(15)]) {
      const refused = await payByCard(bad);
      expect(refused.status, bad).toBeGreaterThanOrEqual(400);
      expect(refused.status, bad).toBeLessThan(500);
    }

    const late = await createRequest(shop);
    await db()
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, late.id));
    expect((await payByCard(late.token)).body.validationErrors).toEqual({
      token: 'validation.paymentRequestExpired',
    });

    const cancelled = await createRequest(shop);
    const cancel = await rest('POST', `/api/public/v1/payment-requests/${cancelled.id}/cancel`, {
      token: shop.secret,
      idempotencyKey: randomUUID(),
    });
    expect(cancel.status).toBe(200);
    expect((await payByCard(cancelled.token)).body.validationErrors).toEqual({
      token: 'validation.paymentRequestClosed',
    });
    expect(await balanceOf(shop.accountId)).toBe('0');
    expect(await eventsOf(shop.customerId)).toEqual({ webhooks: 0, ipn: 0 });
  });

  it('pays once when two cards pay at the same moment', async () => {
    const shop = await merchant();
    const { token } = await createRequest(shop);
    const answers = await Promise.all([
      payByCard(token),
      payByCard(token, { cardNumber: MASTERCARD }),
      payByCard(token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const answer of answers.filter((one) => one.status === 400))
      expect(answer.body.validationErrors).toEqual({ token: 'validation.paymentRequestPaid' });
    expect(await balanceOf(shop.accountId)).toBe('25.5');
    expect(await eventsOf(shop.customerId)).toEqual({ webhooks: 2, ipn: 1 });
  });

  it('never keeps or answers the full card number or the security code', async () => {
    const shop = await merchant();
    const number = '4242424242424242';
    const { token } = await createRequest(shop);
    const refused = await payByCard(token, { cardNumber: number, cvc: '98765' });
    expect(refused.text).not.toContain(number);
    // The code is short: a run of its digits may stand in an id or a time, so look for it as a value.
    expect(refused.text).not.toContain('"98765"');
    const declined = await payByCard(token, { cardNumber: INSUFFICIENT, cvc: '9876' });
    expect(declined.text).not.toContain('4000000000000002');
    const paid = await payByCard(token, { cardNumber: number, cvc: '9876' });
    expect(paid.status).toBe(200);
    expect(paid.text).not.toContain(number);
    expect(paid.text).not.toContain('"9876"');
    expect(server.logs.length).toBeGreaterThan(0);
    expect(server.logs.join('\n')).not.toContain(number);
    expect(server.logs.join('\n')).not.toContain('4000000000000002');
    expect(server.logs.join('\n')).not.toContain('"9876"');
    expect(server.logs.join('\n')).not.toContain('"98765"');
    expect(await tablesHolding(number)).toEqual([]);
    expect(await tablesHolding('4000000000000002')).toEqual([]);
    expect(await tablesHolding('424242424242')).toEqual([]);
  });

  it('cannot be refunded through the public API (no payer account) and changes nothing', async () => {
    const shop = await merchant();
    const { id, token } = await createRequest(shop);
    expect((await payByCard(token)).status).toBe(200);
    const read = await rest('GET', `/api/public/v1/payment-requests/${id}`, { token: shop.secret });
    const refund = await rest(
      'POST',
      `/api/public/v1/payments/${read.body.paymentRequest.paymentId}/refunds`,
      { token: shop.secret, idempotencyKey: randomUUID(), body: { amount: '5' } },
    );
    expect(refund.status).toBe(400);
    expect(refund.body.responseCode).toBe('TA1');
    expect(await balanceOf(shop.accountId)).toBe('25.5');
  });
});
