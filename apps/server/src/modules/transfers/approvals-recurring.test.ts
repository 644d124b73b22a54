import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recurringTransfers } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { Money } from '../ledger/money';
import { runStep } from './recurring';
import { transferFixtures } from './test-fixtures';

let server: TestServer;
let personal: string;
const f = transferFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  personal = await server.signIn('personal@ledgerline.test');
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

describe('recurring transfers', () => {
  it('runs each due execution once through runStep, until the count is reached', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const to = await f.accountIn(personal, 'EUR', { wallet: true });
    const start = await f.row(to.accountId);
    const submitted = await f.call('transferBetweenAccounts', personal, {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: '2',
      currency: 'EUR',
      idempotencyKey: f.key(),
      subscriptionFrequency: 'daily',
      subscriptionTransactions: 3,
      subscriptionUserCancel: true,
    });
    expect(submitted.body).toMatchObject({ status: 'settled' });
    const { body } = await f.call('getRecurringTransfers', personal, {});
    const series = body.recurring.at(-1)!;
    expect(series).toMatchObject({ status: 'active', transactionsLeft: 2, executed: 1 });
    const day = new Date(Date.parse(series.nextRunAt!) + 1000);
    expect(
      await runStep(f.db(), new Date(day.getTime() - 2000), { mailer: server.services.mailer }),
    ).toMatchObject({ executed: 0 });
    expect(await runStep(f.db(), day, { mailer: server.services.mailer })).toMatchObject({
      executed: 1,
    });
    // The same moment again: nothing is due any more, so nothing is paid twice.
    expect(await runStep(f.db(), day, { mailer: server.services.mailer })).toMatchObject({
      executed: 0,
    });
    expect(
      await runStep(f.db(), new Date(day.getTime() + 86_400_000), {
        mailer: server.services.mailer,
      }),
    ).toMatchObject({ executed: 1 });
    const { body: done } = await f.call('getRecurringTransfers', personal, {});
    expect(done.recurring.find((item) => item.id === series.id)).toMatchObject({
      status: 'finished',
      executed: 3,
    });
    expect(new Money((await f.row(to.accountId)).balance).minus(start.balance).toFixed(2)).toBe(
      '6.00',
    );
    const stopped = await f.call('cancelRecurringTransfer', personal, { id: series.id });
    expect(stopped.status).toBe(400);
  });

  it('runs a monthly series set on 31 January on 28 February, then 31 March and 30 April', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const to = await f.accountIn(personal, 'EUR', { wallet: true });
    const submitted = await f.call('transferBetweenAccounts', personal, {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: '1',
      currency: 'EUR',
      idempotencyKey: f.key(),
      subscriptionFrequency: 'monthly',
      subscriptionTransactions: 5,
    });
    expect(submitted.body).toMatchObject({ status: 'settled' });
    const list = async () => (await f.call('getRecurringTransfers', personal, {})).body.recurring;
    const series = (await list()).at(-1)!;
    // As if the series were set up on 31 January 2027 at 09:30 UTC: its runs lie in the future,
    // so the server's own scheduler cannot take one before runStep does.
    await f
      .db()
      .update(recurringTransfers)
      .set({
        createdAt: new Date('2027-01-31T09:30:00Z'),
        nextRunAt: new Date('2027-02-28T09:30:00Z'),
      })
      .where(eq(recurringTransfers.id, series.id));
    const runs: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const due = new Date(
        Date.parse((await list()).find((item) => item.id === series.id)!.nextRunAt!),
      );
      runs.push(due.toISOString());
      expect(
        await runStep(f.db(), new Date(due.getTime() + 1000), { mailer: server.services.mailer }),
      ).toMatchObject({ executed: 1 });
    }
    runs.push((await list()).find((item) => item.id === series.id)!.nextRunAt!);
    expect(runs).toEqual([
      '2027-02-28T09:30:00.000Z',
      '2027-03-31T09:30:00.000Z',
      '2027-04-30T09:30:00.000Z',
      '2027-05-31T09:30:00.000Z',
    ]);
    expect((await list()).find((item) => item.id === series.id)).toMatchObject({ executed: 4 });
  });

  it('lets the customer cancel a series created with subscriptionUserCancel, and only that one', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const to = await f.accountIn(personal, 'GBP');
    const base = {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: '1',
      currency: 'GBP',
      subscriptionFrequency: 'weekly' as const,
    };
    await f.call('transferBetweenAccounts', personal, {
      ...base,
      idempotencyKey: f.key(),
      subscriptionUserCancel: true,
    });
    await f.call('transferBetweenAccounts', personal, {
      ...base,
      idempotencyKey: f.key(),
      subscriptionUserCancel: false,
    });
    const { body } = await f.call('getRecurringTransfers', personal, {});
    const cancellable = body.recurring.find((item) => item.userCancel && item.status === 'active')!;
    const fixed = body.recurring.find((item) => !item.userCancel && item.status === 'active')!;
    expect(
      (
        await f.call('cancelRecurringTransfer', personal, {
          id: cancellable.id,
        })
      ).body.recurring.status,
    ).toBe('canceled');
    const refused = await f.call('cancelRecurringTransfer', personal, { id: fixed.id });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({ id: 'validation.recurringNotCancellable' });
  });
});
