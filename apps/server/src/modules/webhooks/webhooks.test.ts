import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { listRestRoutes, webhookRoutes } from '@ledgerline/contract';
import { selectRows } from '../../db/client';
import { customerAccess, webhookMessages } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_DAYS, HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { createCustomer, openAccount, type FixtureCustomer } from '../cards/test-fixtures';
import {
  checkWebhookUrl,
  enqueueWebhookEvent,
  isPublicAddress,
  retryDelaysMs,
  RETRY_WINDOW_MS,
  runWebhookDeliveries,
} from '.';

/*
 * Webhooks (issue 18) through their REST routes, the outbox and a real receiver: a node:http
 * server on loopback that answers what each test tells it and verifies every signature with the
 * `standardwebhooks` library, not with our code. The server's own sender runs too (every second);
 * the tests also run a pass themselves and wait for what the receiver got, never for a time.
 */

let server: TestServer;
const deps = () => ({
  db: server.database.db,
  policy: { allowPrivate: true },
  retryBaseMs: 1,
});

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The test merchant's server: records each request; `answers` holds the statuses to give, in order (200 after). */
class Receiver {
  readonly received: Received[] = [];
  readonly answers: number[] = [];
  private readonly http: Server;
  constructor() {
    this.http = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.statusCode = this.answers.shift() ?? 200;
        // A NUL in the answer (PostgreSQL text holds none) is dropped from the log, not a failed pass.
        response.end(response.statusCode === 200 ? '{"ok":true}' : 'down for\u0000 maintenance');
      });
    });
  }
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
  }
  url(path: string): string {
    return `http://127.0.0.1:${(this.http.address() as AddressInfo).port}${path}`;
  }
  at(path: string): Received[] {
    return this.received.filter((entry) => entry.path === path);
  }
  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}

const receiver = new Receiver();

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_RETRY_BASE_MS: '1' } as never);
  await receiver.start();
});
afterAll(async () => {
  await server?.close();
  await receiver.close();
});

/** Runs sender passes until `done` holds (the server's own loop may be the one that sends). */
async function deliverUntil(done: () => boolean): Promise<void> {
  for (let pass = 0; pass < 200 && !done(); pass += 1) {
    await runWebhookDeliveries(deps());
    if (!done()) await new Promise((resolve) => setImmediate(resolve));
  }
  expect(done()).toBe(true);
}

function headersOf(entry: Received): Record<string, string> {
  return {
    'webhook-id': String(entry.headers['webhook-id']),
    'webhook-timestamp': String(entry.headers['webhook-timestamp']),
    'webhook-signature': String(entry.headers['webhook-signature']),
  };
}

async function company(name = 'Merchant'): Promise<FixtureCustomer> {
  return createCustomer(server, { customerType: 2, businessName: `${name} Ltd`, firstName: null });
}

function rest(
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

async function createHook(who: FixtureCustomer, path: string, name = 'Orders') {
  const response = await rest(who.token, 'POST', '/api/public-api/webhook', {
    customerId: who.customerId,
    name,
    enabled: true,
    url: receiver.url(path),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ webhook: { id: number }; secret: string }>();
}

/** An incoming bank transfer into the company's new EUR account: the payment.received event. */
async function paymentInto(who: FixtureCustomer, reference: string, amount = '125.50') {
  const account = await openAccount(server, who.customerId);
  const { body } = await server.call(
    'getPaymentInstructions',
    { accountId: account.id },
    { token: who.token },
  );
  const iban = body.instructions[0]?.iban;
  if (!iban) throw new Error('no IBAN for a EUR account');
  const response = await server.app.inject({
    method: 'POST',
    url: '/dev/rails/incoming',
    payload: { iban, currency: 'EUR', amount, payerName: 'Maria Costa', reference },
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    accountId: account.id,
    transactionId: response.json<{ transactionId: string }>().transactionId,
  };
}

async function tableCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of [
    'webhook_endpoints',
    'webhook_messages',
    'webhook_attempts',
    'ipn_settings',
    'ipn_messages',
    'audit_log',
  ]) {
    const [row] = await selectRows<{ n: number }>(
      server.database.db,
      sql.raw(`select count(*)::int as n from "${name}"`),
    );
    counts[name] = Number(row?.n);
  }
  return counts;
}

describe('webhook endpoints (public-api/webhook)', () => {
  it('creates an endpoint with a Standard Webhooks secret of 32 bytes, lists, updates, rotates and deletes it', async () => {
    const who = await company();
    const created = await createHook(who, '/crud');
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);

    const listed = await rest(
      who.token,
      'GET',
      `/api/public-api/webhook?customerId=${who.customerId}`,
    );
    expect(listed.json()).toMatchObject({
      responseCode: '00',
      webhooks: [
        { id: created.webhook.id, name: 'Orders', enabled: true, url: receiver.url('/crud') },
      ],
    });
    // The secret is shown on creation only.
    expect(listed.body).not.toContain(created.secret);

    const updated = await rest(who.token, 'PUT', `/api/public-api/webhook/${created.webhook.id}`, {
      name: 'Refunds',
      enabled: false,
    });
    expect(updated.json()).toMatchObject({ webhook: { name: 'Refunds', enabled: false } });

    const rotated = await rest(
      who.token,
      'POST',
      `/api/public-api/webhook/${created.webhook.id}/secret`,
    );
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<{ secret: string }>().secret).not.toBe(created.secret);

    const removed = await rest(
      who.token,
      'DELETE',
      `/api/public-api/webhook/${created.webhook.id}`,
    );
    expect(removed.json()).toMatchObject({ responseCode: '00', id: created.webhook.id });
    const after = await rest(who.token, 'GET', '/api/public-api/webhook');
    expect(after.json()).toMatchObject({ webhooks: [] });
  });

  it('refuses another company’s endpoint as not found and changes nothing', async () => {
    const owner = await company('Owner');
    const stranger = await company('Stranger');
    const { webhook } = await createHook(owner, '/theirs');
    const before = await tableCounts();
    const attempts = [
      rest(stranger.token, 'PUT', `/api/public-api/webhook/${webhook.id}`, { enabled: false }),
      rest(stranger.token, 'DELETE', `/api/public-api/webhook/${webhook.id}`),
      rest(stranger.token, 'POST', `/api/public-api/webhook/${webhook.id}/secret`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ responseCode: 'ENOA' });
    }
    // Naming the other company outright is refused too.
    const listed = await rest(
      stranger.token,
      'GET',
      `/api/public-api/webhook?customerId=${owner.customerId}`,
    );
    expect(listed.statusCode).toBe(403);
    expect(await tableCounts()).toEqual(before);
    const mine = await rest(owner.token, 'GET', '/api/public-api/webhook');
    expect(mine.json()).toMatchObject({ webhooks: [{ id: webhook.id, enabled: true }] });
  });

  it('is for business customers’ full-access users only', async () => {
    const personal = await createCustomer(server);
    const refused = await rest(personal.token, 'POST', '/api/public-api/webhook', {
      name: 'Mine',
      url: receiver.url('/personal'),
    });
    expect(refused.statusCode).toBe(403);

    const owner = await company('Staffed');
    const clerk = await createCustomer(server);
    await server.database.db
      .insert(customerAccess)
      .values({ userId: clerk.userId, customerId: owner.customerId, accessRight: 3 });
    const asClerk = await rest(
      clerk.token,
      'GET',
      `/api/public-api/webhook?customerId=${owner.customerId}`,
    );
    expect(asClerk.statusCode).toBe(403);
    expect(asClerk.json()).toMatchObject({ responseCode: 'ENOA' });
  });

  it('takes only http and https URLs', async () => {
    const who = await company();
    for (const url of [
      'ftp://example.com/hook',
      'javascript:alert(1)',
      'not a url',
      'file:///etc/passwd',
    ]) {
      const response = await rest(who.token, 'POST', '/api/public-api/webhook', {
        name: 'Bad',
        url,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        responseCode: 'TA1',
        validationErrors: { url: expect.any(String) },
      });
    }
  });
});

describe('addresses a webhook may go to in production (SSRF)', () => {
  it('knows which addresses are public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '224.0.0.1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses a URL that is or resolves to a non-public address under the production policy, and allows loopback outside it', async () => {
    const production = { allowPrivate: false };
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd12::1]/hook',
      'http://localhost/hook',
    ])
      await expect(checkWebhookUrl(url, production), url).rejects.toMatchObject({
        code: 'TA1',
        validationErrors: { url: 'validation.webhookUrlNotPublic' },
      });
    await expect(
      checkWebhookUrl('https://93.184.216.34/hook', production),
    ).resolves.toBeUndefined();
    await expect(
      checkWebhookUrl('http://127.0.0.1:8080/hook', { allowPrivate: true }),
    ).resolves.toBeUndefined();
  });

  it('checks the address again at delivery: a message to loopback is not sent under the production policy', async () => {
    const who = await company();
    const { webhook } = await createHook(who, '/blocked');
    const [message] = await server.database.db.transaction(async (tx) => {
      await enqueueWebhookEvent(tx, { customerId: who.customerId, type: 'payout.sent', data: {} });
      // Due only for this test's clock, a day ahead: the server's own sender leaves it alone.
      return tx
        .update(webhookMessages)
        .set({ nextAttemptAt: new Date(Date.now() + 86_400_000) })
        .where(eq(webhookMessages.endpointId, webhook.id))
        .returning();
    });
    const later = new Date(Date.now() + 2 * 86_400_000);
    await runWebhookDeliveries(
      { ...deps(), policy: { allowPrivate: false } },
      { now: () => later, limit: 1 },
    );
    expect(receiver.at('/blocked')).toEqual([]);
    const log = await rest(who.token, 'GET', '/api/public-api/webhookRequest');
    expect(log.json()).toMatchObject({
      requests: [
        {
          messageId: message!.id,
          statusCode: null,
          succeeded: false,
          error: 'The host resolves to an address that is not public',
          messageStatus: 'pending',
        },
      ],
    });
    // Deleted, its message is given up: nothing more goes out for it.
    await rest(who.token, 'DELETE', `/api/public-api/webhook/${webhook.id}`);
    await runWebhookDeliveries(deps());
    expect(receiver.at('/blocked')).toEqual([]);
  });
});

describe('delivery from the outbox', () => {
  it('writes the event’s webhook in the event’s transaction: rolled back together', async () => {
    const who = await company();
    await createHook(who, '/rollback');
    await expect(
      server.database.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, {
          customerId: who.customerId,
          type: 'payment.refunded',
          data: {},
        });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    const rows = await server.database.db
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.customerId, who.customerId));
    expect(rows).toEqual([]);
  });

  it('posts a received payment signed as Standard Webhooks says, retries a 500 with the same webhook-id, never resends a success, and redelivers by hand', async () => {
    const who = await company('Shop');
    const { secret } = await createHook(who, '/shop');
    receiver.answers.push(500);
    const payment = await paymentInto(who, `SHOP-${who.customerId}`);

    await deliverUntil(() => receiver.at('/shop').length >= 2);
    const [failed, retried] = receiver.at('/shop');
    const verifier = new Webhook(secret);
    for (const entry of [failed!, retried!]) {
      const event = verifier.verify(entry.body, headersOf(entry));
      expect(event).toMatchObject({
        type: 'payment.received',
        data: {
          transactionId: payment.transactionId,
          accountId: payment.accountId,
          amount: '125.5',
          currency: 'EUR',
          payerName: 'Maria Costa',
        },
      });
    }
    expect(retried!.headers['webhook-id']).toBe(failed!.headers['webhook-id']);
    expect(retried!.headers['webhook-id']).toMatch(/^msg_/);

    // Delivered: another pass sends nothing more.
    await runWebhookDeliveries(deps());
    expect(receiver.at('/shop')).toHaveLength(2);

    const log = await rest(
      who.token,
      'GET',
      `/api/public-api/webhookRequest?customerId=${who.customerId}`,
    );
    const requests = log.json<{
      requests: {
        statusCode: number;
        attempt: number;
        messageStatus: string;
        responseBody: string;
        requestBody: string;
        messageId: string;
      }[];
    }>().requests;
    expect(requests.map((entry) => [entry.attempt, entry.statusCode, entry.messageStatus])).toEqual(
      [
        [2, 200, 'delivered'],
        [1, 500, 'delivered'],
      ],
    );
    expect(requests[1]!.responseBody).toBe('down for maintenance');
    expect(requests[0]!.requestBody).toBe(retried!.body);

    const redelivered = await rest(
      who.token,
      'POST',
      `/api/public-api/webhookRequest/${requests[0]!.messageId}/redeliver`,
    );
    expect(redelivered.json()).toMatchObject({
      responseCode: '00',
      messageId: requests[0]!.messageId,
    });
    await deliverUntil(() => receiver.at('/shop').length >= 3);
    const again = receiver.at('/shop')[2]!;
    expect(again.headers['webhook-id']).toBe(failed!.headers['webhook-id']);
    expect(verifier.verify(again.body, headersOf(again))).toMatchObject({
      type: 'payment.received',
    });
    await runWebhookDeliveries(deps());
    expect(receiver.at('/shop')).toHaveLength(3);
  });

  it('signs with the new secret once it is rotated, never the old', async () => {
    const who = await company();
    const { webhook, secret: old } = await createHook(who, '/rotated');
    const rotated = await rest(who.token, 'POST', `/api/public-api/webhook/${webhook.id}/secret`);
    const { secret } = rotated.json<{ secret: string }>();
    await server.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, {
        customerId: who.customerId,
        type: 'subscription.changed',
        data: { subscriptionId: 7 },
      }),
    );
    await deliverUntil(() => receiver.at('/rotated').length >= 1);
    const [entry] = receiver.at('/rotated');
    expect(new Webhook(secret).verify(entry!.body, headersOf(entry!))).toMatchObject({
      data: { subscriptionId: 7 },
    });
    expect(() => new Webhook(old).verify(entry!.body, headersOf(entry!))).toThrow();
  });

  it('retries for more than three days with growing waits, then gives up', () => {
    const delays = retryDelaysMs(5000);
    expect(delays[0]).toBe(5000);
    for (let step = 1; step < delays.length; step += 1)
      expect(delays[step]!).toBeGreaterThan(delays[step - 1]!);
    // The attempts the schedule makes inside the window: the last one is past three days.
    let at = 0;
    let last = 0;
    for (let attempt = 0; ; attempt += 1) {
      const next = at + delays[Math.min(attempt, delays.length - 1)]!;
      if (next > RETRY_WINDOW_MS) break;
      at = next;
      last = at;
    }
    expect(last).toBeGreaterThan(72 * 3_600_000);
  });
});

describe('the webhook request log (public-api/webhookRequest)', () => {
  it('pages 20 at a time by cursor, newest first, and filters by day and words', async () => {
    const who = await company('Busy');
    await createHook(who, '/busy');
    await server.database.db.transaction(async (tx) => {
      for (let index = 0; index < 21; index += 1)
        await enqueueWebhookEvent(tx, {
          customerId: who.customerId,
          type: index < 3 ? 'payout.sent' : 'payment.received',
          data: { index },
        });
    });
    await deliverUntil(() => receiver.at('/busy').length >= 21);

    // The server's own delivery loop may have sent one of them: its log row is written after the
    // receiver answered, so the log is read until it holds a second page.
    let first = await rest(who.token, 'GET', '/api/public-api/webhookRequest');
    for (
      let tries = 0;
      tries < 100 && first.json<{ nextCursor: unknown }>().nextCursor === null;
      tries += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      first = await rest(who.token, 'GET', '/api/public-api/webhookRequest');
    }
    const page1 = first.json<{ requests: { id: number }[]; nextCursor: string | null }>();
    expect(page1.requests).toHaveLength(20);
    expect(page1.nextCursor).not.toBeNull();
    const second = await rest(
      who.token,
      'GET',
      `/api/public-api/webhookRequest?cursor=${page1.nextCursor}`,
    );
    const page2 = second.json<{ requests: { id: number }[]; nextCursor: string | null }>();
    expect(page2.requests).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    const ids = [...page1.requests, ...page2.requests].map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(21);

    const payouts = await rest(who.token, 'GET', '/api/public-api/webhookRequest?query=payout');
    expect(payouts.json<{ requests: unknown[] }>().requests).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await rest(
      who.token,
      'GET',
      `/api/public-api/webhookRequest?fromDate=${today}&toDate=${today}&limit=5`,
    );
    expect(byDay.json<{ requests: unknown[] }>().requests).toHaveLength(5);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await rest(
      who.token,
      'GET',
      `/api/public-api/webhookRequest?toDate=${yesterday}`,
    );
    expect(before.json()).toMatchObject({ requests: [], nextCursor: null });

    const stranger = await company('Nosy');
    const theirs = await rest(stranger.token, 'GET', '/api/public-api/webhookRequest');
    expect(theirs.json()).toMatchObject({ requests: [] });
  });

  it('refuses a cursor it did not give, impossible days and a reversed range before any query', async () => {
    const who = await company();
    for (const query of [
      'cursor=abc',
      'cursor=-1',
      'cursor=99999999999999999999',
      'fromDate=2026-02-30',
      'toDate=9999-12-31',
      'fromDate=2026-05-02&toDate=2026-05-01',
      'limit=21',
      'limit=0',
    ])
      expect(
        (await rest(who.token, 'GET', `/api/public-api/webhookRequest?${query}`)).statusCode,
        query,
      ).toBe(400);
  });

  it('redelivers only the company’s own messages', async () => {
    const owner = await company();
    const stranger = await company();
    await createHook(owner, '/own');
    await server.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, { customerId: owner.customerId, type: 'payout.sent', data: {} }),
    );
    const [message] = await server.database.db
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.customerId, owner.customerId));
    const before = await tableCounts();
    const refused = await rest(
      stranger.token,
      'POST',
      `/api/public-api/webhookRequest/${message!.id}/redeliver`,
    );
    expect(refused.statusCode).toBe(404);
    const [after] = await server.database.db
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.id, message!.id));
    expect(after!.manualAt).toBeNull();
    expect(await tableCounts()).toEqual(before);
  });
});

describe('IPN: settings, signed notifications and history', () => {
  it('keeps the default settings until a notifyUrl is saved, shows the secret once and regenerates it', async () => {
    const who = await company('Notified');
    const initial = await server.call('getIpnSettings', {}, { token: who.token });
    expect(initial.body).toMatchObject({
      responseCode: '00',
      settings: { notifyUrl: null, notifyStatusId: 1, statusId: 1, hasSecret: false },
    });
    const saved = await server.call(
      'updateIpnSettings',
      { notifyUrl: receiver.url('/ipn-settings') },
      { token: who.token },
    );
    expect(saved.body.secret).toMatch(/^whsec_/);
    expect(saved.body.settings).toMatchObject({
      notifyUrl: receiver.url('/ipn-settings'),
      hasSecret: true,
    });
    const again = await server.call(
      'updateIpnSettings',
      { notifyUrl: receiver.url('/ipn-settings'), statusId: 0 },
      { token: who.token },
    );
    expect(again.body.secret).toBeNull();
    expect(again.body.settings).toMatchObject({ statusId: 0 });
    const regenerated = await server.call(
      'updateIpnSettings',
      { notifyUrl: receiver.url('/ipn-settings'), regenerateSecret: true },
      { token: who.token },
    );
    expect(regenerated.body.secret).toMatch(/^whsec_/);
    expect(regenerated.body.secret).not.toBe(saved.body.secret);
    // The IPN URL is not one of the company's webhooks.
    const hooks = await rest(who.token, 'GET', '/api/public-api/webhook');
    expect(hooks.json()).toMatchObject({ webhooks: [] });
  });

  it('posts a received payment to the notifyUrl signed with the IPN secret, lists it 25 a page, gets and confirms it', async () => {
    const who = await company('Ipn');
    const saved = await server.call(
      'updateIpnSettings',
      { notifyUrl: receiver.url('/ipn') },
      { token: who.token },
    );
    const payment = await paymentInto(who, `IPN-${who.customerId}`, '40.00');
    await deliverUntil(() => receiver.at('/ipn').length >= 1);
    const [entry] = receiver.at('/ipn');
    expect(new Webhook(saved.body.secret!).verify(entry!.body, headersOf(entry!))).toMatchObject({
      type: 'payment.received',
      data: { transactionId: payment.transactionId, amount: '40' },
    });

    // A payout is not a payment notification; 25 more payments make a second page.
    await server.database.db.transaction(async (tx) => {
      await enqueueWebhookEvent(tx, { customerId: who.customerId, type: 'payout.sent', data: {} });
      for (let index = 0; index < 25; index += 1)
        await enqueueWebhookEvent(tx, {
          customerId: who.customerId,
          type: 'payment.received',
          data: { index },
        });
      // Held back a day (the server's own sender leaves them alone): the history is what this test reads.
      await tx
        .update(webhookMessages)
        .set({ nextAttemptAt: new Date(Date.now() + 86_400_000) })
        .where(
          and(
            eq(webhookMessages.customerId, who.customerId),
            eq(webhookMessages.status, 'pending'),
          ),
        );
    });
    const first = await server.call('getIpnList', {}, { token: who.token });
    expect(first.body).toMatchObject({ pageSize: 25, pageNumber: 1, total: 26 });
    expect(first.body.ipnMessages).toHaveLength(25);
    const second = await server.call('getIpnList', { pageNumber: 2 }, { token: who.token });
    expect(second.body.ipnMessages).toHaveLength(1);
    const delivered = second.body.ipnMessages[0]!;
    expect(delivered).toMatchObject({
      messageId: entry!.headers['webhook-id'],
      deliveryStatus: 'delivered',
      confirmed: false,
    });

    const got = await server.call('getIpn', { id: delivered.id }, { token: who.token });
    expect(got.body.ipnMessage).toMatchObject({ id: delivered.id, body: entry!.body });
    const confirmed = await server.call('confirmIpn', { id: delivered.id }, { token: who.token });
    expect(confirmed.body.ipnMessage).toMatchObject({ confirmed: true });
    const twice = await server.call('confirmIpn', { id: delivered.id }, { token: who.token });
    expect(twice.body.ipnMessage.confirmedAt).toBe(confirmed.body.ipnMessage.confirmedAt);

    // Another company sees none of it and changes nothing.
    const stranger = await company('Other');
    const before = await tableCounts();
    for (const method of ['getIpn', 'confirmIpn'] as const) {
      const refused = await server.call(method, { id: delivered.id }, { token: stranger.token });
      expect(refused.status, method).toBe(404);
    }
    const theirs = await server.call('getIpnList', {}, { token: stranger.token });
    expect(theirs.body).toMatchObject({ ipnMessages: [], total: 0 });
    expect(await tableCounts()).toEqual(before);
    // Removing the URL gives up what still waits: nothing more is sent to it.
    await server.call('updateIpnSettings', { notifyUrl: null }, { token: who.token });
    await runWebhookDeliveries(deps());
    expect(receiver.at('/ipn')).toHaveLength(1);
  });

  it('is for business customers only', async () => {
    const personal = await createCustomer(server);
    const refused = await server.call('getIpnSettings', {}, { token: personal.token });
    expect(refused.body).toMatchObject({ responseCode: 'ENOA' });
  });
});

describe('hostile input on every webhook route', () => {
  const entries = listRestRoutes({ webhooks: webhookRoutes });

  it('covers every route of the table', () => {
    expect(entries.map((entry) => entry.name).sort()).toEqual(
      Object.keys(webhookRoutes)
        .map((name) => `webhooks.${name}`)
        .sort(),
    );
  });

  it('answers hostile ids, days, bodies and strangers with a 4xx envelope and changes nothing', async () => {
    const who = await company('Fuzzed');
    // Whatever is still due goes now, so the sender changes nothing while the fuzz runs.
    await runWebhookDeliveries(deps());
    const before = await tableCounts();
    const bodies = [
      '{"name":',
      '[1,2]',
      'null',
      jsonText({ name: 'x'.repeat(200_000), url: 'http://a.b/' }),
      jsonText({ customerId: { a: 1 }, name: ['x'], url: 7, enabled: 'yes' }),
      '{"__proto__":{"isAdmin":true},"name":"x","url":"http://a.b/"}',
      ...HOSTILE_IDS.slice(0, 6).map((id) =>
        jsonText({ customerId: id, name: 'x', url: 'http://a.b/' }),
      ),
    ];
    // Each hostile path with a plain body, and each hostile body on a plain path.
    const hostilePaths = (path: string) =>
      path.includes(':id')
        ? HOSTILE_IDS.map((id) => path.replace(':id', encodeURIComponent(String(id))))
        : path.includes(':messageId')
          ? ['msg_x', 'msg_%00', `msg_${'a'.repeat(60)}`, '..%2F..%2Fhealth'].map((id) =>
              path.replace(':messageId', id),
            )
          : [];
    const plainPath = (path: string) =>
      path.replace(':id', '1').replace(':messageId', `msg_${'a'.repeat(32)}`);
    const requests = entries.flatMap(({ name, route }) => {
      const signedIn =
        route.method === 'GET'
          ? [
              ...HOSTILE_IDS.map((id) => `?customerId=${encodeURIComponent(String(id))}`),
              ...HOSTILE_DAYS.map((day) => `?fromDate=${encodeURIComponent(String(day))}`),
              `?cursor=${'9'.repeat(40)}`,
              '?unknown=1',
            ].map((query) => ({
              url: `${route.path}${query}`,
              payload: undefined as string | undefined,
            }))
          : [
              ...hostilePaths(route.path).map((url) => ({
                url,
                payload: '{}' as string | undefined,
              })),
              ...bodies.map((payload) => ({ url: plainPath(route.path), payload })),
            ];
      const stranger = {
        url: plainPath(route.path),
        payload: route.method === 'GET' ? undefined : '{}',
      };
      return [
        { name, method: route.method, token: undefined, ...stranger },
        ...signedIn.map((request) => ({
          name,
          method: route.method,
          token: who.token,
          ...request,
        })),
      ];
    });
    for (const request of requests) {
      const response = await server.app.inject({
        method: request.method,
        url: request.url,
        headers: {
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const label = `${request.name} ${request.url} ${String(request.payload).slice(0, 60)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(typeof response.json().responseCode, label).toBe('string');
    }
    expect(await tableCounts()).toEqual(before);
  });
});
