import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { listRestRoutes, PUBLIC_API_PREFIX } from '@ledgerline/contract';
import { selectRows } from '../../db/client';
import {
  auditLog,
  customerAccess,
  merchantAllowedIps,
  merchantApiKeys,
  merchantApiRequests,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_CURSORS, HOSTILE_DAYS, HOSTILE_IDS, jsonText } from '../../../test/hostile';
import {
  createCustomer,
  fund,
  openAccount,
  type FixtureCustomer,
  uniqueBusinessName,
} from '../cards/test-fixtures';

/*
 * Issue 18, the merchant public API: keys, allowed ranges and the request log a company's
 * full-access users manage, and the key-authenticated public API v1. One server for the file; each
 * test makes companies of its own, so no test shares a key, a range or a rate window with another.
 */

const RATE = 6;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_API_RATE_LIMIT: String(RATE) } as never);
});
afterAll(async () => server.close());

const db = () => server.database.db;

interface Company extends FixtureCustomer {
  accountId: number;
}

/** A business of its own whose user (full access, its own customer) is signed in, with a funded EUR account. */
async function company(balance = '250'): Promise<Company> {
  const who = await createCustomer(server, {
    customerType: 2,
    businessName: uniqueBusinessName(),
  });
  const account = await openAccount(server, who.customerId, { currencyCode: 'EUR', balance });
  return { ...who, accountId: account.id };
}

async function rest(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; query?: Record<string, string> } = {},
) {
  const response = await server.app.inject({
    method,
    url,
    ...(options.query ? { query: options.query } : {}),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined
      ? {
          payload: typeof options.body === 'string' ? options.body : jsonText(options.body),
        }
      : {}),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function createKey(
  owner: Company,
  values: Record<string, unknown> = {},
): Promise<{ id: number; secret: string }> {
  const answer = await rest('POST', '/api/public-api/apikey', {
    token: owner.token,
    body: { customerId: owner.customerId, name: 'Shop server', scopes: ['read'], ...values },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { id: answer.body.apiKey.id, secret: answer.body.secret };
}

/** A call of the merchant's server to the public API v1. */
async function publicCall(
  path: string,
  secret: string | undefined,
  options: { ip?: string; authorization?: string } = {},
) {
  const authorization = options.authorization ?? (secret ? `Bearer ${secret}` : undefined);
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/public/v1/${path}`,
    remoteAddress: options.ip ?? '192.0.2.10',
    headers: authorization ? { authorization } : {},
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function seededCustomerOf(email: string): Promise<{ userId: number; customerId: number }> {
  const [user] = await db()
    .select({ userId: users.id, customerId: users.customerId })
    .from(users)
    .where(eq(users.email, email));
  return user!;
}

describe('API keys', () => {
  it('shows the secret once, lists the key without it, and stores only its hash', async () => {
    const shop = await company();
    const created = await rest('POST', '/api/public-api/apikey', {
      token: shop.token,
      body: {
        customerId: shop.customerId,
        name: '  Checkout  ',
        scopes: ['read', 'payment-requests'],
        expiresOn: '2099-12-31',
      },
    });
    expect(created.status).toBe(200);
    const { secret, apiKey } = created.body;
    expect(secret).toMatch(/^llk_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      customerId: shop.customerId,
      name: 'Checkout',
      enabled: true,
      scopes: ['read', 'payment-requests'],
      hint: secret.slice(-4),
      expiresOn: '2099-12-31',
      lastUsedAt: null,
    });

    const listed = await rest('GET', '/api/public-api/apikey', {
      token: shop.token,
      query: { customerId: String(shop.customerId) },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.apiKeys).toEqual([apiKey]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(9, 30));

    const [row] = await selectRows<Record<string, unknown>>(
      db(),
      sql`select * from merchant_api_keys where id = ${apiKey.id}`,
    );
    expect(row!.key_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(9, 30));
    const audits = await db()
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.customerId, shop.customerId));
    expect(audits.map((entry) => entry.action)).toContain('merchantApiKey.created');
    expect(JSON.stringify(audits)).not.toContain(secret.slice(9, 30));
  });

  it('renames, disables, enables and deletes a key; a disabled or deleted key is refused', async () => {
    const shop = await company();
    const key = await createKey(shop);
    expect((await publicCall('balances', key.secret)).status).toBe(200);

    const disabled = await rest('PUT', `/api/public-api/apikey/${key.id}`, {
      token: shop.token,
      body: { customerId: shop.customerId, name: 'Old server', enabled: false },
    });
    expect(disabled.body.apiKey).toMatchObject({ name: 'Old server', enabled: false });
    expect(disabled.body.apiKey.lastUsedAt).not.toBeNull();
    expect((await publicCall('balances', key.secret)).status).toBe(401);

    await rest('PUT', `/api/public-api/apikey/${key.id}`, {
      token: shop.token,
      body: { customerId: shop.customerId, enabled: true },
    });
    expect((await publicCall('balances', key.secret)).status).toBe(200);

    const deleted = await rest('DELETE', `/api/public-api/apikey/${key.id}`, {
      token: shop.token,
      query: { customerId: String(shop.customerId) },
    });
    expect(deleted.body).toMatchObject({ responseCode: '00', id: key.id });
    expect((await publicCall('balances', key.secret)).status).toBe(401);
    const listed = await rest('GET', '/api/public-api/apikey', {
      token: shop.token,
      query: { customerId: String(shop.customerId) },
    });
    expect(listed.body.apiKeys).toEqual([]);
  });

  it('refuses a missing, malformed, unknown or expired key with 401 in the envelope', async () => {
    const shop = await company();
    const key = await createKey(shop);
    const unknown = `llk_live_${'A'.repeat(43)}`;
    for (const authorization of [
      undefined,
      'Bearer',
      `Basic ${key.secret}`,
      `Bearer ${unknown}`,
      `Bearer ${key.secret}x`,
      `Bearer ${'x'.repeat(500)}`,
    ]) {
      const answer = await publicCall('balances', undefined, {
        ...(authorization ? { authorization } : {}),
      });
      expect(answer.status, authorization).toBe(401);
      expect(answer.body).toEqual({
        responseCode: 'AU',
        responseDescription: 'A valid API key is required',
      });
    }
    await db()
      .update(merchantApiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(merchantApiKeys.id, key.id));
    const expired = await publicCall('balances', key.secret);
    expect(expired.status).toBe(401);
    expect(expired.body.responseCode).toBe('AU');
  });

  it('refuses a key without the route’s scope with 403', async () => {
    const shop = await company();
    const key = await createKey(shop, { scopes: ['payment-requests'] });
    const answer = await publicCall('balances', key.secret);
    expect(answer.status).toBe(403);
    expect(answer.body.responseCode).toBe('ENOA');
    expect((await publicCall('payments', key.secret)).status).toBe(403);
  });

  it('answers 429 with Retry-After past the per-key limit, and only for that key', async () => {
    const shop = await company();
    const key = await createKey(shop);
    const other = await createKey(shop);
    for (let call = 0; call < RATE; call += 1)
      expect((await publicCall('balances', key.secret)).status).toBe(200);
    const limited = await publicCall('balances', key.secret);
    expect(limited.status).toBe(429);
    expect(limited.body.responseCode).toBe('RL');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await publicCall('balances', other.secret)).status).toBe(200);
  });
});

describe('the public API v1', () => {
  it('answers the company’s balances and its payments, newest first, paged by a checked cursor', async () => {
    const shop = await company('100');
    await fund(server, shop.accountId, '20.5');
    await fund(server, shop.accountId, '-7.25');
    const key = await createKey(shop);

    const balances = await publicCall('balances', key.secret);
    expect(balances.body).toEqual({
      responseCode: '00',
      responseDescription: 'Success',
      balances: [
        {
          accountId: shop.accountId,
          currency: 'EUR',
          name: null,
          available: '113.25',
          current: '113.25',
        },
      ],
    });

    const first = await publicCall('payments?limit=2', key.secret);
    expect(first.status).toBe(200);
    expect(first.body.payments.map((payment: { amount: string }) => payment.amount)).toEqual([
      '7.25',
      '20.5',
    ]);
    expect(first.body.payments[0]).toMatchObject({
      accountId: shop.accountId,
      direction: 'sent',
      currency: 'EUR',
      status: 'settled',
    });
    const second = await publicCall(`payments?limit=2&cursor=${first.body.nextCursor}`, key.secret);
    expect(second.body.payments).toHaveLength(1);
    expect(second.body.payments[0]).toMatchObject({ amount: '100', direction: 'received' });
    expect(second.body.nextCursor).toBeNull();

    const one = await publicCall(`payments/${first.body.payments[0].id}`, key.secret);
    expect(one.body.payment).toEqual(first.body.payments[0]);
  });

  it('answers 404 for another company’s payment and 400 for a bad cursor or limit', async () => {
    const shop = await company();
    const rival = await company('31');
    const key = await createKey(shop);
    const rivalKey = await createKey(rival);
    const theirs = await publicCall('payments', rivalKey.secret);
    const theirId = theirs.body.payments[0].id;
    const refused = await publicCall(`payments/${theirId}`, key.secret);
    expect(refused.status).toBe(404);
    expect(refused.body.responseCode).toBe('ENOA');
    expect((await publicCall(`payments/${randomUUID()}`, key.secret)).status).toBe(404);
    expect((await publicCall('payments/not-a-uuid', key.secret)).status).toBe(400);
    expect((await publicCall('payments?limit=1e3', key.secret)).status).toBe(400);
    expect(
      (await publicCall(`payments?cursor=${String(HOSTILE_CURSORS[0])}`, key.secret)).status,
    ).toBe(400);
  });
});

describe('the public API’s OpenAPI description', () => {
  it('is served without a key and describes each operation from the contract’s schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    // Every v1 route of every area's table is an operation of the document, with its summary.
    const v1 = listRestRoutes()
      .map(({ route }) => route)
      .filter((route) => route.path.startsWith(`${PUBLIC_API_PREFIX}/`))
      .filter((route) => route.path !== `${PUBLIC_API_PREFIX}/openapi.json`);
    const documented = Object.entries(
      document.paths as Record<string, Record<string, { operationId: string; summary?: string }>>,
    ).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(documented.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual(
      v1
        .map(
          (route) =>
            `${route.method} ${route.path.slice(PUBLIC_API_PREFIX.length).replace(/:(\w+)/g, '{$1}')}`,
        )
        .sort(),
    );
    for (const { operation } of documented) {
      expect(operation.summary, operation.operationId).toMatch(/\w/);
    }
    expect(new Set(documented.map(({ operation }) => operation.operationId)).size).toBe(
      documented.length,
    );
    // The areas known today, so the derived list cannot silently come out empty.
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/balances',
        '/payment-requests',
        '/payment-requests/{id}',
        '/payment-requests/{id}/cancel',
        '/payments',
        '/payments/{id}',
        '/payments/{id}/refunds',
        '/preapproved-payments',
        '/preapproved-payments/{id}/pulls',
      ]),
    );
    const pull = document.paths['/preapproved-payments/{id}/pulls'].post;
    expect(pull.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'Idempotency-Key',
      'id',
    ]);
    expect(pull.description).toContain('preapproved-pulls');
    expect(pull.requestBody.content['application/json'].schema.properties.amount).toBeDefined();
    const list = document.paths['/payments'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'limit',
      'cursor',
    ]);
    expect(
      list.responses['200'].content['application/json'].schema.properties.payments.items.properties
        .amount,
    ).toMatchObject({ type: 'string' });
    expect(document.paths['/payments/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
  });
});

describe('allowed IP ranges', () => {
  it('refuses the company’s keys from outside every enabled range and accepts them inside', async () => {
    const shop = await company();
    const key = await createKey(shop);
    const range = await rest('POST', '/api/public-api/allowedip', {
      token: shop.token,
      body: {
        customerId: shop.customerId,
        name: 'Office',
        ipFrom: '203.0.113.0',
        ipTo: '203.0.113.255',
      },
    });
    expect(range.status).toBe(200);
    await rest('POST', '/api/public-api/allowedip', {
      token: shop.token,
      body: {
        customerId: shop.customerId,
        name: 'Data centre',
        ipFrom: '2001:db8::',
        ipTo: '2001:db8::ffff',
      },
    });

    const outside = await publicCall('balances', key.secret, { ip: '198.51.100.7' });
    expect(outside.status).toBe(403);
    expect(outside.body.responseCode).toBe('IPW');
    expect((await publicCall('balances', key.secret, { ip: '203.0.113.9' })).status).toBe(200);
    expect((await publicCall('balances', key.secret, { ip: '::ffff:203.0.113.200' })).status).toBe(
      200,
    );
    expect((await publicCall('balances', key.secret, { ip: '2001:db8::42' })).status).toBe(200);

    // Disabled ranges restrict nothing; with none enabled, the key works from anywhere again.
    const listed = await rest('GET', '/api/public-api/allowedip', {
      token: shop.token,
      query: { customerId: String(shop.customerId) },
    });
    expect(listed.body.allowedIps).toHaveLength(2);
    for (const item of listed.body.allowedIps as { id: number }[])
      await rest('PUT', `/api/public-api/allowedip/${item.id}`, {
        token: shop.token,
        body: { customerId: shop.customerId, enabled: false },
      });
    expect((await publicCall('balances', key.secret, { ip: '198.51.100.7' })).status).toBe(200);
  });

  it('refuses a bad address, two families or a reversed range, and creates nothing', async () => {
    const shop = await company();
    for (const [ipFrom, ipTo, field] of [
      ['203.0.113.9', '203.0.113.1', 'ipTo'],
      ['203.0.113.1', '2001:db8::1', 'ipTo'],
      ['203.0.113.300', '203.0.113.1', 'ipFrom'],
      ['203.0.113.1', 'localhost', 'ipTo'],
    ] as const) {
      const answer = await rest('POST', '/api/public-api/allowedip', {
        token: shop.token,
        body: { customerId: shop.customerId, name: 'Bad', ipFrom, ipTo },
      });
      expect(answer.status, `${ipFrom}-${ipTo}`).toBe(400);
      expect(answer.body.validationErrors).toHaveProperty(field);
    }
    const [held] = await db()
      .select({ count: count() })
      .from(merchantAllowedIps)
      .where(eq(merchantAllowedIps.customerId, shop.customerId));
    expect(held!.count).toBe(0);
  });
});

describe('the API request log', () => {
  it('lists the key’s calls with method, path, status and address, and no secret', async () => {
    const shop = await company();
    const key = await createKey(shop);
    const other = await createKey(shop);
    await publicCall('balances', key.secret, { ip: '192.0.2.77' });
    await publicCall(`payments?limit=5&cursor=${key.secret}`, key.secret);
    await publicCall('payments/not-a-uuid', key.secret);
    await publicCall('balances', other.secret);

    const log = await rest('GET', '/api/public-api/apirequest', {
      token: shop.token,
      query: { customerId: String(shop.customerId), apiKeyId: String(key.id) },
    });
    expect(log.status).toBe(200);
    expect(
      log.body.apiRequests.map((row: { method: string; path: string; status: number }) => [
        row.method,
        row.path,
        row.status,
      ]),
    ).toEqual([
      ['GET', '/api/public/v1/payments/not-a-uuid', 400],
      ['GET', '/api/public/v1/payments', 400],
      ['GET', '/api/public/v1/balances', 200],
    ]);
    expect(log.body.apiRequests[2].ip).toBe('192.0.2.77');
    expect(JSON.stringify(log.body)).not.toContain(key.secret.slice(9, 30));
    const stored = await selectRows<Record<string, unknown>>(
      db(),
      sql`select * from merchant_api_requests where api_key_id = ${key.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(key.secret.slice(9, 30));

    const today = new Date().toISOString().slice(0, 10);
    const byDay = await rest('GET', '/api/public-api/apirequest', {
      token: shop.token,
      query: {
        customerId: String(shop.customerId),
        apiKeyId: String(key.id),
        fromDate: '2020-01-01',
        toDate: '2020-12-31',
      },
    });
    expect(byDay.body.apiRequests).toEqual([]);
    const reversed = await rest('GET', '/api/public-api/apirequest', {
      token: shop.token,
      query: {
        customerId: String(shop.customerId),
        apiKeyId: String(key.id),
        fromDate: today,
        toDate: '2020-01-01',
      },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.validationErrors).toHaveProperty('toDate');
  });
});

describe('the API request log’s pages', () => {
  it('pages a long log newest first by its cursor, without gaps or repeats', async () => {
    const shop = await company();
    const key = await createKey(shop);
    await db()
      .insert(merchantApiRequests)
      .values(
        Array.from({ length: 57 }, (_, index) => ({
          apiKeyId: key.id,
          customerId: shop.customerId,
          method: 'GET',
          path: `/api/public/v1/payments/${index}`,
          status: 200,
          ip: '192.0.2.1',
          durationMs: 1,
        })),
      );
    const query = { customerId: String(shop.customerId), apiKeyId: String(key.id) };
    const first = await rest('GET', '/api/public-api/apirequest', { token: shop.token, query });
    expect(first.body.apiRequests).toHaveLength(50);
    const second = await rest('GET', '/api/public-api/apirequest', {
      token: shop.token,
      query: { ...query, cursor: first.body.nextCursor },
    });
    expect(second.body.nextCursor).toBeNull();
    const paths = [...first.body.apiRequests, ...second.body.apiRequests].map(
      (row: { path: string }) => row.path,
    );
    expect(paths).toEqual(
      Array.from({ length: 57 }, (_, index) => `/api/public/v1/payments/${56 - index}`),
    );
  });
});

describe('who may manage a company’s keys', () => {
  it('refuses another company’s keys, ranges and log by id, and changes nothing', async () => {
    const shop = await company();
    const rival = await company();
    const key = await createKey(shop);
    const range = await rest('POST', '/api/public-api/allowedip', {
      token: shop.token,
      body: {
        customerId: shop.customerId,
        name: 'Office',
        ipFrom: '192.0.2.0',
        ipTo: '192.0.2.255',
      },
    });
    const rangeId = range.body.allowedIp.id;
    const asRival = { token: rival.token };
    const rivalCustomer = String(rival.customerId);
    const refused = [
      await rest('PUT', `/api/public-api/apikey/${key.id}`, {
        ...asRival,
        body: { customerId: rival.customerId, enabled: false },
      }),
      await rest('DELETE', `/api/public-api/apikey/${key.id}`, {
        ...asRival,
        query: { customerId: rivalCustomer },
      }),
      await rest('PUT', `/api/public-api/allowedip/${rangeId}`, {
        ...asRival,
        body: { customerId: rival.customerId, enabled: false },
      }),
      await rest('DELETE', `/api/public-api/allowedip/${rangeId}`, {
        ...asRival,
        query: { customerId: rivalCustomer },
      }),
      await rest('GET', '/api/public-api/apirequest', {
        ...asRival,
        query: { customerId: rivalCustomer, apiKeyId: String(key.id) },
      }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    // Naming the other company as the customer acted for is refused before anything is read.
    for (const answer of [
      await rest('GET', '/api/public-api/apikey', {
        ...asRival,
        query: { customerId: String(shop.customerId) },
      }),
      await rest('PUT', `/api/public-api/apikey/${key.id}`, {
        ...asRival,
        body: { customerId: shop.customerId, enabled: false },
      }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.responseCode).toBe('ENOA');
    }
    const [row] = await db().select().from(merchantApiKeys).where(eq(merchantApiKeys.id, key.id));
    expect(row).toMatchObject({ enabled: true, deletedAt: null });
    const [kept] = await db()
      .select()
      .from(merchantAllowedIps)
      .where(eq(merchantAllowedIps.id, rangeId));
    expect(kept).toMatchObject({ enabled: true });
  });

  it('refuses a personal customer and a user without full access; a full-access user acting for the company may', async () => {
    const anna = await seededCustomerOf('anna@pebble.example');
    const annaToken = await server.signIn('anna@pebble.example');
    const personal = await rest('POST', '/api/public-api/apikey', {
      token: annaToken,
      body: { customerId: anna.customerId, name: 'Mine', scopes: ['read'] },
    });
    expect(personal.status).toBe(403);
    expect(personal.body.responseCode).toBe('ENOA');

    // Harbourlight Studio (seed): ioana@ has full access to it, clerk@ may only initiate.
    const office = await seededCustomerOf('office@harbourlight.example');
    const ioanaToken = await server.signIn('ioana@harbourlight.example');
    const acting = await rest('GET', '/api/public-api/apikey', {
      token: ioanaToken,
      query: { customerId: String(office.customerId) },
    });
    expect(acting.status).toBe(200);
    const clerk = await seededCustomerOf('clerk@harbourlight.example');
    const [grant] = await db()
      .select({ accessRight: customerAccess.accessRight })
      .from(customerAccess)
      .where(
        and(
          eq(customerAccess.userId, clerk.userId),
          eq(customerAccess.customerId, office.customerId),
        ),
      );
    expect(grant!.accessRight).toBe(3);
    const clerkToken = await server.signIn('clerk@harbourlight.example');
    const initiator = await rest('GET', '/api/public-api/apikey', {
      token: clerkToken,
      query: { customerId: String(office.customerId) },
    });
    expect(initiator.status).toBe(403);
    expect(
      (await rest('GET', '/api/public-api/apikey', { query: { customerId: '1' } })).status,
    ).toBe(401);
  });
});

describe('hostile input to every merchant API route', () => {
  it('answers a 4xx, never a 500, to hostile ids, days, cursors and bodies, and creates nothing', async () => {
    const shop = await company();
    const key = await createKey(shop);
    // The rate limit is per key: a second key takes the public API's later hostile calls.
    const spare = await createKey(shop);
    const keysBefore = await db().select({ count: count() }).from(merchantApiKeys);
    const rangesBefore = await db().select({ count: count() }).from(merchantAllowedIps);
    const customer = String(shop.customerId);
    // Query strings and paths carry text: a raw number (1e309) travels as its digits.
    const asText = (value: unknown) =>
      typeof value === 'string' ? value.replace(/^§raw§/, '') : JSON.stringify(value);
    const answers: { what: string; status: number }[] = [];
    const record = (what: string, status: number) => answers.push({ what, status });

    for (const id of [...HOSTILE_IDS, 'x', true, {}, []]) {
      for (const [path, body] of [
        ['/api/public-api/apikey', { customerId: id, name: 'K', scopes: ['read'] }],
        [
          '/api/public-api/allowedip',
          { customerId: id, name: 'R', ipFrom: '192.0.2.1', ipTo: '192.0.2.2' },
        ],
      ] as const) {
        const answer = await rest('POST', path, { token: shop.token, body });
        record(`POST ${path} customerId=${asText(id)}`, answer.status);
      }
      for (const path of [
        `/api/public-api/apikey/${encodeURIComponent(asText(id))}`,
        `/api/public-api/allowedip/${encodeURIComponent(asText(id))}`,
      ]) {
        record(
          `PUT ${path}`,
          (
            await rest('PUT', path, {
              token: shop.token,
              body: { customerId: shop.customerId, enabled: false },
            })
          ).status,
        );
        record(
          `DELETE ${path}`,
          (await rest('DELETE', path, { token: shop.token, query: { customerId: customer } }))
            .status,
        );
      }
      for (const path of ['/api/public-api/apikey', '/api/public-api/allowedip'])
        record(
          `GET ${path} customerId=${asText(id)}`,
          (await rest('GET', path, { token: shop.token, query: { customerId: asText(id) } }))
            .status,
        );
      record(
        `GET apirequest apiKeyId=${asText(id)}`,
        (
          await rest('GET', '/api/public-api/apirequest', {
            token: shop.token,
            query: { customerId: customer, apiKeyId: asText(id) },
          })
        ).status,
      );
    }
    for (const day of HOSTILE_DAYS)
      for (const field of ['fromDate', 'toDate'])
        record(
          `GET apirequest ${field}=${asText(day)}`,
          (
            await rest('GET', '/api/public-api/apirequest', {
              token: shop.token,
              query: { customerId: customer, apiKeyId: String(key.id), [field]: asText(day) },
            })
          ).status,
        );
    for (const day of HOSTILE_DAYS)
      record(
        `POST apikey expiresOn=${asText(day)}`,
        (
          await rest('POST', '/api/public-api/apikey', {
            token: shop.token,
            body: { customerId: shop.customerId, name: 'K', scopes: ['read'], expiresOn: day },
          })
        ).status,
      );
    // base64url('1') is the history's bad cursor but this log's first row: a fine cursor here.
    const oneRow = Buffer.from('1', 'utf8').toString('base64url');
    for (const cursor of HOSTILE_CURSORS.filter((value) => value !== oneRow))
      record(
        `GET apirequest cursor=${asText(cursor)}`,
        (
          await rest('GET', '/api/public-api/apirequest', {
            token: shop.token,
            query: { customerId: customer, apiKeyId: String(key.id), cursor: asText(cursor) },
          })
        ).status,
      );
    for (const body of [
      'null',
      '[]',
      '"x"',
      '{',
      { customerId: shop.customerId, name: '', scopes: ['read'] },
      { customerId: shop.customerId, name: 'x'.repeat(65), scopes: ['read'] },
      { customerId: shop.customerId, name: 'a\u0000b', scopes: ['read'] },
      { customerId: shop.customerId, name: 'K', scopes: [] },
      { customerId: shop.customerId, name: 'K', scopes: ['read', 'read'] },
      { customerId: shop.customerId, name: 'K', scopes: ['admin'] },
      { customerId: shop.customerId, name: 'K', scopes: ['read'], extra: 1 },
      { customerId: shop.customerId, name: 'K', scopes: ['read'], expiresOn: '2020-01-01' },
    ])
      record(
        `POST apikey ${asText(body).slice(0, 60)}`,
        (await rest('POST', '/api/public-api/apikey', { token: shop.token, body })).status,
      );
    // The public API's own input.
    for (const [index, path] of [
      'payments?limit=0',
      'payments?limit=101',
      'payments?limit=-1',
      `payments?cursor=${String(HOSTILE_CURSORS[1])}`,
      `payments?cursor=${String(HOSTILE_CURSORS[3])}`,
      'payments/00000000-0000-0000-0000-00000000000g',
    ].entries())
      record(
        `GET public ${path}`,
        (await publicCall(path, index < 3 ? key.secret : spare.secret)).status,
      );

    expect(answers.filter((answer) => answer.status >= 500 || answer.status < 400)).toEqual([]);
    expect(await db().select({ count: count() }).from(merchantApiKeys)).toEqual(keysBefore);
    expect(await db().select({ count: count() }).from(merchantAllowedIps)).toEqual(rangesBefore);
    const [logged] = await db()
      .select({ count: count() })
      .from(merchantApiRequests)
      .where(eq(merchantApiRequests.apiKeyId, key.id));
    expect(logged!.count).toBe(3);
  });
});
