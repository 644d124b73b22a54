import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  accounts,
  batchTransferRows,
  customers,
  ledgerTransfers,
  outbox,
  transferPermissions,
  webhookMessages,
} from '../../db/schema';
import { DEMO_CLERK_EMAIL } from '../../db/seed-transfers';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { insertWireBatch, WIRE_IBANS } from '../../../test/mass-batch';
import { runRailStep } from '../rails/simulator';
import { approvalFixtures } from '../transfers/approval-test-fixtures';
import { transferFixtures } from '../transfers/test-fixtures';
import { hashRequest } from '../ledger';
import { runBatchFinisher } from './finish';
import { rowRequestHash } from './payments';

/*
 * Submitting mass batches (issue 17E) through the main API as the browser calls it: the rows are
 * made here as the workbench leaves them (valid, with amount and fee), so these tests do not
 * depend on the upload's parser.
 */

let server: TestServer;
let ioana: string;
let clerk: string;
let office: number;
let ioanaId: number;
let eurAccount: number;
const f = transferFixtures(() => server);
const a = approvalFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  [ioana, clerk] = await Promise.all([
    server.signIn('ioana@harbourlight.example'),
    server.signIn(DEMO_CLERK_EMAIL),
  ]);
  office = await f.customerIdOf('office@harbourlight.example');
  ioanaId = await f.userId('ioana@harbourlight.example');
  // Ioana confirms nothing (mode 0): her submit pays at once.
  await f
    .db()
    .update(customers)
    .set({ transactionApproveMode: 0 })
    .where(eq(customers.id, await f.customerIdOf('ioana@harbourlight.example')));
  eurAccount = (await f.accountIn(ioana, 'EUR', { fromCustomerId: office })).accountId;
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

/** A wire batch as the workbench leaves it: `names` are the beneficiaries, each paid `amount` with a 1.00 fee. */
const wireBatch = (names: string[], amount = '10') =>
  insertWireBatch(f.db(), {
    customerId: office,
    accountId: eurAccount,
    name: 'Payroll',
    names,
    amount,
  });

async function balance(): Promise<string> {
  const [row] = await f.db().select().from(accounts).where(eq(accounts.id, eurAccount));
  return row!.balance;
}

/** How many of the batch's rows the ledger paid (their keys are mass-<batch>-row-<n>). */
async function paidRows(batchId: number): Promise<number> {
  const rows = await f
    .db()
    .select({ key: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.customerId, office));
  return rows.filter((row) => row.key?.startsWith(`mass-${batchId}-row-`)).length;
}

const submit = (token: string, batchId: number, totalAmount: string, idempotencyKey = f.key()) =>
  server.call(
    'submitMassBatch',
    { batchId, totalAmount, idempotencyKey },
    { token, fromCustomerId: office },
  );

describe('a row’s request hash', () => {
  it('is hashRequest of its batch and row number, so transfers stored before still answer a retry', () => {
    for (const [batchId, rowNumber] of [
      [1, 1],
      [12, 345],
      [2_147_483_647, 10_000],
    ] as const)
      expect(rowRequestHash(batchId, rowNumber)).toBe(hashRequest({ rowNumber, batchId }));
  });
});

describe('submitMassBatch', () => {
  it('pays each row once: a retry and a concurrent submit move nothing more; a changed total is refused', async () => {
    const batchId = await wireBatch(['Ana Pop', 'Ben Ode', 'Cy Lin']);
    const before = await balance();
    expect((await submit(ioana, batchId, '29')).body).toMatchObject({
      validationErrors: { totalAmount: 'validation.batchChanged' },
    });
    const key = f.key();
    const [first, second] = await Promise.all([
      submit(ioana, batchId, '30', key),
      submit(ioana, batchId, '30', key),
    ]);
    expect(first.body).toMatchObject({ status: 'processing', totalAmount: '30', fee: '3' });
    expect(second.body).toEqual(first.body);
    const retry = await submit(ioana, batchId, '30', key);
    expect(retry.body).toEqual(first.body);
    expect((await submit(ioana, batchId, '30')).body).toMatchObject({
      validationErrors: { batchId: 'validation.batchSubmitted' },
    });
    expect(await paidRows(batchId)).toBe(3);
    expect(Number(before) - Number(await balance())).toBe(33);
    // Once sent, the batch still names its total (the sent rows', fees apart), not 0.00.
    const shown = await server.call(
      'getMassBatch',
      { batchId },
      { token: ioana, fromCustomerId: office },
    );
    expect(shown.body).toMatchObject({ batch: { totalAmount: '30', rowsCount: 3, validCount: 0 } });
    // Another company's user cannot see it.
    const other = await server.signIn('personal@ledgerline.test');
    expect((await server.call('getMassBatchStatus', { batchId }, { token: other })).status).toBe(
      404,
    );
  });

  it('tells the company’s webhook endpoints of the payout in the payment’s transaction', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/public-api/webhook',
      headers: { authorization: `Bearer ${ioana}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        customerId: office,
        name: 'Payroll hook',
        url: 'http://127.0.0.1:9/hook',
      }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const endpointId = (created.json() as { webhook: { id: number } }).webhook.id;
    try {
      const batchId = await wireBatch(['Ana Pop', 'Ben Ode']);
      expect((await submit(ioana, batchId, '20')).body).toMatchObject({ status: 'processing' });
      const messages = await f
        .db()
        .select({ body: webhookMessages.body })
        .from(webhookMessages)
        .where(
          and(
            eq(webhookMessages.endpointId, endpointId),
            eq(webhookMessages.eventType, 'payout.sent'),
          ),
        );
      expect(messages.map((message) => JSON.parse(message.body) as unknown)).toEqual([
        expect.objectContaining({
          type: 'payout.sent',
          data: expect.objectContaining({
            kind: 'massBatch',
            batchId,
            currency: 'EUR',
            total: '20',
            paid: 2,
            failed: 0,
          }),
        }),
      ]);
    } finally {
      await server.app.inject({
        method: 'DELETE',
        url: `/api/public-api/webhook/${endpointId}`,
        headers: { authorization: `Bearer ${ioana}`, 'customer-id': String(office) },
      });
    }
  });

  it('refuses a batch the account cannot cover with its fees and moves nothing', async () => {
    const available = Number(await balance());
    const batchId = await wireBatch(['Ana Pop', 'Ben Ode'], String(Math.floor(available / 2)));
    const answer = await submit(ioana, batchId, String(Math.floor(available / 2) * 2));
    expect(answer.body).toMatchObject({
      validationErrors: { amount: 'validation.insufficientFunds' },
    });
    expect(String(Number(await balance()))).toBe(String(available));
    expect(await paidRows(batchId)).toBe(0);
  });

  it('reports a returned row, ends partly paid with batchPartially, and re-submits exactly that row', async () => {
    const batchId = await wireBatch(['Ana Pop', 'Return Me', 'Cy Lin']);
    expect((await submit(ioana, batchId, '30')).body).toMatchObject({ status: 'processing' });
    await runRailStep(f.db(), new Date(Date.now() + 60 * 60_000), { stepMs: 1 });
    await runBatchFinisher(f.db(), server.services.mailer, undefined);
    const status = await server.call(
      'getMassBatchStatus',
      { batchId },
      { token: ioana, fromCustomerId: office },
    );
    expect(status.body).toMatchObject({
      status: 'partiallyCompleted',
      counts: { settled: 2, returned: 1 },
    });
    // batchPartially: an e-mail to the submitter whose link opens the batch.
    const [mail] = await f
      .db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(eq(outbox.userId, ioanaId))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.body).toContain(`/history/batch-transfers?batch=${batchId}`);
    const again = await server.call(
      'resubmitMassFailedRows',
      { batchId, idempotencyKey: f.key() },
      { token: ioana, fromCustomerId: office },
    );
    expect(again.body.batch).toMatchObject({
      resubmitOf: batchId,
      validCount: 1,
      totalAmount: '10',
      canSubmit: true,
    });
    const twice = await server.call(
      'resubmitMassFailedRows',
      { batchId, idempotencyKey: f.key() },
      { token: ioana, fromCustomerId: office },
    );
    expect(twice.body.batch.batchId).toBe(again.body.batch.batchId);
  });
});

describe('batch approvals', () => {
  it('an initiate-only batch waits for the owner, is refused once edited, and is paid once approved with a code', async () => {
    const clerkId = await f.userId(DEMO_CLERK_EMAIL);
    await f
      .db()
      .update(transferPermissions)
      .set({ flags: { 'mass.wire': true, 'otherPerson.wire': true } })
      .where(
        and(eq(transferPermissions.userId, clerkId), eq(transferPermissions.customerId, office)),
      );
    const batchId = await wireBatch(['Ana Pop', 'Ben Ode']);
    const before = await balance();
    expect((await submit(clerk, batchId, '20')).body).toMatchObject({ status: 'approvalCreated' });
    expect(await balance()).toBe(before);
    // A row fixed after the request: the approval cannot pay it.
    await f
      .db()
      .update(batchTransferRows)
      .set({
        fields: {
          beneficiaryName: 'Mallory',
          scheme: 'sepa',
          iban: WIRE_IBANS[0]!,
          countryCode: 'DE',
          amount: '10',
          currency: 'EUR',
        },
      })
      .where(and(eq(batchTransferRows.batchId, batchId), eq(batchTransferRows.rowNumber, 2)));
    const started = await server.call(
      'massApprove',
      { batchId, declined: false },
      { token: ioana, fromCustomerId: office },
    );
    expect(started.status).toBe(200);
    const refused = await server.call(
      'massApproveConfirm',
      {
        approvalTransactionId: started.body.approvalTransactionId,
        code: await a.lastCode(ioanaId),
      },
      { token: ioana, fromCustomerId: office },
    );
    expect(refused.body).toMatchObject({ batchId, status: 'failed' });
    expect(await balance()).toBe(before);
    // Put back as asked for: approved with the owner's code, paid once.
    await f
      .db()
      .update(batchTransferRows)
      .set({
        fields: {
          beneficiaryName: 'Ben Ode',
          scheme: 'sepa',
          iban: WIRE_IBANS[1]!,
          countryCode: 'DE',
          amount: '10',
          currency: 'EUR',
        },
      })
      .where(and(eq(batchTransferRows.batchId, batchId), eq(batchTransferRows.rowNumber, 2)));
    const again = await server.call(
      'massApprove',
      { batchId, declined: false },
      { token: ioana, fromCustomerId: office },
    );
    const approved = await server.call(
      'massApproveConfirm',
      { approvalTransactionId: again.body.approvalTransactionId, code: await a.lastCode(ioanaId) },
      { token: ioana, fromCustomerId: office },
    );
    expect(approved.body).toMatchObject({ batchId, status: 'approved' });
    expect(await paidRows(batchId)).toBe(2);
    expect(Number(before) - Number(await balance())).toBe(22);
  });

  it('a declined batch moves nothing', async () => {
    const batchId = await wireBatch(['Ana Pop']);
    const before = await balance();
    expect((await submit(clerk, batchId, '10')).body).toMatchObject({ status: 'approvalCreated' });
    const started = await server.call(
      'massApprove',
      { batchId, declined: true, reason: 'Not this month' },
      { token: ioana, fromCustomerId: office },
    );
    const declined = await server.call(
      'massApproveConfirm',
      {
        approvalTransactionId: started.body.approvalTransactionId,
        code: await a.lastCode(ioanaId),
      },
      { token: ioana, fromCustomerId: office },
    );
    expect(declined.body).toMatchObject({ batchId, status: 'declined' });
    expect(await balance()).toBe(before);
    expect(await paidRows(batchId)).toBe(0);
  });
});
