import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { transferMethods, TRANSFER_PERMISSIONS } from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import {
  accounts,
  customerAccess,
  customers,
  payoutBlacklist,
  transferLimits,
  transferPermissions,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_DAYS, HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { assertLedgerBalanced } from '../../../test/ledger';
import { systemAccount } from '../ledger/ledger';
import { Money } from '../ledger/money';
import { transferFixtures } from './test-fixtures';

let server: TestServer;
let personal: string;
let anna: string;
let tomas: string;
const f = transferFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  [personal, anna, tomas] = await Promise.all([
    server.signIn('personal@ledgerline.test'),
    server.signIn('anna@pebble.example'),
    server.signIn('tomas@northmere.example'),
  ]);
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

async function feeRevenue(currency: string): Promise<Money> {
  const account = await f.db().transaction((tx) => systemAccount(tx, 'feeRevenue', currency));
  return f.postingSum(account.id);
}

describe('transferBetweenAccounts', () => {
  it('moves money between own accounts in one currency at once (mode 0, no fee)', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const to = await f.accountIn(personal, 'EUR', { wallet: true });
    const before = { from: await f.row(from.accountId), to: await f.row(to.accountId) };
    const { status, body } = await f.call('transferBetweenAccounts', personal, {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: '10.25',
      currency: 'EUR',
      idempotencyKey: f.key(),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      responseCode: '00',
      status: 'settled',
      operationId: null,
      approveType: 0,
      fee: '0',
    });
    expect(new Money((await f.row(from.accountId)).balance).toFixed(2)).toBe(
      new Money(before.from.balance).minus('10.25').toFixed(2),
    );
    expect(new Money((await f.row(to.accountId)).balance).toFixed(2)).toBe(
      new Money(before.to.balance).plus('10.25').toFixed(2),
    );
  });

  it('changes currency at the recorded rate through the FX accounts and charges the FX fee', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const to = await f.accountIn(personal, 'USD');
    const { body: rate } = await f.call('getTransferExchangeRate', personal, {
      fromCurrencyCode: 'EUR',
      toCurrencyCode: 'USD',
    });
    const { body: fee } = await f.call('getTransferFee', personal, {
      operation: 'betweenAccounts',
      fromAccount: from.accountId,
      toAccount: to.accountId,
      amount: '100',
    });
    const source = new Money(100).dividedBy(rate.rate).toDecimalPlaces(2, Money.ROUND_HALF_UP);
    const expectedFee = Money.max(source.times('0.005'), '0.5').toDecimalPlaces(
      2,
      Money.ROUND_HALF_UP,
    );
    expect(fee.currency).toBe('EUR');
    expect(new Money(fee.fee).toFixed(2)).toBe(expectedFee.toFixed(2));
    const revenueBefore = await feeRevenue('EUR');
    const before = { from: await f.row(from.accountId), to: await f.row(to.accountId) };
    const { status, body } = await f.call('transferBetweenAccounts', personal, {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: '100',
      currency: 'USD',
      idempotencyKey: f.key(),
    });
    expect(status).toBe(200);
    expect(body.status).toBe('settled');
    expect(new Money((await f.row(to.accountId)).balance).minus(before.to.balance).toFixed(2)).toBe(
      '100.00',
    );
    expect(
      new Money(before.from.balance).minus((await f.row(from.accountId)).balance).toFixed(2),
    ).toBe(source.plus(expectedFee).toFixed(2));
    expect((await feeRevenue('EUR')).minus(revenueBefore).toFixed(2)).toBe(expectedFee.toFixed(2));
  });

  it('answers a retry with the first result and refuses the key for another payload', async () => {
    const from = await f.accountIn(personal, 'GBP');
    const to = await f.accountIn(personal, 'EUR');
    const payload = {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: '5',
      currency: 'EUR',
      idempotencyKey: f.key(),
    };
    const first = await f.call('transferBetweenAccounts', personal, payload);
    const afterFirst = await f.row(from.accountId);
    const retry = await f.call('transferBetweenAccounts', personal, payload);
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect((await f.row(from.accountId)).balance).toBe(afterFirst.balance);
    const other = await f.call('transferBetweenAccounts', personal, { ...payload, toAmount: '6' });
    expect(other.status).toBe(400);
    expect(other.body.validationErrors).toEqual({
      idempotencyKey: 'validation.idempotencyKeyReused',
    });
    const p2p = await f.call('transferP2P', personal, {
      fromAccount: from.accountId,
      email: 'anna@pebble.example',
      amount: '5',
      idempotencyKey: payload.idempotencyKey,
    });
    expect(p2p.status).toBe(400);
    expect((await f.row(from.accountId)).balance).toBe(afterFirst.balance);
  });

  it('refuses bad transfers and posts nothing', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const usd = await f.accountIn(personal, 'USD');
    const annas = await f.accountIn(anna, 'EUR');
    const before = await f.postingCount();
    const base = {
      fromAccount: eur.accountId,
      toAccount: usd.accountId,
      toAmount: '1',
      currency: 'USD',
    };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, toAccount: eur.accountId, currency: 'EUR' }, 400, 'toAccount'],
      [{ ...base, toAmount: '0' }, 400, 'toAmount'],
      [{ ...base, toAmount: '-1' }, 400, 'toAmount'],
      [{ ...base, toAmount: '1.000000001' }, 400, 'toAmount'],
      [{ ...base, currency: 'EUR' }, 400, 'currency'],
      [{ ...base, toAmount: '99999999' }, 400, 'amount'],
      [{ ...base, toAccount: annas.accountId }, 404, ''],
      [
        { ...base, fromAccount: annas.accountId, toAccount: eur.accountId, currency: 'EUR' },
        404,
        '',
      ],
    ];
    for (const [payload, status, field] of cases) {
      const answer = await f.send('transferBetweenAccounts', personal, {
        ...payload,
        idempotencyKey: f.key(),
      });
      expect(answer.status, JSON.stringify(payload)).toBe(status);
      if (field) expect(Object.keys(answer.body.validationErrors ?? {})).toContain(field);
      else expect(answer.body.responseCode).toBe('ENOA');
    }
    // A closed account takes nothing.
    await f.db().update(accounts).set({ accountStatusId: 4 }).where(eq(accounts.id, usd.accountId));
    const closed = await f.call('transferBetweenAccounts', personal, {
      ...base,
      idempotencyKey: f.key(),
    });
    expect(closed.status).toBe(400);
    expect(closed.body.validationErrors).toEqual({ toAccount: 'validation.accountClosed' });
    await f.db().update(accounts).set({ accountStatusId: 2 }).where(eq(accounts.id, usd.accountId));
    expect(await f.postingCount()).toBe(before);
  });
});

describe('fees, limits and the maximum amount', () => {
  it('answers the maximum as the balance after the fee, and the limit when it is lower', async () => {
    const from = await f.accountIn(anna, 'USD');
    const to = await f.accountIn(anna, 'EUR');
    const { body } = await f.call('getMaxAmount', anna, {
      operation: 'betweenAccounts',
      fromAccount: from.accountId,
      toAccount: to.accountId,
    });
    expect(body).toMatchObject({ currency: 'EUR', type: 'balance' });
    // Exactly the maximum goes through; one cent more would not.
    const over = await f.call('transferBetweenAccounts', anna, {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: new Money(body.maxAmount).plus('0.01').toFixed(2),
      currency: 'EUR',
      idempotencyKey: f.key(),
    });
    expect(over.status).toBe(400);
    const exact = await f.call('transferBetweenAccounts', anna, {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: new Money(body.maxAmount).toFixed(),
      currency: 'EUR',
      idempotencyKey: f.key(),
    });
    expect(exact.status).toBe(200);
    const left = await f.row(from.accountId);
    expect(new Money(left.balance).minus(left.pendingAmount).lessThan('0.05')).toBe(true);

    const gbp = await f.accountIn(anna, 'GBP');
    const { body: p2p } = await f.call('getMaxAmount', anna, {
      operation: 'p2p',
      fromAccount: gbp.accountId,
    });
    expect(p2p.type).toBe('balance');
    const { body: limits } = await f.call('getCustomerLimits', anna, {
      fromAccount: gbp.accountId,
    });
    expect(limits.limits.map((limit) => limit.period)).toEqual(['single', 'daily', 'monthly']);
  });

  it('refuses a transfer above the daily limit and reports the limit as the maximum', async () => {
    const customerId = await f.customerIdOf('tomas@northmere.example');
    await f
      .db()
      .update(transferLimits)
      .set({ amount: '30' })
      .where(and(eq(transferLimits.customerId, customerId), eq(transferLimits.period, 'daily')));
    const from = await f.accountIn(tomas, 'EUR');
    const to = await f.accountIn(tomas, 'GBP');
    const { body } = await f.call('getMaxAmount', tomas, {
      operation: 'p2p',
      fromAccount: from.accountId,
    });
    expect(body).toMatchObject({ maxAmount: '30', type: 'limit', currency: 'EUR' });
    const ok = await f.call('transferBetweenAccounts', tomas, {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: '10',
      currency: 'GBP',
      idempotencyKey: f.key(),
    });
    expect(ok.status).toBe(200);
    const { body: limits } = await f.call('getCustomerLimits', tomas, {
      fromAccount: from.accountId,
      toAccount: to.accountId,
    });
    const daily = limits.limits.find((limit) => limit.period === 'daily')!;
    expect(Number(daily.used)).toBeGreaterThan(0);
    const before = await f.postingCount();
    const refused = await f.call('transferBetweenAccounts', tomas, {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: '40',
      currency: 'GBP',
      idempotencyKey: f.key(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({ amount: 'validation.limitExceeded' });
    expect(await f.postingCount()).toBe(before);
  });

  /**
   * Sets personal's daily EUR limit to what the day has used plus `room`, runs `body`, and puts
   * the limit back. The limits come with the account read inside the transfer (decision 126).
   */
  async function withDailyRoom(
    room: string,
    body: () => Promise<void>,
    who = { email: 'personal@ledgerline.test', token: () => personal },
  ): Promise<void> {
    const customerId = await f.customerIdOf(who.email);
    const daily = and(
      eq(transferLimits.customerId, customerId),
      eq(transferLimits.currencyCode, 'EUR'),
      eq(transferLimits.period, 'daily'),
    );
    const [kept] = await f.db().select().from(transferLimits).where(daily);
    expect(kept, `the seed gives ${who.email} a daily EUR limit`).toBeDefined();
    const from = await f.accountIn(who.token(), 'EUR');
    const { body: limits } = await f.call('getCustomerLimits', who.token(), {
      fromAccount: from.accountId,
    });
    const used = limits.limits.find((limit) => limit.period === 'daily')!.used;
    await f
      .db()
      .update(transferLimits)
      .set({ amount: new Money(used).plus(room).toFixed() })
      .where(daily);
    try {
      await body();
    } finally {
      await f.db().update(transferLimits).set({ amount: kept!.amount }).where(daily);
    }
  }

  it('counts what the day has used: an amount that fits the limit alone is refused after others used it', async () => {
    await withDailyRoom('25', async () => {
      const from = await f.accountIn(personal, 'EUR');
      const to = await f.accountIn(personal, 'EUR', { wallet: true });
      const own = (amount: string) =>
        f.call('transferBetweenAccounts', personal, {
          fromAccount: from.accountId,
          toAccount: to.accountId,
          toAmount: amount,
          currency: 'EUR',
          idempotencyKey: f.key(),
        });
      expect((await own('12')).status).toBe(200);
      const p2p = await f.call('transferP2P', personal, {
        fromAccount: from.accountId,
        email: 'anna@pebble.example',
        amount: '8',
        idempotencyKey: f.key(),
      });
      expect(p2p.status, JSON.stringify(p2p.body)).toBe(200);
      const before = await f.postingCount();
      const refused = await own('10');
      expect(refused.status).toBe(400);
      expect(refused.body.validationErrors).toEqual({ amount: 'validation.limitExceeded' });
      expect(refused.body.responseDescription).toContain('daily limit (5 EUR left)');
      expect(await f.postingCount()).toBe(before);
      expect((await own('5')).status).toBe(200);
    });
  });

  it("counts only the customer's own limits in the source account's currency", async () => {
    // Anna may send one more cent today; personal's limits are left as they are.
    await withDailyRoom(
      '0.01',
      async () => {
        const from = await f.accountIn(personal, 'EUR');
        const to = await f.accountIn(personal, 'EUR', { wallet: true });
        const own = await f.call('transferBetweenAccounts', personal, {
          fromAccount: from.accountId,
          toAccount: to.accountId,
          toAmount: '3',
          currency: 'EUR',
          idempotencyKey: f.key(),
        });
        expect(own.status, JSON.stringify(own.body)).toBe(200);
        const annaFrom = await f.accountIn(anna, 'EUR');
        const refused = await f.call('transferP2P', anna, {
          fromAccount: annaFrom.accountId,
          email: 'personal@ledgerline.test',
          amount: '3',
          idempotencyKey: f.key(),
        });
        expect(refused.body.validationErrors).toEqual({ amount: 'validation.limitExceeded' });
      },
      { email: 'anna@pebble.example', token: () => anna },
    );
  });

  it('lets through only the transfers that fit the daily limit together when they come at once', async () => {
    await withDailyRoom('30', async () => {
      const from = await f.accountIn(personal, 'EUR');
      const to = await f.accountIn(personal, 'EUR', { wallet: true });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          f.call('transferBetweenAccounts', personal, {
            fromAccount: from.accountId,
            toAccount: to.accountId,
            toAmount: '10',
            currency: 'EUR',
            idempotencyKey: f.key(),
          }),
        ),
      );
      const settled = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 400);
      expect(settled).toHaveLength(3);
      expect(refused.map((answer) => answer.body.validationErrors)).toEqual(
        Array.from({ length: 3 }, () => ({ amount: 'validation.limitExceeded' })),
      );
    });
  });
});

describe('transferP2P', () => {
  it('pays another customer by e-mail, with the P2P fee, and lists the payee', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const annaEur = await f.accountIn(anna, 'EUR');
    const check = await f.call('checkPayee', personal, { email: 'Anna@Pebble.example' });
    expect(check.body).toMatchObject({ status: 1, name: 'Anna N.', canReceive: true });
    const { body: fee } = await f.call('getTransferFee', personal, {
      operation: 'p2p',
      fromAccount: from.accountId,
      amount: '20',
    });
    expect(new Money(fee.fee).toFixed(2)).toBe('0.50');
    const before = { from: await f.row(from.accountId), to: await f.row(annaEur.accountId) };
    const { status, body } = await f.call('transferP2P', personal, {
      fromAccount: from.accountId,
      email: 'anna@pebble.example',
      amount: '20',
      description: 'Lunch',
      idempotencyKey: f.key(),
    });
    expect(status).toBe(200);
    expect(body.status).toBe('settled');
    expect(
      new Money(before.from.balance).minus((await f.row(from.accountId)).balance).toFixed(2),
    ).toBe('20.50');
    expect(
      new Money((await f.row(annaEur.accountId)).balance).minus(before.to.balance).toFixed(2),
    ).toBe('20.00');
    const { body: beneficiaries } = await f.call('getP2pBeneficiaries', personal, {});
    expect(beneficiaries.beneficiaries[0]).toMatchObject({
      email: 'anna@pebble.example',
      name: 'Anna N.',
    });
    const { body: recent } = await f.call('getRecentTransfers', personal, {
      type: 'p2p',
      limit: 3,
    });
    expect(recent.transfers[0]).toMatchObject({
      transactionId: body.transactionId,
      permission: '3d',
      details: { type: 'p2p', description: 'Lunch' },
    });
  });

  it('converts into the payee’s account when they hold none in the currency', async () => {
    const from = await f.accountIn(personal, 'RON');
    const tomasAccounts = await f.accountsOf(tomas);
    expect(tomasAccounts.some((account) => account.currencyCode === 'RON')).toBe(false);
    // Another brand is another bank: P2P stays inside the brand, and its customers are unknown here.
    const other = await f.call('checkPayee', personal, { email: 'tomas@northmere.example' });
    expect(other.body).toMatchObject({ status: 0, name: null, canReceive: false });
    const annaRon = await f.accountIn(anna, 'RON');
    await f
      .db()
      .update(accounts)
      .set({ accountStatusId: 4 })
      .where(eq(accounts.id, annaRon.accountId));
    const annaEur = await f.accountIn(anna, 'EUR');
    const before = await f.row(annaEur.accountId);
    const { status } = await f.call('transferP2P', personal, {
      fromAccount: from.accountId,
      email: 'anna@pebble.example',
      amount: '50',
      idempotencyKey: f.key(),
    });
    expect(status).toBe(200);
    const { body: rate } = await f.call('getTransferExchangeRate', personal, {
      fromCurrencyCode: 'RON',
      toCurrencyCode: 'EUR',
    });
    expect(
      new Money((await f.row(annaEur.accountId)).balance).minus(before.balance).toFixed(2),
    ).toBe(new Money(50).times(rate.rate).toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2));
    await f
      .db()
      .update(accounts)
      .set({ accountStatusId: 2 })
      .where(eq(accounts.id, annaRon.accountId));
  });

  it('refuses unknown payees, oneself and nonsense amounts, posting nothing', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const before = await f.postingCount();
    for (const [email, amount, field] of [
      ['nobody@pebble.example', '1', 'email'],
      ['personal@ledgerline.test', '1', 'email'],
      ['anna@pebble.example', '0', 'amount'],
      ['anna@pebble.example', '1e3', 'amount'],
      ['not-an-email', '1', 'email'],
    ] as const) {
      const answer = await f.call('transferP2P', personal, {
        fromAccount: from.accountId,
        email,
        amount,
        idempotencyKey: f.key(),
      });
      expect(answer.status, email + amount).toBe(400);
      expect(Object.keys(answer.body.validationErrors ?? {})).toContain(field);
    }
    expect(
      (await f.call('checkPayee', personal, { email: 'nobody@pebble.example' })).body,
    ).toMatchObject({ status: 0, canReceive: false, name: null });
    expect(await f.postingCount()).toBe(before);
  });

  it('says why a known payee cannot receive: blacklisted, no open payment account; an uploader is status 3', async () => {
    const payerId = await f.customerIdOf('personal@ledgerline.test');
    const annaId = await f.customerIdOf('anna@pebble.example');
    const check = async (email: string) => (await f.call('checkPayee', personal, { email })).body;
    const from = await f.accountIn(personal, 'EUR');
    /** Why a P2P to the e-mail is refused, as the answer's validation error names it. */
    const refusal = async (email: string) => {
      const answer = await f.call('transferP2P', personal, {
        fromAccount: from.accountId,
        email,
        amount: '5',
        idempotencyKey: f.key(),
      });
      expect(answer.status).toBe(400);
      return answer.body.validationErrors?.email;
    };
    const before = await f.postingCount();

    await f.db().insert(payoutBlacklist).values({
      customerId: payerId,
      email: 'anna@pebble.example',
      blockType: 'p2p',
    });
    try {
      expect(await check('Anna@Pebble.example')).toMatchObject({
        status: 1,
        name: 'Anna N.',
        canReceive: false,
      });
      expect(await refusal('anna@pebble.example')).toBe('validation.payeeBlacklisted');
    } finally {
      await f.db().delete(payoutBlacklist).where(eq(payoutBlacklist.customerId, payerId));
    }

    const open = await f
      .db()
      .select({ id: accounts.id, status: accounts.accountStatusId })
      .from(accounts)
      .where(and(eq(accounts.customerId, annaId), eq(accounts.type, ACCOUNT_TYPES.payment)));
    const setStatus = (status: number) =>
      f
        .db()
        .update(accounts)
        .set({ accountStatusId: status })
        .where(and(eq(accounts.customerId, annaId), eq(accounts.type, ACCOUNT_TYPES.payment)));
    await setStatus(ACCOUNT_STATUS.closed);
    try {
      expect(await check('anna@pebble.example')).toMatchObject({ status: 1, canReceive: false });
      expect(await refusal('anna@pebble.example')).toBe('validation.payeeCannotReceive');
    } finally {
      for (const row of open)
        await f
          .db()
          .update(accounts)
          .set({ accountStatusId: row.status })
          .where(eq(accounts.id, row.id));
    }
    expect(await check('anna@pebble.example')).toMatchObject({ canReceive: true });
    expect(await f.postingCount()).toBe(before);

    const ioana = await f.userId('ioana@harbourlight.example');
    const [access] = await f
      .db()
      .select()
      .from(customerAccess)
      .where(eq(customerAccess.userId, ioana));
    if (!access) throw new Error('seed: ioana has no access row');
    await f
      .db()
      .update(customerAccess)
      .set({ accessRight: ACCESS_LEVELS.uploading })
      .where(eq(customerAccess.id, access.id));
    try {
      // Ioana banks with Northmere, as Tomás does.
      expect(
        (await f.call('checkPayee', tomas, { email: 'ioana@harbourlight.example' })).body,
      ).toMatchObject({ status: 3, canReceive: true });
    } finally {
      await f
        .db()
        .update(customerAccess)
        .set({ accessRight: access.accessRight })
        .where(eq(customerAccess.id, access.id));
    }
    expect(
      (await f.call('checkPayee', tomas, { email: 'ioana@harbourlight.example' })).body,
    ).toMatchObject({ status: 1, canReceive: true });
  });
});

describe('permissions', () => {
  it('shows the flags in the access info and refuses a transfer type the flags do not allow', async () => {
    const info = await f.call('getCustomerAccessInfo', anna, {});
    expect(Object.keys(info.body.permissions)).toEqual(
      expect.arrayContaining(TRANSFER_PERMISSIONS),
    );
    expect(info.body.permissions['otherPerson.p2p']).toBe(true);
    expect(info.body.permissions['mass.p2p']).toBe(false);
    const userId = await f.userId('anna@pebble.example');
    const customerId = await f.customerIdOf('anna@pebble.example');
    const [flags] = await f
      .db()
      .select()
      .from(transferPermissions)
      .where(
        and(eq(transferPermissions.userId, userId), eq(transferPermissions.customerId, customerId)),
      );
    await f
      .db()
      .update(transferPermissions)
      .set({ flags: { ...flags!.flags, 'otherPerson.p2p': false } })
      .where(eq(transferPermissions.id, flags!.id));
    const from = await f.accountIn(anna, 'EUR');
    const before = await f.postingCount();
    const refused = await f.call('transferP2P', anna, {
      fromAccount: from.accountId,
      email: 'personal@ledgerline.test',
      amount: '1',
      idempotencyKey: f.key(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.responseCode).toBe('ENOA');
    // The recent P2P transfer of another type is now disabled: hidden unless asked for.
    expect(await f.postingCount()).toBe(before);
    await f
      .db()
      .update(transferPermissions)
      .set({ flags: flags!.flags })
      .where(eq(transferPermissions.id, flags!.id));
  });
});

describe('ownership', () => {
  it('every method that takes an account refuses another customer’s as not found', async () => {
    const mine = await f.accountIn(personal, 'EUR');
    const theirs = await f.accountIn(anna, 'EUR');
    const calls: [string, Record<string, unknown>][] = [
      [
        'getTransferFee',
        {
          operation: 'betweenAccounts',
          fromAccount: theirs.accountId,
          toAccount: mine.accountId,
          amount: '1',
        },
      ],
      [
        'getTransferFee',
        {
          operation: 'betweenAccounts',
          fromAccount: mine.accountId,
          toAccount: theirs.accountId,
          amount: '1',
        },
      ],
      ['getTransferFee', { operation: 'p2p', fromAccount: theirs.accountId, amount: '1' }],
      [
        'getMaxAmount',
        { operation: 'betweenAccounts', fromAccount: mine.accountId, toAccount: theirs.accountId },
      ],
      ['getMaxAmount', { operation: 'p2p', fromAccount: theirs.accountId }],
      ['getCustomerLimits', { fromAccount: theirs.accountId }],
      ['getCustomerLimits', { fromAccount: mine.accountId, toAccount: theirs.accountId }],
      [
        'transferBetweenAccounts',
        {
          fromAccount: theirs.accountId,
          toAccount: mine.accountId,
          toAmount: '1',
          currency: 'EUR',
          idempotencyKey: f.key(),
        },
      ],
      [
        'transferP2P',
        {
          fromAccount: theirs.accountId,
          email: 'anna@pebble.example',
          amount: '1',
          idempotencyKey: f.key(),
        },
      ],
      ['cancelRecurringTransfer', { id: 2_000_000 }],
      ['businessApprovalsApprove', { transactionIds: [2_000_000], declined: false }],
      ['requestApprovalCode', { trxid: 2_000_000 }],
      ['confirmTransaction', { operationId: f.key(), code: '123456' }],
      ['resendTransactionCode', { operationId: f.key() }],
    ];
    const before = await f.postingCount();
    for (const [method, body] of calls) {
      const answer = await f.send(method, personal, body);
      expect(answer.status, `${method} ${JSON.stringify(body)}`).toBe(404);
      expect(answer.body.responseCode).toBe('ENOA');
    }
    expect(await f.postingCount()).toBe(before);
  });
});

describe('hostile input (issue 12)', () => {
  it('refuses amounts finer than the currency in every transfer and fee quote, booking nothing', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const wallet = await f.accountIn(personal, 'EUR', { wallet: true });
    const usd = await f.accountIn(personal, 'USD');
    const before = {
      postings: await f.postingCount(),
      eur: (await f.row(eur.accountId)).balance,
      wallet: (await f.row(wallet.accountId)).balance,
    };
    const refused: [string, Record<string, unknown>, string][] = [];
    for (const amount of ['0.00000001', '0.005', '10.999']) {
      refused.push(
        [
          'transferBetweenAccounts',
          {
            fromAccount: eur.accountId,
            toAccount: wallet.accountId,
            toAmount: amount,
            currency: 'EUR',
            idempotencyKey: f.key(),
          },
          'toAmount',
        ],
        [
          'transferBetweenAccounts',
          {
            fromAccount: eur.accountId,
            toAccount: usd.accountId,
            toAmount: amount,
            currency: 'USD',
            idempotencyKey: f.key(),
          },
          'toAmount',
        ],
        [
          'transferP2P',
          {
            fromAccount: eur.accountId,
            email: 'anna@pebble.example',
            amount,
            idempotencyKey: f.key(),
          },
          'amount',
        ],
        ['getTransferFee', { operation: 'p2p', fromAccount: eur.accountId, amount }, 'amount'],
        [
          'getTransferFee',
          {
            operation: 'p2p',
            fromAccount: eur.accountId,
            email: 'anna@pebble.example',
            amount,
          },
          'amount',
        ],
        [
          'getTransferFee',
          {
            operation: 'betweenAccounts',
            fromAccount: eur.accountId,
            toAccount: usd.accountId,
            amount,
          },
          'toAmount',
        ],
      );
    }
    for (const [method, payload, field] of refused) {
      const answer = await f.send(method, personal, payload);
      expect(answer.status, `${method} ${JSON.stringify(payload)}`).toBe(400);
      expect(answer.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: { [field]: 'validation.amountMinorUnits' },
      });
    }
    expect(await f.postingCount()).toBe(before.postings);
    expect((await f.row(eur.accountId)).balance).toBe(before.eur);
    expect((await f.row(wallet.accountId)).balance).toBe(before.wallet);
  });

  it('answers a customer of another brand as nobody, in checkPayee and in P2P alike', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const unknown = await f.call('checkPayee', personal, { email: 'nobody@pebble.example' });
    const otherBrand = await f.call('checkPayee', personal, { email: 'tomas@northmere.example' });
    expect(otherBrand.status).toBe(200);
    expect(otherBrand.body).toEqual(unknown.body);
    expect(otherBrand.body).toMatchObject({ status: 0, name: null, canReceive: false });
    const before = await f.postingCount();
    const pay = (email: string) =>
      f.call('transferP2P', personal, {
        fromAccount: from.accountId,
        email,
        amount: '1',
        idempotencyKey: f.key(),
      });
    const [toUnknown, toOtherBrand] = [
      await pay('nobody@pebble.example'),
      await pay('tomas@northmere.example'),
    ];
    expect(toOtherBrand.status).toBe(400);
    expect(toOtherBrand.body).toEqual(toUnknown.body);
    expect(toOtherBrand.body.validationErrors).toEqual({ email: 'validation.payeeNotFound' });
    expect(await f.postingCount()).toBe(before);
  });
});

describe('fuzzing every transfer method', () => {
  it('answers a clear 4xx to any broken payload and posts nothing', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const usd = await f.accountIn(personal, 'USD');
    const theirs = await f.accountIn(anna, 'EUR');
    const [company] = await f.db().select({ id: customers.id }).from(customers).limit(1);
    expect(company).toBeDefined();
    const badId = [theirs.accountId, ...HOSTILE_IDS, 'x', true, {}, []];
    const badAmount = [
      '0',
      '-1',
      '1.000000001',
      '0.005',
      '0.00000001',
      '1e3',
      '',
      'abc',
      12,
      ' 1',
      '1'.repeat(30),
      '0.00',
      {},
      [],
    ];
    const badText = [1, true, {}, [], 'x'.repeat(300)];
    const badKey = ['not-a-uuid', '', 1, {}, 'g'.repeat(36)];
    const badEmail = [
      'no-at',
      'personal@ledgerline.test',
      'nobody@pebble.example',
      'a'.repeat(300),
      1,
      {},
    ];
    const base: Record<string, { valid: Record<string, unknown>; bad: Record<string, unknown[]> }> =
      {
        getTransferFee: {
          valid: {
            operation: 'betweenAccounts',
            fromAccount: eur.accountId,
            toAccount: usd.accountId,
            amount: '1',
          },
          bad: {
            operation: ['other', 1],
            fromAccount: badId,
            toAccount: [eur.accountId, ...badId],
            amount: badAmount,
          },
        },
        getMaxAmount: {
          valid: {
            operation: 'betweenAccounts',
            fromAccount: eur.accountId,
            toAccount: usd.accountId,
          },
          bad: { operation: ['x', {}], fromAccount: badId, toAccount: [eur.accountId, ...badId] },
        },
        getCustomerLimits: {
          valid: { fromAccount: eur.accountId, toAccount: usd.accountId },
          bad: { fromAccount: badId, toAccount: [eur.accountId, ...badId] },
        },
        transferBetweenAccounts: {
          valid: {
            fromAccount: eur.accountId,
            toAccount: usd.accountId,
            toAmount: '1',
            currency: 'USD',
            idempotencyKey: f.key(),
          },
          bad: {
            fromAccount: badId,
            toAccount: [eur.accountId, ...badId],
            toAmount: [...badAmount, '99999999'],
            currency: ['EUR', 'usd', 'EURO', 1],
            idempotencyKey: badKey,
            subscriptionFrequency: ['yearly', 1],
            subscriptionTransactions: [0, -1, 1.5, 'x'],
            subscriptionEndDate: ['tomorrow', 1, ...HOSTILE_DAYS],
          },
        },
        checkPayee: {
          valid: { email: 'anna@pebble.example' },
          bad: { email: ['no-at', 'a'.repeat(300), 1, {}, ''] },
        },
        getP2pBeneficiaries: { valid: {}, bad: {} },
        getRecentTransfers: {
          valid: { limit: 3 },
          bad: { limit: [0, -1, 21, 'x', 1.5], type: ['swiftGpi', 1], includeDisabled: ['yes', 1] },
        },
        transferP2P: {
          valid: {
            fromAccount: eur.accountId,
            email: 'anna@pebble.example',
            amount: '1',
            idempotencyKey: f.key(),
          },
          bad: {
            fromAccount: badId,
            email: badEmail,
            amount: [...badAmount, '99999999'],
            description: badText,
            idempotencyKey: badKey,
          },
        },
        confirmTransaction: {
          valid: { operationId: f.key(), code: '123456' },
          bad: { operationId: ['x', 1, {}, ''], code: ['12345', 'abcdef', 1, {}] },
        },
        resendTransactionCode: {
          valid: { operationId: f.key() },
          bad: { operationId: ['x', 1, {}, ''] },
        },
        getBusinessApprovals: {
          valid: { pageNumber: 1, pageSize: 10 },
          bad: {
            pageNumber: [0, -1, 'x'],
            pageSize: [0, 51, 'x'],
            status: ['other', 1],
            createdBy: ['x', ...HOSTILE_IDS],
            fromDate: ['2026-13', 1, ...HOSTILE_DAYS],
            toDate: ['x', {}, ...HOSTILE_DAYS],
          },
        },
        getRecurringTransfers: { valid: {}, bad: {} },
        cancelRecurringTransfer: {
          valid: { id: 2_000_000 },
          bad: { id: ['x', {}, ...HOSTILE_IDS] },
        },
      };
    // Every transfer method, and the business approvals list (issue 15).
    expect(Object.keys(base).sort()).toEqual(
      [...Object.keys(transferMethods), 'getBusinessApprovals'].sort(),
    );
    const methods = Object.keys(base);
    const before = await f.postingCount();
    const payloads = fc.constantFrom(...methods).chain((method) => {
      const spec = base[method]!;
      const fields = Object.keys(spec.bad);
      const mutations =
        fields.length === 0
          ? fc.constant([] as [string, unknown][])
          : fc
              .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: fields.length })
              .chain((chosen) =>
                fc.tuple(
                  ...chosen.map((field) =>
                    fc.tuple(fc.constant(field), fc.constantFrom(...spec.bad[field]!)),
                  ),
                ),
              );
      // Without a field to break, an unknown field is the fault (request schemas are strict).
      const extra = fields.length === 0 ? fc.constant(true) : fc.boolean();
      return fc.tuple(
        fc.constant(method),
        mutations,
        extra,
        fc
          .string({ maxLength: 8 })
          .filter(
            (name) =>
              !(name in spec.valid) &&
              ![
                '__proto__',
                'constructor',
                'method',
                'lang',
                'fromCustomerId',
                'fromEmail',
                'authSecret',
              ].includes(name),
          ),
      );
    });
    await fc.assert(
      fc.asyncProperty(payloads, async ([method, mutations, extra, extraName]) => {
        const spec = base[method]!;
        const payload: Record<string, unknown> = {
          ...spec.valid,
          ...Object.fromEntries(mutations),
        };
        if (
          'idempotencyKey' in spec.valid &&
          !mutations.some(([field]) => field === 'idempotencyKey')
        )
          payload.idempotencyKey = f.key();
        if (extra || mutations.length === 0) payload[extraName || 'unexpected'] = 1;
        const response = await server.main(method, jsonText(payload), { token: personal });
        const context = `${method} ${jsonText(payload).slice(0, 300)}`;
        expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, context).toBeLessThan(500);
        expect(response.json().responseDescription.length, context).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
    expect(await f.postingCount()).toBe(before);
  });
});
