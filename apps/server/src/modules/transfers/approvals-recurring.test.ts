import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customerAccess, ledgerTransfers, recurringTransfers } from '../../db/schema';
import { DEMO_CLERK_EMAIL } from '../../db/seed-transfers';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { Money } from '../ledger/money';
import { runStep } from './recurring';
import { transferFixtures } from './test-fixtures';

let server: TestServer;
let clerk: string;
let ioana: string;
let personal: string;
let office: number;
const f = transferFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  [clerk, ioana, personal] = await Promise.all([
    server.signIn(DEMO_CLERK_EMAIL),
    server.signIn('ioana@harbourlight.example'),
    server.signIn('personal@ledgerline.test'),
  ]);
  office = await f.customerIdOf('office@harbourlight.example');
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

describe('business maker-checker', () => {
  it('an initiate-only user creates a request that moves nothing until a full-access user approves it', async () => {
    const gbp = await f.accountIn(clerk, 'GBP', { fromCustomerId: office });
    const eur = await f.accountIn(clerk, 'EUR', { fromCustomerId: office });
    const before = { gbp: await f.row(gbp.accountId), eur: await f.row(eur.accountId) };
    const payload = {
      fromAccount: gbp.accountId,
      toAccount: eur.accountId,
      toAmount: '100',
      currency: 'EUR',
      idempotencyKey: f.key(),
    };
    const created = await f.call('transferBetweenAccounts', clerk, payload, office);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: 'approvalCreated', operationId: null });
    const retry = await f.call('transferBetweenAccounts', clerk, payload, office);
    expect(retry.body).toEqual(created.body);
    expect(await f.row(gbp.accountId)).toMatchObject({
      balance: before.gbp.balance,
      pendingAmount: before.gbp.pendingAmount,
    });

    const { body: list } = await f.call(
      'getApprovalRequests',
      ioana,
      { pageNumber: 1, pageSize: 50, status: 'pending' },
      office,
    );
    expect(list.total).toBe(1);
    const request = list.requests[0]!;
    expect(request).toMatchObject({ status: 'pending', createdBy: DEMO_CLERK_EMAIL });
    expect((await f.call('getApprovalCounts', ioana, {}, office)).body.pending).toBe(1);

    // The initiator may not approve (no full access), nor may another company's user.
    const byClerk = await f.call('approveRequests', clerk, { ids: [request.id] }, office);
    expect(byClerk.status).toBe(403);
    const byStranger = await f.call('approveRequests', personal, { ids: [request.id] });
    expect(byStranger.status).toBe(404);

    const approved = await f.call('approveRequests', ioana, { ids: [request.id] }, office);
    expect(approved.body.results[0]).toMatchObject({
      id: request.id,
      status: 'approved',
      transactionId: expect.any(String),
    });
    const [transfer] = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, approved.body.results[0]!.transactionId!));
    expect(transfer).toMatchObject({
      status: 'settled',
      approvedByUserId: await f.userId('ioana@harbourlight.example'),
      initiatedByUserId: await f.userId(DEMO_CLERK_EMAIL),
    });
    expect(
      new Money((await f.row(eur.accountId)).balance).minus(before.eur.balance).toFixed(2),
    ).toBe('100.00');
    const again = await f.call('approveRequests', ioana, { ids: [request.id] }, office);
    expect(again.body.results[0]!.status).toBe('failed');
    expect((await f.call('getApprovalCounts', ioana, {}, office)).body.pending).toBe(0);
  });

  it('a declined request moves nothing, and the initiator can never approve their own', async () => {
    const gbp = await f.accountIn(clerk, 'GBP', { fromCustomerId: office });
    const before = await f.postingCount();
    const first = await f.call(
      'transferP2P',
      clerk,
      {
        fromAccount: gbp.accountId,
        email: 'ioana@harbourlight.example',
        amount: '10',
        idempotencyKey: f.key(),
      },
      office,
    );
    expect(first.body).toMatchObject({ status: 'approvalCreated' });
    const second = await f.call(
      'transferBetweenAccounts',
      clerk,
      {
        fromAccount: gbp.accountId,
        toAccount: (await f.accountIn(clerk, 'EUR', { fromCustomerId: office })).accountId,
        toAmount: '5',
        currency: 'EUR',
        idempotencyKey: f.key(),
      },
      office,
    );
    expect(second.body).toMatchObject({ status: 'approvalCreated' });
    const { body: list } = await f.call(
      'getApprovalRequests',
      ioana,
      { pageNumber: 1, pageSize: 50, status: 'pending' },
      office,
    );
    const p2p = list.requests.find((item) => item.transactionType === 'p2p')!;
    const own = list.requests.find((item) => item.transactionType === 'betweenAccounts')!;
    const declined = await f.call('declineRequests', ioana, { ids: [p2p.id] }, office);
    expect(declined.body.results[0]).toMatchObject({ status: 'declined', transactionId: null });
    expect(await f.postingCount()).toBe(before);

    // Even with full access granted later, the initiator cannot approve the request they made.
    const clerkId = await f.userId(DEMO_CLERK_EMAIL);
    await f
      .db()
      .update(customerAccess)
      .set({ accessRight: 2 })
      .where(and(eq(customerAccess.userId, clerkId), eq(customerAccess.customerId, office)));
    const self = await f.call('approveRequests', clerk, { ids: [own.id] }, office);
    expect(self.body.results[0]).toMatchObject({ status: 'failed' });
    expect(await f.postingCount()).toBe(before);
    await f
      .db()
      .update(customerAccess)
      .set({ accessRight: 3 })
      .where(and(eq(customerAccess.userId, clerkId), eq(customerAccess.customerId, office)));
    const { body: after } = await f.call(
      'getApprovalRequests',
      clerk,
      { pageNumber: 1, pageSize: 50 },
      office,
    );
    expect(after.requests.find((item) => item.id === own.id)!.status).toBe('pending');
  });
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
