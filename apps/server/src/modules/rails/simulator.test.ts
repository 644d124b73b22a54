import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { RealtimeEvent } from '@ledgerline/contract';
import { customers, ledgerTransfers, outbox, users } from '../../db/schema';
import { selectRows } from '../../db/client';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { systemAccount } from '../ledger/ledger';
import { Money } from '../ledger/money';
import type { RealtimeHub } from '../realtime/hub';
import { transferFixtures } from '../transfers/test-fixtures';
import { runRailStep } from './simulator';

let server: TestServer;
let personal: string;
let personalUserId: number;
const f = transferFixtures(() => server);
/** The server's own simulator waits a minute (RAIL_STEP_MS default): these tests drive the passes themselves. */
const STEP_MS = 60_000;
const later = () => new Date(Date.now() + STEP_MS + 1000);

beforeAll(async () => {
  server = await startTestServer();
  personal = await server.signIn('personal@ledgerline.test');
  personalUserId = await f.userId('personal@ledgerline.test');
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

/** A realtime hub that records what the simulator publishes. */
function recordingHub(): RealtimeHub & { sent: { userId: number; event: RealtimeEvent }[] } {
  const sent: { userId: number; event: RealtimeEvent }[] = [];
  return {
    sent,
    async publish(userId, event) {
      sent.push({ userId, event });
    },
    async publishMany(events) {
      sent.push(...events);
    },
    async publishQuery(db, rows) {
      sent.push(...(await selectRows<{ userId: number; event: RealtimeEvent }>(db, rows)));
    },
    async closeSession() {},
    async publishToLogin() {},
    attach() {},
    attachLogin() {},
    connectionCount: () => 0,
    async stop() {},
  };
}

async function wire(
  beneficiaryName: string,
  amount = '80',
): Promise<{ transactionId: string; fromAccount: number }> {
  const from = await f.accountIn(personal, 'EUR');
  const answer = await f.call('transferWire', personal, {
    fromAccount: from.accountId,
    amount,
    currency: 'EUR',
    countryCode: 'FR',
    scheme: 'sepa',
    beneficiaryName,
    iban: 'FR1420041010050500013M02606',
    extraParams: [{ name: 'purposeOfPayment', value: 'SCVE' }],
    idempotencyKey: f.key(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.status).toBe('settled');
  return { transactionId: answer.body.transactionId, fromAccount: from.accountId };
}

async function railStatus(transactionId: string) {
  const { status, body } = await f.call('getExternalTransferStatus', personal, { transactionId });
  expect(status).toBe(200);
  return body;
}

async function sumOf(role: 'clearing' | 'feeRevenue'): Promise<Money> {
  const account = await f.db().transaction((tx) => systemAccount(tx, role, 'EUR'));
  return f.postingSum(account.id);
}

describe('the rail simulator', () => {
  it('leaves a transfer alone for a step, then delivers it: the money stays out of the account', async () => {
    const sent = await wire('Claire Martin');
    const balance = (await f.row(sent.fromAccount)).balance;
    const early = await runRailStep(f.db(), new Date(), { stepMs: STEP_MS });
    expect(early.map((move) => move.transferId)).not.toContain(sent.transactionId);
    expect((await railStatus(sent.transactionId)).status).toBe('submitted');
    const moves = await runRailStep(f.db(), later(), { stepMs: STEP_MS });
    expect(moves).toContainEqual(
      expect.objectContaining({
        transferId: sent.transactionId,
        outcome: 'settled',
        reversalId: null,
      }),
    );
    const status = await railStatus(sent.transactionId);
    expect(status).toMatchObject({
      status: 'settled',
      returnReason: null,
      reversalTransactionId: null,
    });
    expect(status.railSettledAt).not.toBeNull();
    expect((await f.row(sent.fromAccount)).balance).toBe(balance);
    // Answered once: a later pass does not touch it again.
    const again = await runRailStep(f.db(), later(), { stepMs: STEP_MS });
    expect(again.map((move) => move.transferId)).not.toContain(sent.transactionId);
  });

  it('returns a payment whose beneficiary is marked RETURN: new postings give back amount and fee, and the customer hears of it', async () => {
    const before = { clearing: await sumOf('clearing'), fees: await sumOf('feeRevenue') };
    const balanceBefore = new Money(
      (await f.row((await f.accountIn(personal, 'EUR')).accountId)).balance,
    );
    const sent = await wire('RETURN Test SARL', '120');
    expect(balanceBefore.minus((await f.row(sent.fromAccount)).balance).toFixed(2)).toBe('120.50');
    const hub = recordingHub();
    const moves = await runRailStep(f.db(), later(), {
      stepMs: STEP_MS,
      mailer: server.services.mailer,
      realtime: hub,
    });
    const move = moves.find((item) => item.transferId === sent.transactionId);
    expect(move).toMatchObject({ outcome: 'returned' });

    expect(new Money((await f.row(sent.fromAccount)).balance).toFixed(2)).toBe(
      balanceBefore.toFixed(2),
    );
    expect((await sumOf('clearing')).minus(before.clearing).toFixed(2)).toBe('0.00');
    expect((await sumOf('feeRevenue')).minus(before.fees).toFixed(2)).toBe('0.00');
    const [original] = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, sent.transactionId));
    const [reversal] = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reversesTransferId, sent.transactionId));
    expect(original!.status).toBe('reversed');
    expect(reversal).toMatchObject({ id: move!.reversalId, kind: 'railReturn', status: 'settled' });

    const status = await railStatus(sent.transactionId);
    expect(status).toMatchObject({
      status: 'returned',
      returnReason: 'AC04 Closed account number',
      reversalTransactionId: move!.reversalId,
    });
    const { body: recent } = await f.call('getRecentTransfers', personal, {
      type: 'wire',
      limit: 5,
    });
    expect(
      recent.transfers.find((item) => item.transactionId === sent.transactionId)?.details
        .railStatus,
    ).toBe('returned');

    const [mail] = await f
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.userId, personalUserId))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail).toMatchObject({ channel: 'email', recipient: 'personal@ledgerline.test' });
    expect(mail!.subject).toContain('RETURN Test SARL');
    expect(mail!.body).toContain('120 EUR');
    expect(mail!.body).toContain('AC04');
    expect(hub.sent).toContainEqual({
      userId: personalUserId,
      event: { type: 'AccountChanged', payload: { accountId: sent.fromAccount } },
    });
    expect(hub.sent).toContainEqual({
      userId: personalUserId,
      event: {
        type: 'TransactionResult',
        payload: expect.objectContaining({
          transactionId: sent.transactionId,
          status: 'rejected',
          message: expect.stringContaining('AC04'),
        }),
      },
    });
  });

  it('writes the return notice in the customer’s language', async () => {
    await f.db().update(users).set({ language: 'es' }).where(eq(users.id, personalUserId));
    try {
      const sent = await wire('RETURN Ejemplo SL', '15');
      await runRailStep(f.db(), later(), { stepMs: STEP_MS, mailer: server.services.mailer });
      expect((await railStatus(sent.transactionId)).status).toBe('returned');
      const [mail] = await f
        .db()
        .select()
        .from(outbox)
        .where(eq(outbox.userId, personalUserId))
        .orderBy(desc(outbox.id))
        .limit(1);
      expect(mail!.subject).toContain('ha sido devuelto');
    } finally {
      await f.db().update(users).set({ language: 'en' }).where(eq(users.id, personalUserId));
    }
  });

  it('/dev/rails returns a chosen transfer and answers everything due at once', async () => {
    const sent = await wire('Élodie Bernard', '30');
    const balanceAfterSend = new Money((await f.row(sent.fromAccount)).balance);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/dev/rails/return',
      payload: { transactionId: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/dev/rails/return',
      payload: { transactionId: f.key() },
    });
    expect(unknown.statusCode).toBe(404);
    const marked = await server.app.inject({
      method: 'POST',
      url: '/dev/rails/return',
      payload: { transactionId: sent.transactionId, reason: 'AM04 Insufficient funds' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const run = await server.app.inject({ method: 'POST', url: '/dev/rails/run' });
    expect(run.statusCode).toBe(200);
    expect(
      (run.json() as { moves: { transferId: string; outcome: string }[] }).moves,
    ).toContainEqual(
      expect.objectContaining({ transferId: sent.transactionId, outcome: 'returned' }),
    );
    expect(await railStatus(sent.transactionId)).toMatchObject({
      status: 'returned',
      returnReason: 'AM04 Insufficient funds',
    });
    expect(
      new Money((await f.row(sent.fromAccount)).balance).minus(balanceAfterSend).toFixed(2),
    ).toBe('30.50');
    // Answered transfers cannot be marked any more.
    const late = await server.app.inject({
      method: 'POST',
      url: '/dev/rails/return',
      payload: { transactionId: sent.transactionId },
    });
    expect(late.statusCode).toBe(404);
    const list = await server.app.inject({ method: 'GET', url: '/dev/rails.json' });
    expect(
      (list.json() as { transfers: { transactionId: string; status: string }[] }).transfers,
    ).toContainEqual(
      expect.objectContaining({ transactionId: sent.transactionId, status: 'returned' }),
    );
  });

  it('does not touch a transfer still waiting for its second factor, and two passes at once answer each transfer once', async () => {
    await f
      .db()
      .update(customers)
      .set({ transactionApproveMode: 4 })
      .where(eq(customers.id, await f.customerIdOf('personal@ledgerline.test')));
    try {
      const from = await f.accountIn(personal, 'EUR');
      const pending = await f.call('transferWire', personal, {
        fromAccount: from.accountId,
        amount: '10',
        currency: 'EUR',
        countryCode: 'FR',
        scheme: 'sepa',
        beneficiaryName: 'RETURN Waiting',
        iban: 'FR1420041010050500013M02606',
        extraParams: [{ name: 'purposeOfPayment', value: 'SCVE' }],
        idempotencyKey: f.key(),
      });
      expect(pending.body.status).toBe('pending');
      expect((await railStatus(pending.body.transactionId)).status).toBe('awaitingConfirmation');
      const moves = await runRailStep(f.db(), later(), { stepMs: STEP_MS });
      expect(moves.map((move) => move.transferId)).not.toContain(pending.body.transactionId);
    } finally {
      await f
        .db()
        .update(customers)
        .set({ transactionApproveMode: 0 })
        .where(eq(customers.id, await f.customerIdOf('personal@ledgerline.test')));
    }
    const sent = await Promise.all([
      wire('Parallel One', '5'),
      wire('RETURN Parallel Two', '6'),
      wire('Parallel Three', '7'),
    ]);
    const [first, second] = await Promise.all([
      runRailStep(f.db(), later(), { stepMs: STEP_MS }),
      runRailStep(f.db(), later(), { stepMs: STEP_MS }),
    ]);
    const answered = [...first, ...second]
      .map((move) => move.transferId)
      .filter((id) => sent.some((item) => item.transactionId === id));
    expect(answered.sort()).toEqual(sent.map((item) => item.transactionId).sort());
  });
});

describe('the simulator in the background', () => {
  it('delivers a transfer on its own a few milliseconds after it was sent', async () => {
    const fast = await startTestServer({ RAIL_STEP_MS: '20' });
    try {
      const token = await fast.signIn('anna@pebble.example');
      const accounts = (await fast.main('getAccounts', {}, { token })).json().accounts as {
        accountId: number;
        type: number;
        currencyCode: string;
      }[];
      const eur = accounts.find(
        (account) => account.type === 1001 && account.currencyCode === 'EUR',
      );
      const answer = (
        await fast.main(
          'transferWire',
          {
            fromAccount: eur!.accountId,
            amount: '12',
            currency: 'EUR',
            countryCode: 'DE',
            scheme: 'sepa',
            beneficiaryName: 'Jonas Weber',
            iban: 'DE89370400440532013000',
            extraParams: [{ name: 'purposeOfPayment', value: 'GDDS' }],
            idempotencyKey: crypto.randomUUID(),
          },
          { token },
        )
      ).json() as { transactionId: string };
      await expect
        .poll(
          async () =>
            (
              (
                await fast.main(
                  'getExternalTransferStatus',
                  { transactionId: answer.transactionId },
                  { token },
                )
              ).json() as { status: string }
            ).status,
          { timeout: 10_000, interval: 20 },
        )
        .toBe('settled');
      await assertLedgerBalanced(fast.database.db);
    } finally {
      await fast.close();
    }
  });
});
