import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TRANSFER_PERMISSIONS } from '@ledgerline/contract';
import { accounts, paymentRequests, transferPermissions } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { jsonText } from '../../../test/hostile';
import {
  createCustomer,
  openAccount,
  type FixtureCustomer,
  uniqueBusinessName,
} from '../cards/test-fixtures';

/*
 * Issue 18 "link": a saved button's page and pay-by-name's page, each starting a payment request
 * that the hosted pay page then shows and a customer pays; the merchant's logo on those pages.
 * One server for the file; each test makes companies and payers of its own.
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

async function allowTransfers(who: FixtureCustomer): Promise<void> {
  await db()
    .insert(transferPermissions)
    .values({
      userId: who.userId,
      customerId: who.customerId,
      flags: Object.fromEntries(TRANSFER_PERMISSIONS.map((flag) => [flag, true])),
    });
}

/** A business whose full-access user is signed in, with an EUR payment account. */
async function merchant(): Promise<Party> {
  const who = await createCustomer(server, {
    customerType: 2,
    businessName: uniqueBusinessName(),
    brandId: 'pebble',
  });
  const account = await openAccount(server, who.customerId, { currencyCode: 'EUR' });
  return { ...who, accountId: account.id };
}

/** A personal customer of the brand with a funded account in the currency. */
async function payer(currency = 'EUR'): Promise<Party> {
  const who = await createCustomer(server, { brandId: 'pebble', transactionApproveMode: 0 });
  const account = await openAccount(server, who.customerId, {
    currencyCode: currency,
    balance: '500',
  });
  await allowTransfers(who);
  return { ...who, accountId: account.id };
}

async function rest(method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await server.app.inject({
    method,
    url,
    headers: body !== undefined ? { 'content-type': 'application/json' } : {},
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : jsonText(body) } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

async function button(shop: Party, fields: Record<string, unknown> = {}) {
  const created = await server.call(
    'createSavedButton',
    { name: 'Coffee beans', description: 'One bag', accountId: shop.accountId, ...fields },
    { token: shop.token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.savedButton as { id: number; publicId: string };
}

/** A PNG logo of the company (the merchant-buttons upload route, as the web sends it). */
async function logo(shop: Party, isDefault: boolean) {
  const png = Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
  ]);
  const form = new FormData();
  form.set('data', JSON.stringify({ name: isDefault ? 'Default' : 'Own', isDefault }));
  form.set('file[]', new Blob([png], { type: 'image/png' }), 'logo.png');
  const request = new Request('http://test.local/', { method: 'POST', body: form });
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/merchant/logos',
    headers: {
      authorization: `Bearer ${shop.token}`,
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().logo as { id: number; file: string };
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

function pay(who: Party, token: string) {
  return server.call(
    'payPaymentRequest',
    { token, fromAccount: who.accountId, idempotencyKey: randomUUID() },
    { token: who.token },
  );
}

async function started(url: string, body: unknown): Promise<string> {
  const answer = await rest('POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return answer.body.token as string;
}

describe('a saved button’s page', () => {
  it('shows a fixed-amount button and starts a request of that amount with its return link', async () => {
    const shop = await merchant();
    const saved = await button(shop, {
      amount: '12.50',
      returnUrl: 'https://shop.example/thanks',
    });
    const page = await rest('GET', `/api/pay/button/${saved.publicId}`);
    expect(page.status).toBe(200);
    expect(page.body.button).toEqual({
      merchantName: expect.stringMatching(/^Shop /),
      brandId: 'pebble',
      logoUrl: null,
      currency: 'EUR',
      description: 'One bag',
      amount: '12.5',
      minAmount: null,
      maxAmount: null,
    });

    const token = await started(`/api/pay/button/${saved.publicId}`, {});
    const same = await started(`/api/pay/button/${saved.publicId}`, { amount: '12.5' });
    expect(same).not.toBe(token);
    const shown = await rest('GET', `/api/pay/${token}`);
    expect(shown.body.payment).toMatchObject({
      amount: '12.5',
      currency: 'EUR',
      description: 'One bag',
      status: 'open',
      returnUrl: 'https://shop.example/thanks',
      logoUrl: null,
    });

    const before = await requestCount(shop.customerId);
    const other = await rest('POST', `/api/pay/button/${saved.publicId}`, { amount: '13' });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ validationErrors: { amount: 'validation.amountFixed' } });
    expect(await requestCount(shop.customerId)).toBe(before);
  });

  it('takes an open amount within its bounds and the currency’s decimals, and pays it to the button’s account', async () => {
    const shop = await merchant();
    const saved = await button(shop, { minAmount: '5', maxAmount: '50' });
    const page = await rest('GET', `/api/pay/button/${saved.publicId}`);
    expect(page.body.button).toMatchObject({ amount: null, minAmount: '5', maxAmount: '50' });

    const url = `/api/pay/button/${saved.publicId}`;
    const refusals: [unknown, number, Record<string, string>][] = [
      [{}, 400, { amount: 'validation.required' }],
      [{ amount: '4.99' }, 400, { amount: 'validation.amountBelowMin' }],
      [{ amount: '50.01' }, 400, { amount: 'validation.amountAboveMax' }],
      [{ amount: '10.001' }, 400, { amount: 'validation.amountMinorUnits' }],
    ];
    for (const [body, status, errors] of refusals) {
      const answer = await rest('POST', url, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ validationErrors: errors });
    }
    for (const amount of ['-5', '0', '1e3', 'NaN', 12, null, '9'.repeat(40), ' 10']) {
      const answer = await rest('POST', url, { amount });
      expect(answer.status, JSON.stringify(amount)).toBe(400);
      expect(answer.body.responseCode).toBeTypeOf('string');
    }
    expect((await rest('POST', url, { amount: '10', extra: 1 })).status).toBe(400);
    expect((await rest('POST', url, '{"amount":')).status).toBe(400);
    expect(await requestCount(shop.customerId)).toBe(0);

    const token = await started(url, { amount: '50' });
    const customer = await payer();
    const paid = await pay(customer, token);
    expect(paid.body).toMatchObject({ responseCode: '00', status: 'settled' });
    expect(await balanceOf(shop.accountId)).toBe('50');
    expect((await rest('GET', `/api/pay/${token}`)).body.payment.status).toBe('paid');
  });

  it('is not found when disabled, unknown or malformed, and starts nothing', async () => {
    const shop = await merchant();
    const saved = await button(shop, { amount: '3' });
    const updated = await server.call(
      'updateSavedButton',
      {
        id: saved.id,
        name: 'Coffee beans',
        accountId: shop.accountId,
        amount: '3',
        enabled: false,
      },
      { token: shop.token },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    for (const publicId of [saved.publicId, 'A'.repeat(22)]) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await rest(
          method,
          `/api/pay/button/${publicId}`,
          method === 'POST' ? {} : undefined,
        );
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ responseCode: expect.any(String) });
      }
    }
    const hostile = [
      'short',
      'A'.repeat(23),
      encodeURIComponent('../../etc/passwd'),
      encodeURIComponent("' or 1=1 --aaaaaaaaaaaa"),
      '%00'.repeat(22),
      encodeURIComponent('ñ'.repeat(22)),
    ];
    for (const publicId of hostile) {
      expect((await rest('GET', `/api/pay/button/${publicId}`)).status, publicId).toBe(400);
      expect((await rest('POST', `/api/pay/button/${publicId}`, {})).status, publicId).toBe(400);
    }
    expect(await requestCount(shop.customerId)).toBe(0);
  });

  it('shows the button’s own logo, else the company’s default, on its page and the pay page', async () => {
    const shop = await merchant();
    const fallback = await logo(shop, true);
    const own = await logo(shop, false);
    const plain = await button(shop, { amount: '1' });
    const branded = await button(shop, { amount: '1', logoId: own.id });

    const plainPage = await rest('GET', `/api/pay/button/${plain.publicId}`);
    expect(plainPage.body.button.logoUrl).toBe(fallback.file);
    const brandedPage = await rest('GET', `/api/pay/button/${branded.publicId}`);
    expect(brandedPage.body.button.logoUrl).toBe(own.file);
    expect(own.file).not.toBe(fallback.file);

    const plainToken = await started(`/api/pay/button/${plain.publicId}`, {});
    const brandedToken = await started(`/api/pay/button/${branded.publicId}`, {});
    expect((await rest('GET', `/api/pay/${plainToken}`)).body.payment.logoUrl).toBe(fallback.file);
    expect((await rest('GET', `/api/pay/${brandedToken}`)).body.payment.logoUrl).toBe(own.file);
    const image = await server.app.inject({ method: 'GET', url: own.file });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');

    // A deleted logo leaves the request's page on the default.
    const deleted = await server.call('deleteLogo', { id: own.id }, { token: shop.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await rest('GET', `/api/pay/${brandedToken}`)).body.payment.logoUrl).toBe(
      fallback.file,
    );
  });
});

describe('pay-by-name', () => {
  async function settings(
    shop: Party,
    values: { payName: string; enabled: boolean; displayName?: string; accountIds?: number[] },
  ) {
    const saved = await server.call(
      'updatePbnSettings',
      { displayName: null, accountIds: [shop.accountId], ...values },
      { token: shop.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  it('is not found while off, unknown or malformed, and starts nothing', async () => {
    const shop = await merchant();
    const handle = `shop-${randomUUID().slice(0, 8)}`;
    await settings(shop, { payName: handle, enabled: false });
    const body = { amount: '5', currency: 'EUR' };
    for (const name of [handle, 'no-such-shop-here']) {
      expect((await rest('GET', `/api/pay/name/${name}`)).status).toBe(404);
      expect((await rest('POST', `/api/pay/name/${name}`, body)).status).toBe(404);
    }
    const hostile = [
      'ab',
      'UPPER',
      '-shop',
      'a'.repeat(40),
      encodeURIComponent('shop/../x'),
      encodeURIComponent("shop' or 1=1"),
      '%00shop',
    ];
    for (const name of hostile) {
      expect((await rest('GET', `/api/pay/name/${name}`)).status, name).toBe(400);
      expect((await rest('POST', `/api/pay/name/${name}`, body)).status, name).toBe(400);
    }
    expect(await requestCount(shop.customerId)).toBe(0);
  });

  it('shows the payee and its currencies when on, and credits the account named for the currency', async () => {
    const shop = await merchant();
    const usd = await openAccount(server, shop.customerId, { currencyCode: 'USD' });
    // The EUR it names is a receiving account, not the company's first EUR payment account.
    const otherEur = await openAccount(server, shop.customerId, {
      currencyCode: 'EUR',
      type: 4002,
    });
    const fallback = await logo(shop, true);
    const handle = `shop-${randomUUID().slice(0, 8)}`;
    await settings(shop, {
      payName: handle,
      displayName: 'Beans & Co',
      enabled: true,
      accountIds: [otherEur.id, usd.id],
    });
    const page = await rest('GET', `/api/pay/name/${handle}`);
    expect(page.status).toBe(200);
    expect(page.body.payee).toEqual({
      merchantName: 'Beans & Co',
      brandId: 'pebble',
      logoUrl: fallback.file,
      currencies: ['EUR', 'USD'],
    });

    const url = `/api/pay/name/${handle}`;
    const refusals: [unknown, Record<string, string>][] = [
      [{ amount: '5', currency: 'GBP' }, { currency: 'validation.noAccountInCurrency' }],
      [{ amount: '5.001', currency: 'EUR' }, { amount: 'validation.amountMinorUnits' }],
      [{ amount: '0', currency: 'EUR' }, { amount: expect.any(String) }],
      [{ currency: 'EUR' }, { amount: expect.any(String) }],
      [{ amount: '5' }, { currency: expect.any(String) }],
      [
        { amount: '5', currency: 'EUR', description: 'a\u0000b' },
        { description: expect.any(String) },
      ],
    ];
    for (const [body, errors] of refusals) {
      const answer = await rest('POST', url, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ validationErrors: errors });
    }
    expect(await requestCount(shop.customerId)).toBe(0);

    const token = await started(url, { amount: '7.25', currency: 'EUR', description: 'Lunch' });
    const shown = await rest('GET', `/api/pay/${token}`);
    expect(shown.body.payment).toMatchObject({
      merchantName: expect.stringMatching(/^Shop /),
      amount: '7.25',
      currency: 'EUR',
      description: 'Lunch',
      logoUrl: fallback.file,
    });
    const customer = await payer();
    const paidEur = await pay(customer, token);
    expect(paidEur.body, JSON.stringify(paidEur.body)).toMatchObject({ status: 'settled' });
    expect(await balanceOf(otherEur.id)).toBe('7.25');
    expect(await balanceOf(shop.accountId)).toBe('0');

    // Without a description the request says whom it pays; USD lands in its USD account.
    const dollars = await started(url, { amount: '3', currency: 'USD' });
    expect((await rest('GET', `/api/pay/${dollars}`)).body.payment.description).toBe('Beans & Co');
    const american = await payer('USD');
    expect((await pay(american, dollars)).body).toMatchObject({ status: 'settled' });
    expect(await balanceOf(usd.id)).toBe('3');
  });
});
