import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@ledgerline/contract';
import {
  accounts,
  customerIdentities,
  identityWorkflowRuns,
  ledgerTransfers,
  merchantIdentityRequests,
  outbox,
  paymentRequests,
  postings,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { createCustomer, openAccount, type FixtureCustomer } from '../cards/test-fixtures';
import { Money, postTransfer, systemAccount } from '../ledger';

/*
 * Trust (issue 18): identity verification requests and reputation, through the main API, the dev
 * outbox and the provider's public page, as a merchant, the person asked and a stranger see them.
 */

const FIXTURES = new URL('../../../../../e2e/fixtures/identity/', import.meta.url);
const fixture = (name: string) => readFile(new URL(name, FIXTURES));

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
}, 240_000);
afterAll(async () => server.close());

let counter = 0;
async function company(values: { brandId?: string } = {}): Promise<FixtureCustomer> {
  counter += 1;
  return createCustomer(server, {
    customerType: 2,
    businessName: `Trust ${counter} Ltd`,
    firstName: null,
    ...values,
  });
}

async function balanceOf(accountId: number): Promise<string> {
  const [row] = await db()
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return String(Number(row?.balance));
}

/** The bank's fee revenue: the sum of its postings (a system account's balance column is not kept). */
async function feeRevenue(currencyCode: string): Promise<string> {
  const account = await db().transaction((tx) => systemAccount(tx, 'feeRevenue', currencyCode));
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)::text` })
    .from(postings)
    .where(eq(postings.accountId, account.id));
  return row?.total ?? '0';
}

async function outboxTo(email: string): Promise<OutboxMessage[]> {
  const response = await server.app.inject({ method: 'GET', url: '/dev/outbox.json' });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ messages: OutboxMessage[] }>()
    .messages.filter((message) => message.recipient === email);
}

function createInput(accountId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Maria Popescu',
    email: `buyer-${randomUUID()}@trust.test`,
    accountId,
    reference: 'Order 7731',
    fee: '2.5',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** What a refused request must not change. */
async function counts() {
  const [requests] = await db().select({ n: count() }).from(merchantIdentityRequests);
  const [runs] = await db().select({ n: count() }).from(identityWorkflowRuns);
  const [mails] = await db().select({ n: count() }).from(outbox);
  const [transfers] = await db().select({ n: count() }).from(ledgerTransfers);
  return { requests: requests?.n, runs: runs?.n, mails: mails?.n, transfers: transfers?.n };
}

async function upload(base: string, step: string, name: string, type = 'image/jpeg') {
  const file = step === 'selfie' ? 'selfie.png' : `passport-${step}.jpg`;
  const response = await server.app.inject({
    method: 'PUT',
    url: `${base}/images/${step}?fileName=${encodeURIComponent(name)}`,
    headers: { 'content-type': step === 'selfie' ? 'image/png' : type },
    payload: await fixture(file),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('identity verification requests', () => {
  it('charges the fee it showed, e-mails a working link, and follows the run to its result', async () => {
    const merchant = await company();
    const account = await openAccount(server, merchant.customerId, { balance: '10' });
    const revenueBefore = await feeRevenue('EUR');

    const fee = await server.call(
      'getIdentityVerificationFee',
      { accountId: account.id },
      { token: merchant.token },
    );
    expect(fee.status).toBe(200);
    expect(fee.body.fee).toEqual({ amount: '2.5', currencyCode: 'EUR' });

    const input = createInput(account.id, { fee: fee.body.fee.amount });
    const created = await server.call('createIdentityVerificationRequest', input, {
      token: merchant.token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.identity).toMatchObject({
      name: 'Maria Popescu',
      email: input.email,
      reference: 'Order 7731',
      status: 'sent',
      fee: { amount: '2.5', currencyCode: 'EUR' },
      accountId: account.id,
    });
    // Exactly the fee left the account and reached the bank's fee revenue.
    expect(await balanceOf(account.id)).toBe('7.5');
    expect(new Money(await feeRevenue('EUR')).minus(revenueBefore).toFixed()).toBe('2.5');

    // The person's e-mail is in the dev outbox with the link to the provider's page.
    const [mail] = await outboxTo(input.email);
    expect(mail?.subject).toContain('Trust');
    const link = /\/identity-verification\/(\d+)\/([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '');
    expect(link, mail?.body).not.toBeNull();
    expect(Number(link![1])).toBe(created.body.identity.workflowRunId);
    const base = `/api/identity-verification/provider/runs/${link![1]}/${link![2]}`;
    const session = await server.app.inject({ method: 'GET', url: base });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({
      state: 'started',
      kind: 'document',
      purpose: 'merchant',
    });

    // The person completes the check on the public page: the request shows the provider's answer.
    await upload(base, 'front', 'passport-front.jpg');
    await upload(base, 'back', 'passport-back.jpg');
    await upload(base, 'selfie', 'selfie.png');
    const submitted = await server.app.inject({ method: 'POST', url: `${base}/submit` });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ state: 'completed', outcome: 'accepted' });

    const list = await server.call('getIdentities', {}, { token: merchant.token });
    expect(list.body).toMatchObject({ total: 1, pageSize: 1000, filterEmpty: true });
    expect(list.body.identities[0]).toMatchObject({
      id: created.body.identity.id,
      status: 'accepted',
    });

    const history = await server.call(
      'getIdentityVerificationHistory',
      { id: created.body.identity.id },
      { token: merchant.token },
    );
    expect(history.body.events.map((event: { status: string }) => event.status)).toEqual([
      'accepted',
      'submitted',
      'sent',
    ]);

    // The result is the person's, not the company's own identity.
    const identities = await db()
      .select()
      .from(customerIdentities)
      .where(eq(customerIdentities.customerId, merchant.customerId));
    expect(identities).toEqual([]);
    const status = await server.app.inject({
      method: 'GET',
      url: '/api/identity-verification',
      headers: { authorization: `Bearer ${merchant.token}` },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ latestRun: null, verificationInProgress: false });
  });

  it('shows a refused check as rejected, and tells the merchant user nothing about their own identity', async () => {
    const merchant = await company();
    const account = await openAccount(server, merchant.customerId, { balance: '10' });
    const events: { userId: number; type: string }[] = [];
    const publish = server.services.realtime.publish.bind(server.services.realtime);
    server.services.realtime.publish = async (userId, event) => {
      events.push({ userId, type: event.type });
      await publish(userId, event);
    };
    try {
      const input = createInput(account.id);
      const created = await server.call('createIdentityVerificationRequest', input, {
        token: merchant.token,
      });
      const [mail] = await outboxTo(input.email);
      const link = /\/identity-verification\/(\d+)\/([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '');
      const base = `/api/identity-verification/provider/runs/${link![1]}/${link![2]}`;
      await upload(base, 'front', 'passport-front.jpg');
      await upload(base, 'back', 'passport-back.jpg');
      await upload(base, 'selfie', 'reject-me.png');
      const submitted = await server.app.inject({ method: 'POST', url: `${base}/submit` });
      expect(submitted.json()).toMatchObject({ state: 'completed', outcome: 'rejected' });
      const list = await server.call(
        'getIdentities',
        { status: 'rejected' },
        { token: merchant.token },
      );
      expect(list.body.identities.map((row) => row.id)).toEqual([created.body.identity.id]);
      expect(events.filter((event) => event.userId === merchant.userId)).toEqual([]);
    } finally {
      server.services.realtime.publish = publish;
    }
  });

  it('refuses when the account lacks the fee, and changes nothing', async () => {
    const merchant = await company();
    const account = await openAccount(server, merchant.customerId, { balance: '2.49' });
    const before = await counts();
    const refused = await server.call(
      'createIdentityVerificationRequest',
      createInput(account.id),
      {
        token: merchant.token,
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { accountId: 'validation.insufficientFunds' },
    });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(account.id)).toBe('2.49');
  });

  it('refuses a fee other than the one shown, charging nothing', async () => {
    const merchant = await company();
    const account = await openAccount(server, merchant.customerId, { balance: '10' });
    const before = await counts();
    for (const fee of ['2.49', '2.501', '25']) {
      const refused = await server.call(
        'createIdentityVerificationRequest',
        createInput(account.id, { fee }),
        { token: merchant.token },
      );
      expect(refused.status, fee).toBe(400);
      expect(refused.body.validationErrors).toEqual({ fee: 'validation.feeChanged' });
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(account.id)).toBe('10');
  });

  it('answers a retry with the first request and charges once; another request with the key is refused', async () => {
    const merchant = await company();
    const account = await openAccount(server, merchant.customerId, { balance: '10' });
    const input = createInput(account.id);
    const first = await server.call('createIdentityVerificationRequest', input, {
      token: merchant.token,
    });
    const again = await server.call('createIdentityVerificationRequest', input, {
      token: merchant.token,
    });
    expect(again.body.identity.id).toBe(first.body.identity.id);
    expect(await balanceOf(account.id)).toBe('7.5');
    expect(await outboxTo(input.email)).toHaveLength(1);
    const other = await server.call(
      'createIdentityVerificationRequest',
      { ...input, name: 'Someone Else' },
      { token: merchant.token },
    );
    expect(other.status).toBe(400);
    expect(other.body.validationErrors).toEqual({
      idempotencyKey: 'validation.idempotencyKeyReused',
    });
    expect(await balanceOf(account.id)).toBe('7.5');
  });

  it('filters the list by status and text, dropping empty values', async () => {
    const merchant = await company();
    const account = await openAccount(server, merchant.customerId, { balance: '20' });
    for (const name of ['Ana Lungu', 'Bogdan Rusu', 'Carla 100%_x'])
      await server.call('createIdentityVerificationRequest', createInput(account.id, { name }), {
        token: merchant.token,
      });
    const token = { token: merchant.token };
    const all = await server.call('getIdentities', { status: '', query: '  ' }, token);
    expect(all.body).toMatchObject({ total: 3, filterEmpty: true });
    const byText = await server.call('getIdentities', { query: ' bogdan ' }, token);
    expect(byText.body).toMatchObject({ total: 1, filterEmpty: false });
    expect(byText.body.identities.map((row) => row.name)).toEqual(['Bogdan Rusu']);
    // % and _ are letters, not patterns.
    const literal = await server.call('getIdentities', { query: '%_' }, token);
    expect(literal.body.identities.map((row) => row.name)).toEqual(['Carla 100%_x']);
    const sent = await server.call('getIdentities', { status: 'sent' }, token);
    expect(sent.body.total).toBe(3);
    const accepted = await server.call('getIdentities', { status: 'accepted' }, token);
    expect(accepted.body).toMatchObject({ total: 0, identities: [], filterEmpty: false });
    const unknown = await server.send('getIdentities', { status: 'approved' }, token);
    expect(unknown.status).toBe(400);
  });

  it("treats another company's account and request as not found", async () => {
    const merchant = await company();
    const stranger = await company();
    const theirs = await openAccount(server, stranger.customerId, { balance: '10' });
    const own = await openAccount(server, merchant.customerId, { balance: '10' });
    const created = await server.call('createIdentityVerificationRequest', createInput(own.id), {
      token: merchant.token,
    });
    const before = await counts();
    const fee = await server.call(
      'getIdentityVerificationFee',
      { accountId: theirs.id },
      { token: merchant.token },
    );
    expect(fee.status).toBe(404);
    const charge = await server.call('createIdentityVerificationRequest', createInput(theirs.id), {
      token: merchant.token,
    });
    expect(charge.status).toBe(404);
    const history = await server.call(
      'getIdentityVerificationHistory',
      { id: created.body.identity.id },
      { token: stranger.token },
    );
    expect(history.status).toBe(404);
    const list = await server.call('getIdentities', {}, { token: stranger.token });
    expect(list.body).toMatchObject({ total: 0, identities: [] });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(theirs.id)).toBe('10');
  });

  it('needs merchant rights: a personal customer is refused and nothing changes', async () => {
    const person = await createCustomer(server);
    const account = await openAccount(server, person.customerId, { balance: '10' });
    const before = await counts();
    for (const [method, body] of [
      ['getIdentityVerificationFee', { accountId: account.id }],
      ['createIdentityVerificationRequest', createInput(account.id)],
      ['getIdentities', {}],
      ['getIdentityVerificationHistory', {}],
      ['getReputation', { email: 'someone@trust.test' }],
    ] as const) {
      const refused = await server.call(method, body, { token: person.token });
      expect(refused.status, method).toBe(403);
      expect(refused.body.responseCode, method).toBe('ENOA');
    }
    expect(await counts()).toEqual(before);
  });

  it('answers hostile ids, amounts and keys with a 4xx envelope and changes nothing', async () => {
    const merchant = await company();
    const account = await openAccount(server, merchant.customerId, { balance: '10' });
    const before = await counts();
    const bodies: [string, unknown][] = [
      ...HOSTILE_IDS.map((id): [string, unknown] => [
        'getIdentityVerificationFee',
        { accountId: id },
      ]),
      ...HOSTILE_IDS.map((id): [string, unknown] => ['getIdentityVerificationHistory', { id }]),
      ...HOSTILE_IDS.map((id): [string, unknown] => ['getIdentities', { pageNumber: id }]),
      ...HOSTILE_IDS.map((id): [string, unknown] => [
        'createIdentityVerificationRequest',
        createInput(account.id, { accountId: id }),
      ]),
      ...['-2.5', '2.5e0', '1e309', 'NaN', '', '0', '2.5000000001', 2.5].map(
        (fee): [string, unknown] => [
          'createIdentityVerificationRequest',
          createInput(account.id, { fee }),
        ],
      ),
      ['createIdentityVerificationRequest', createInput(account.id, { idempotencyKey: 'x' })],
      ['createIdentityVerificationRequest', createInput(account.id, { email: 'not-an-email' })],
      ['createIdentityVerificationRequest', createInput(account.id, { name: ' ' })],
      ['createIdentityVerificationRequest', createInput(account.id, { name: 'N'.repeat(500) })],
      ['getIdentities', { query: 'q'.repeat(1000) }],
      ['getReputation', { email: 'x'.repeat(300) }],
      ['getReputation', { email: '  ' }],
    ];
    for (const [method, body] of bodies) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/main/?${method}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${merchant.token}` },
        payload: jsonText(body),
      });
      const label = `${method} ${jsonText(body).slice(0, 120)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.json().responseCode, label).toMatch(/\S/);
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(account.id)).toBe('10');
  });
});

/** Money between two customers' accounts through the ledger (a fixture: a p2p payment or its refund). */
async function pay(
  fromAccountId: number,
  toAccountId: number,
  amount: string,
  kind = 'p2p',
): Promise<string> {
  return db().transaction(async (tx) => {
    const posted = await postTransfer(tx, {
      kind,
      customerId: null,
      initiatedByUserId: null,
      status: 'settled',
      postings: [
        { accountId: fromAccountId, amount: `-${amount}` },
        { accountId: toAccountId, amount },
      ],
    });
    return posted.id;
  });
}

describe('reputation', () => {
  it("shows the company's own dealings with a payer of its brand, the e-mail trimmed and without case", async () => {
    const merchant = await company();
    const shop = await openAccount(server, merchant.customerId, { balance: '100' });
    const payer = await createCustomer(server);
    const wallet = await openAccount(server, payer.customerId, { balance: '100' });
    await pay(wallet.id, shop.id, '40');
    await pay(shop.id, wallet.id, '15', 'refund');

    const answer = await server.call(
      'getReputation',
      { email: `  ${payer.email.toUpperCase()}  ` },
      { token: merchant.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.summary).toMatchObject({
      identityVerified: false,
      customerSince: new Date().toISOString().slice(0, 7),
    });
    expect(answer.body).toMatchObject({ total: 2, pageSize: 100, pageNumber: 1 });
    expect(answer.body.entries.map((entry) => [entry.kind, entry.amount])).toEqual(
      expect.arrayContaining([
        ['paymentReceived', '40'],
        ['refund', '15'],
      ]),
    );
  });

  it('names a paid payment request, a pre-approved pull and a refund by their own kinds', async () => {
    const merchant = await company();
    const shop = await openAccount(server, merchant.customerId, { balance: '100' });
    const payer = await createCustomer(server);
    const wallet = await openAccount(server, payer.customerId, { balance: '100' });
    // A P2P payment that paid one of the company's payment requests (pay's table names it).
    const paid = await pay(wallet.id, shop.id, '30');
    await db()
      .insert(paymentRequests)
      .values({
        customerId: merchant.customerId,
        accountId: shop.id,
        brandId: 'pebble',
        token: randomUUID(),
        amount: '30',
        currencyCode: 'EUR',
        description: 'Order 1',
        linkOrigin: 'http://localhost',
        status: 'paid',
        expiresAt: new Date(Date.now() + 86_400_000),
        paymentTransferId: paid,
        payerCustomerId: payer.customerId,
        payerAccountId: wallet.id,
        paidAt: new Date(),
      });
    // An ordinary P2P payment stays a payment received.
    await pay(wallet.id, shop.id, '3');
    await pay(wallet.id, shop.id, '12.5', 'preapprovedPull');
    await pay(shop.id, wallet.id, '10', 'refund');

    const answer = await server.call(
      'getReputation',
      { email: payer.email },
      { token: merchant.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.summary).not.toBeNull();
    expect(answer.body.total).toBe(4);
    expect(answer.body.entries.map((entry) => [entry.kind, entry.amount, entry.status])).toEqual(
      expect.arrayContaining([
        ['paymentRequestPaid', '30', 'settled'],
        ['paymentReceived', '3', 'settled'],
        ['preapprovedPull', '12.5', 'settled'],
        ['refund', '10', 'settled'],
      ]),
    );
  });

  it('lists a pre-approval the payer gave the company and its cancellation, with no money moved', async () => {
    const merchant = await company();
    await openAccount(server, merchant.customerId, { currencyCode: 'EUR' });
    const payer = await createCustomer(server);
    const wallet = await openAccount(server, payer.customerId, {
      currencyCode: 'EUR',
      balance: '100',
    });
    const created = await server.call(
      'createPreapprovedPayment',
      {
        beneficiaryEmail: merchant.email,
        fromAccount: wallet.id,
        amount: '20.00',
        frequency: 'monthly',
      },
      { token: payer.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const before = await server.call(
      'getReputation',
      { email: payer.email },
      { token: merchant.token },
    );
    expect(before.body.summary).not.toBeNull();
    expect(before.body.entries).toEqual([
      expect.objectContaining({
        kind: 'preapproval',
        amount: '20',
        currencyCode: 'EUR',
        status: 'active',
      }),
    ]);

    const cancelled = await server.call(
      'cancelPreapprovedPayment',
      { id: created.body.preapproval.id },
      { token: payer.token },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await server.call(
      'getReputation',
      { email: payer.email },
      { token: merchant.token },
    );
    expect(after.body.total).toBe(2);
    expect(after.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'preapproval', status: 'cancelled' }),
        expect.objectContaining({ kind: 'subscriptionCancelled', status: 'payer', amount: null }),
      ]),
    );
    // Another company the payer gave nothing sees nothing.
    const other = await company();
    const theirs = await server.call(
      'getReputation',
      { email: payer.email },
      { token: other.token },
    );
    expect(theirs.body).toMatchObject({ entries: [], total: 0, summary: null });
  });

  it('answers a stranger, another brand and an unknown e-mail alike: nothing', async () => {
    const merchant = await company();
    const shop = await openAccount(server, merchant.customerId, { balance: '100' });
    // A customer of the brand who never dealt with this company (but with another one).
    const other = await company();
    const otherShop = await openAccount(server, other.customerId);
    const stranger = await createCustomer(server);
    const strangerWallet = await openAccount(server, stranger.customerId, { balance: '50' });
    await pay(strangerWallet.id, otherShop.id, '5');
    // A customer of another brand who did pay this company.
    const foreign = await createCustomer(server, { brandId: 'northmere' });
    const foreignWallet = await openAccount(server, foreign.customerId, { balance: '50' });
    await pay(foreignWallet.id, shop.id, '5');

    const answers = [];
    for (const email of [stranger.email, foreign.email, 'nobody-here@trust.test']) {
      const answer = await server.call('getReputation', { email }, { token: merchant.token });
      expect(answer.status).toBe(200);
      answers.push(answer.body);
    }
    for (const body of answers)
      expect(body).toEqual({
        responseCode: '00',
        responseDescription: 'Success',
        summary: null,
        entries: [],
        pageSize: 100,
        pageNumber: 1,
        total: 0,
      });
  });

  it("lists the company's own identity requests to the address", async () => {
    const merchant = await company();
    const shop = await openAccount(server, merchant.customerId, { balance: '100' });
    const input = createInput(shop.id);
    await server.call('createIdentityVerificationRequest', input, { token: merchant.token });
    const answer = await server.call(
      'getReputation',
      { email: ` ${input.email} ` },
      { token: merchant.token },
    );
    expect(answer.body.summary).toBeNull();
    expect(answer.body.entries).toEqual([
      expect.objectContaining({ kind: 'identityRequest', status: 'sent', amount: null }),
    ]);
    // Another company sees none of it.
    const other = await company();
    const theirs = await server.call(
      'getReputation',
      { email: input.email },
      { token: other.token },
    );
    expect(theirs.body).toMatchObject({ entries: [], total: 0, summary: null });
  });
});
