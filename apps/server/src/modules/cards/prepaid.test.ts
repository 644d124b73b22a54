import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prepaidCardMethods } from '@ledgerline/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CARD_STATUS } from '@ledgerline/domain';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { openSocket } from '../../../test/realtime-client';
import { assertLedgerBalanced } from '../../../test/ledger';
import {
  accounts,
  customerAccess,
  ledgerTransfers,
  outbox,
  postings,
  transferPermissions,
} from '../../db/schema';
import { selectRows } from '../../db/client';
import { DEMO_PREPAID_EMAIL, DEMO_PREPAID_PHONE } from '../../db/seed-prepaid-cards';
import { Money } from '../ledger/money';
import {
  createCard,
  createCustomer,
  fund,
  openAccount,
  snapshot,
  type FixtureCustomer,
} from './test-fixtures';

/*
 * Prepaid card loading and unloading, and 3-D Secure enrollment (issue 16C), through the main API
 * as a customer calls it. Fixture customers of their own; the seeded prepaid@ for the SMS path.
 */

let server: TestServer;
const db = () => server.database.db;

let base = '';
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `127.0.0.1:${address.port}`;
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(db());
});
afterAll(async () => {
  await server.close();
});

async function grantFlags(
  who: FixtureCustomer,
  flags: Record<string, boolean>,
  userId = who.userId,
) {
  await db().insert(transferPermissions).values({ userId, customerId: who.customerId, flags });
}

interface Holder {
  who: FixtureCustomer;
  eur: number;
  card: number;
}

/** A verified customer with the load flag, a funded EUR account and an active prepaid EUR card. */
async function holder(
  options: { balance?: string; flag?: boolean; statusId?: number } = {},
): Promise<Holder> {
  const who = await createCustomer(server);
  if (options.flag !== false) await grantFlags(who, { 'otherPerson.loadPrepaidCard': true });
  const eur = await openAccount(server, who.customerId, { balance: options.balance ?? '1000' });
  const card = await createCard(server, who.customerId, {
    cardType: 2007,
    statusId: options.statusId ?? CARD_STATUS.active,
  });
  return { who, eur: eur.id, card: card.id };
}

async function balanceOf(accountId: number): Promise<string> {
  const [row] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return new Money(row!.balance).toFixed(2);
}

async function postingCount(): Promise<number> {
  const [row] = await selectRows<{ n: string }>(
    db(),
    sql`select count(*)::text as n from ${postings}`,
  );
  return Number(row?.n ?? 0);
}

function load(h: Holder, amount: string, key = randomUUID(), paymentAccountId = h.eur) {
  return server.call(
    'loadPrepaidCard',
    { accountId: h.card, paymentAccountId, amount, idempotencyKey: key },
    { token: h.who.token },
  );
}

describe('loading a prepaid card', () => {
  it('quotes, then loads an active card at once: the card gains the amount, the account pays it and the fee', async () => {
    const h = await holder();
    const quote = await server.call(
      'quotePrepaidCard',
      { accountId: h.card, paymentAccountId: h.eur, amount: '100', direction: 'load' },
      { token: h.who.token },
    );
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({
      direction: 'load',
      amount: '100',
      currency: 'EUR',
      accountAmount: '100',
      accountCurrency: 'EUR',
      rate: '1',
      fee: '0.5',
      feeCurrency: 'EUR',
      total: '100.5',
      cardBalanceAfter: '100',
    });
    const loaded = await load(h, '100');
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ status: 'settled', operationId: null, fee: '0.5' });
    expect(await balanceOf(h.card)).toBe('100.00');
    expect(await balanceOf(h.eur)).toBe('899.50');
    const [transfer] = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, loaded.body.transactionId));
    expect(transfer).toMatchObject({ kind: 'prepaidCardLoad', status: 'settled' });

    const history = await server.call(
      'getTransactionHistory',
      { accountId: h.card },
      { token: h.who.token },
    );
    expect(history.status).toBe(200);
  });

  it('tells the owner’s open pages at once that the card and the account changed', async () => {
    const h = await holder();
    const ticket = await server.app.inject({
      method: 'POST',
      url: '/api/auth/realtime-ticket',
      headers: { authorization: `Bearer ${h.who.token}` },
    });
    const socket = await openSocket(
      `ws://${base}/realtime?ticket=${(ticket.json() as { ticket: string }).ticket}`,
      `http://${base}`,
    );
    try {
      expect((await load(h, '25')).status).toBe(200);
      await expect
        .poll(() =>
          socket.messages
            .filter((message) => message.type === 'AccountChanged')
            .map((message) => (message.payload as { accountId: number }).accountId)
            .sort((a, b) => a - b),
        )
        .toEqual([h.eur, h.card].sort((a, b) => a - b));
    } finally {
      socket.socket.close();
    }
  });

  it('loads from an account in another currency at the recorded rate, the card getting exactly the amount', async () => {
    const h = await holder();
    const usd = await openAccount(server, h.who.customerId, {
      currencyCode: 'USD',
      balance: '500',
    });
    const quote = await server.call(
      'quotePrepaidCard',
      { accountId: h.card, paymentAccountId: usd.id, amount: '50', direction: 'load' },
      { token: h.who.token },
    );
    expect(quote.status).toBe(200);
    expect(quote.body.accountCurrency).toBe('USD');
    expect(quote.body.rate).not.toBe('1');
    const leaves = new Money(quote.body.accountAmount);
    expect(leaves.toFixed(2)).toBe(new Money(50).dividedBy(quote.body.rate).toFixed(2));
    const loaded = await load(h, '50', randomUUID(), usd.id);
    expect(loaded.status).toBe(200);
    expect(await balanceOf(h.card)).toBe('50.00');
    expect(await balanceOf(usd.id)).toBe(new Money(500).minus(quote.body.total).toFixed(2));
  });

  it('waits for the seeded customer’s SMS code: the card changes only once it is confirmed', async () => {
    const token = await server.signIn(DEMO_PREPAID_EMAIL);
    const list = await server.call('getAccounts', {}, { token });
    const card = list.body.accounts.find((account) => account.subType === 'PREPAID')!;
    const eur = list.body.accounts.find(
      (account) => account.type === 1001 && account.currencyCode === 'EUR',
    )!;
    const cardBefore = await balanceOf(card.accountId);
    const started = await server.call(
      'loadPrepaidCard',
      {
        accountId: card.accountId,
        paymentAccountId: eur.accountId,
        amount: '30',
        idempotencyKey: randomUUID(),
      },
      { token },
    );
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'pending', approveType: 2 });
    expect(await balanceOf(card.accountId)).toBe(cardBefore);
    const [sms] = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(eq(outbox.recipient, DEMO_PREPAID_PHONE))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(sms?.body).toContain('Prepaid card ••••');
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
    const confirmed = await server.call(
      'confirmTransaction',
      { operationId: started.body.operationId!, code: code! },
      { token },
    );
    expect(confirmed.status).toBe(200);
    expect(await balanceOf(card.accountId)).toBe(new Money(cardBefore).plus(30).toFixed(2));
  });

  it('moves money once for a retry with the same key, and refuses the key for another amount', async () => {
    const h = await holder();
    const key = randomUUID();
    const first = await load(h, '40', key);
    const again = await load(h, '40', key);
    expect(again.body.transactionId).toBe(first.body.transactionId);
    expect(await balanceOf(h.card)).toBe('40.00');
    const other = await load(h, '41', key);
    expect(other.status).toBe(400);
    expect(other.body.validationErrors).toEqual({
      idempotencyKey: 'validation.idempotencyKeyReused',
    });
    expect(await balanceOf(h.card)).toBe('40.00');
  });

  it('keeps to the product’s limits: minimum, per load, per day and the most the card may hold', async () => {
    const h = await holder({ balance: '20000' });
    const refusedWith = async (amount: string, key: string) => {
      const before = await postingCount();
      const answer = await load(h, amount);
      expect(answer.status, amount).toBe(400);
      expect(answer.body.validationErrors).toEqual({ amount: key });
      expect(await postingCount()).toBe(before);
    };
    await refusedWith('4.99', 'validation.cardLoadTooSmall');
    await refusedWith('2500.01', 'validation.limitExceeded');
    expect((await load(h, '2500')).status).toBe(200);
    expect((await load(h, '2500')).status).toBe(200);
    await refusedWith('5', 'validation.limitExceeded');
    const limits = await server.call(
      'getPrepaidCardLimits',
      { accountId: h.card },
      { token: h.who.token },
    );
    expect(limits.body).toMatchObject({
      balance: '5000',
      daily: { limit: '5000', used: '5000', remaining: '0' },
      maxBalance: '10000',
      roomLeft: '5000',
      canUnload: true,
    });

    const full = await holder();
    await fund(server, full.card, '9990');
    const over = await load(full, '10.01');
    expect(over.body.validationErrors).toEqual({ amount: 'validation.cardMaxBalance' });
    expect((await load(full, '10')).status).toBe(200);
  });

  it('refuses every card status but active, and changes nothing', async () => {
    for (const statusId of [
      CARD_STATUS.paused,
      CARD_STATUS.expired,
      CARD_STATUS.canceled,
      CARD_STATUS.submitted,
      CARD_STATUS.fraud,
    ]) {
      const h = await holder({ statusId });
      const before = await snapshot(server, h.card);
      const answer = await load(h, '10');
      expect(answer.status, String(statusId)).toBe(400);
      expect(answer.body.validationErrors).toEqual({
        accountId: 'validation.cardActionNotAllowed',
      });
      expect(await snapshot(server, h.card)).toEqual(before);
    }
  });

  it('refuses a debit card, and a user without the “load prepaid card” flag', async () => {
    const h = await holder();
    const debit = await createCard(server, h.who.customerId, {
      statusId: CARD_STATUS.active,
      settlementAccountId: h.eur,
    });
    const onDebit = await server.call(
      'loadPrepaidCard',
      { accountId: debit.id, paymentAccountId: h.eur, amount: '10', idempotencyKey: randomUUID() },
      { token: h.who.token },
    );
    expect(onDebit.body.validationErrors).toEqual({ accountId: 'validation.cardNotPrepaid' });

    const noFlag = await holder({ flag: false });
    const before = await postingCount();
    const refused = await load(noFlag, '10');
    expect(refused.status).toBe(403);
    expect(refused.body.responseCode).toBe('ENOA');
    expect(await postingCount()).toBe(before);
  });

  it('answers another customer’s card or account as not found, and nothing moves', async () => {
    const mine = await holder();
    const theirs = await holder();
    const before = await postingCount();
    const onTheirCard = await server.call(
      'loadPrepaidCard',
      {
        accountId: theirs.card,
        paymentAccountId: mine.eur,
        amount: '10',
        idempotencyKey: randomUUID(),
      },
      { token: mine.who.token },
    );
    expect(onTheirCard.status).toBe(404);
    const fromTheirAccount = await server.call(
      'loadPrepaidCard',
      {
        accountId: mine.card,
        paymentAccountId: theirs.eur,
        amount: '10',
        idempotencyKey: randomUUID(),
      },
      { token: mine.who.token },
    );
    expect(fromTheirAccount.status).toBe(404);
    const unloadToTheirs = await server.call(
      'unloadPrepaidCard',
      {
        accountId: mine.card,
        paymentAccountId: theirs.eur,
        amount: '1',
        idempotencyKey: randomUUID(),
      },
      { token: mine.who.token },
    );
    expect(unloadToTheirs.status).toBe(404);
    expect(await postingCount()).toBe(before);
    expect(await balanceOf(theirs.eur)).toBe('1000.00');
  });

  it('never takes more than the account holds when loads run at once', async () => {
    const h = await holder({ balance: '300' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => load(h, '100')));
    const settled = answers.filter((answer) => answer.status === 200);
    expect(settled).toHaveLength(2);
    for (const answer of answers.filter((item) => item.status !== 200))
      expect(answer.body.validationErrors).toEqual({ amount: 'validation.insufficientFunds' });
    expect(await balanceOf(h.card)).toBe('200.00');
    expect(await balanceOf(h.eur)).toBe('99.00');
  });

  it('refuses staff acting for the customer, and a user with initiate access only', async () => {
    const h = await holder();
    const admin = await server.signIn('admin@ledgerline.test');
    const before = await postingCount();
    const staff = await server.call(
      'loadPrepaidCard',
      { accountId: h.card, paymentAccountId: h.eur, amount: '10', idempotencyKey: randomUUID() },
      { token: admin, fromCustomerId: h.who.customerId },
    );
    expect(staff.status).toBe(403);
    expect(staff.body.validationErrors).toEqual({ _: 'validation.staffCannotMoveMoney' });

    const clerk = await createCustomer(server);
    await db()
      .insert(customerAccess)
      .values({ userId: clerk.userId, customerId: h.who.customerId, accessRight: 3 });
    await grantFlags(h.who, { 'otherPerson.loadPrepaidCard': true }, clerk.userId);
    const initiate = await server.call(
      'loadPrepaidCard',
      { accountId: h.card, paymentAccountId: h.eur, amount: '10', idempotencyKey: randomUUID() },
      { token: clerk.token, fromCustomerId: h.who.customerId },
    );
    expect(initiate.status).toBe(403);
    expect(await postingCount()).toBe(before);
  });
});

describe('unloading a prepaid card', () => {
  it('moves money back to a payment account, its fee taken from the card; more than it holds is refused', async () => {
    const h = await holder();
    await load(h, '100');
    const quote = await server.call(
      'quotePrepaidCard',
      { accountId: h.card, paymentAccountId: h.eur, amount: '50', direction: 'unload' },
      { token: h.who.token },
    );
    expect(quote.body).toMatchObject({
      fee: '1',
      feeCurrency: 'EUR',
      total: '51',
      accountAmount: '50',
      cardBalanceAfter: '49',
    });
    const unloaded = await server.call(
      'unloadPrepaidCard',
      { accountId: h.card, paymentAccountId: h.eur, amount: '50', idempotencyKey: randomUUID() },
      { token: h.who.token },
    );
    expect(unloaded.status).toBe(200);
    expect(await balanceOf(h.card)).toBe('49.00');
    expect(await balanceOf(h.eur)).toBe('949.50');
    const tooMuch = await server.call(
      'unloadPrepaidCard',
      { accountId: h.card, paymentAccountId: h.eur, amount: '48.01', idempotencyKey: randomUUID() },
      { token: h.who.token },
    );
    expect(tooMuch.body.validationErrors).toEqual({ amount: 'validation.insufficientFunds' });
    expect(await balanceOf(h.card)).toBe('49.00');
  });
});

describe('3-D Secure enrollment', () => {
  async function lastEmailCode(recipient: string): Promise<string> {
    const [message] = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, 'email')))
      .orderBy(desc(outbox.id))
      .limit(1);
    return /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
  }

  it('enrolls an active card with the user’s own code, shows it on the card, and turns it off', async () => {
    const h = await holder();
    const started = await server.call(
      'startCardEnrollment',
      { accountId: h.card },
      { token: h.who.token },
    );
    expect(started.status).toBe(200);
    expect(started.body.approveType).toBe(4);
    const wrong = await server.call(
      'confirmCardEnrollment',
      { accountId: h.card, operationId: started.body.operationId, code: '000000' },
      { token: h.who.token },
    );
    expect(wrong.status).toBe(400);
    const confirmed = await server.call(
      'confirmCardEnrollment',
      {
        accountId: h.card,
        operationId: started.body.operationId,
        code: await lastEmailCode(h.who.email),
      },
      { token: h.who.token },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.account.cardSecureEnrolled).toBe(true);
    const listed = await server.call('getAccounts', {}, { token: h.who.token });
    expect(
      listed.body.accounts.find((account) => account.accountId === h.card)?.cardSecureEnrolled,
    ).toBe(true);
    const cancelled = await server.call(
      'cancelCardEnrollment',
      { accountId: h.card },
      { token: h.who.token },
    );
    expect(cancelled.body.account.cardSecureEnrolled).toBe(false);
  });

  it('refuses enrollment of a card that is not active', async () => {
    const h = await holder({ statusId: CARD_STATUS.paused });
    const refused = await server.call(
      'startCardEnrollment',
      { accountId: h.card },
      { token: h.who.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({
      accountId: 'validation.cardActionNotAllowed',
    });
    const other = await holder();
    const notMine = await server.call(
      'startCardEnrollment',
      { accountId: other.card },
      { token: h.who.token },
    );
    expect(notMine.status).toBe(404);
  });
});

describe('fuzzing every prepaid card method', () => {
  it('answers a clear 4xx to any broken payload and moves nothing', async () => {
    const h = await holder();
    const theirs = await holder();
    const badId = [theirs.card, ...HOSTILE_IDS, 'x', true, {}, []];
    const badAmount = ['0', '-1', '1.000000001', '0.005', '1e3', '', 'abc', 12, '1'.repeat(30), {}];
    const badKey = ['not-a-uuid', '', 1, {}, 'g'.repeat(36)];
    const movement = { accountId: h.card, paymentAccountId: h.eur, amount: '10' };
    const base: Record<string, { valid: Record<string, unknown>; bad: Record<string, unknown[]> }> =
      {
        getPrepaidCardLimits: { valid: { accountId: h.card }, bad: { accountId: badId } },
        quotePrepaidCard: {
          valid: { ...movement, direction: 'load' },
          bad: {
            accountId: badId,
            paymentAccountId: [theirs.eur, ...badId],
            amount: badAmount,
            direction: ['sideways', 1, {}],
          },
        },
        loadPrepaidCard: {
          valid: { ...movement, idempotencyKey: randomUUID() },
          bad: {
            accountId: badId,
            paymentAccountId: [theirs.eur, ...badId],
            amount: badAmount,
            idempotencyKey: badKey,
          },
        },
        unloadPrepaidCard: {
          valid: { ...movement, idempotencyKey: randomUUID() },
          bad: {
            accountId: badId,
            paymentAccountId: [theirs.eur, ...badId],
            amount: badAmount,
            idempotencyKey: badKey,
          },
        },
        startCardEnrollment: { valid: { accountId: h.card }, bad: { accountId: badId } },
        confirmCardEnrollment: {
          valid: { accountId: h.card, operationId: randomUUID(), code: '123456' },
          bad: {
            accountId: badId,
            operationId: ['x', 1, {}, ''],
            code: ['12345', 'abcdef', 1, {}],
          },
        },
        cancelCardEnrollment: { valid: { accountId: h.card }, bad: { accountId: badId } },
      };
    expect(Object.keys(base).sort()).toEqual(Object.keys(prepaidCardMethods).sort());
    const before = await postingCount();
    const payloads = fc.constantFrom(...Object.keys(base)).chain((method) => {
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
        if (
          'idempotencyKey' in spec.valid &&
          !mutations.some(([field]) => field === 'idempotencyKey')
        )
          payload.idempotencyKey = randomUUID();
        if (extra) payload.unexpected = 1;
        const response = await server.main(method, jsonText(payload), { token: h.who.token });
        const context = `${method} ${jsonText(payload).slice(0, 300)}`;
        expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, context).toBeLessThan(500);
        expect(response.json().responseDescription.length, context).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
    expect(await postingCount()).toBe(before);
    expect(await balanceOf(h.card)).toBe('0.00');
    expect(await balanceOf(theirs.card)).toBe('0.00');
  });
});
