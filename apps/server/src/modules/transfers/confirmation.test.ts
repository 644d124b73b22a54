import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import {
  customers,
  ledgerTransfers,
  outbox,
  transactionConfirmations,
  users,
} from '../../db/schema';
import { DEMO_SMS_PHONE, DEMO_TOTP_SECRET } from '../../db/seed';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { decideOnDevPhone, lastSms } from '../../../test/auth-flow';
import { openSocket, type TestSocket } from '../../../test/realtime-client';
import { secretFromBase32, totpAt } from '../../lib/totp';
import { Money } from '../ledger/money';
import { runStep } from './recurring';
import { transferFixtures } from './test-fixtures';

let server: TestServer;
let base: string;
let origin: string;
const f = transferFixtures(() => server);
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `ws://127.0.0.1:${address.port}`;
  origin = `http://127.0.0.1:${address.port}`;
  // Their phone, TOTP secret and phone app stay; only signing in skips the second factor here.
  await server.database.db
    .update(users)
    .set({ login2faMode: 'no' })
    .where(
      inArray(users.email, ['sms@ledgerline.test', 'otp@ledgerline.test', 'push@ledgerline.test']),
    );
  for (const email of [
    'sms@ledgerline.test',
    'otp@ledgerline.test',
    'push@ledgerline.test',
    'personal@ledgerline.test',
  ])
    tokens[email] = await server.signIn(email);
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

async function setMode(email: string, mode: number): Promise<void> {
  await f
    .db()
    .update(customers)
    .set({ transactionApproveMode: mode })
    .where(eq(customers.id, await f.customerIdOf(email)));
}

async function socketOf(token: string): Promise<TestSocket> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/realtime-ticket',
    headers: { authorization: `Bearer ${token}` },
  });
  return openSocket(
    `${base}/realtime?ticket=${(response.json() as { ticket: string }).ticket}`,
    origin,
  );
}

/** A P2P payment of `amount` EUR to Anna from the user's EUR account. */
async function payAnna(email: string, amount: string) {
  const token = tokens[email]!;
  const from = await f.accountIn(token, 'EUR');
  const answer = await f.call('transferP2P', token, {
    fromAccount: from.accountId,
    email: 'anna@pebble.example',
    amount,
    idempotencyKey: f.key(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ...answer.body, from };
}

async function transferStatus(id: string): Promise<string> {
  const [row] = await f
    .db()
    .select({ status: ledgerTransfers.status })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, id));
  return row!.status;
}

function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code in ${text}`);
  return match[1]!;
}

describe('mode 2: SMS code', () => {
  it('reserves the money, sends a code naming amount and payee, refuses a wrong one and settles with the right one', async () => {
    await setMode('sms@ledgerline.test', 2);
    const token = tokens['sms@ledgerline.test']!;
    const socket = await socketOf(token);
    const submitted = await payAnna('sms@ledgerline.test', '12');
    expect(submitted).toMatchObject({
      status: 'pending',
      approveType: 2,
      approvalSentTo: expect.stringContaining('0123'),
    });
    expect(submitted.availableApprovalMethods).toEqual(expect.arrayContaining([2, 4]));
    const reserved = await f.row(submitted.from.accountId);
    expect(new Money(reserved.pendingAmount).toFixed(2)).toBe('12.50');
    const sms = await lastSms(server, DEMO_SMS_PHONE);
    expect(sms).toContain('12.5 EUR');
    expect(sms).toContain('anna@pebble.example');
    const code = codeIn(sms);

    const missing = await f.call('confirmTransaction', token, { code });
    expect(missing.status).toBe(400);
    expect(missing.body.responseDescription).toBe('Not Operation Id, Fail Operation');
    const wrong = await f.call('confirmTransaction', token, {
      operationId: submitted.operationId ?? undefined,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors).toEqual({ code: 'validation.codeWrong' });
    // Someone else cannot confirm it.
    const stranger = await f.call('confirmTransaction', tokens['personal@ledgerline.test']!, {
      operationId: submitted.operationId ?? undefined,
      code,
    });
    expect(stranger.status).toBe(404);

    const ok = await f.call('confirmTransaction', token, {
      operationId: submitted.operationId ?? undefined,
      code,
    });
    expect(ok.body).toMatchObject({ status: 'settled', transactionId: submitted.transactionId });
    expect(await transferStatus(submitted.transactionId)).toBe('settled');
    const event = await socket.next('TransactionResult');
    expect(event.payload).toMatchObject({
      operationId: submitted.operationId,
      transactionId: submitted.transactionId,
      status: 'success',
    });
    socket.socket.close();
  });

  it('binds a code to its own operation: one transfer’s code does not confirm another', async () => {
    await setMode('sms@ledgerline.test', 2);
    const token = tokens['sms@ledgerline.test']!;
    const first = await payAnna('sms@ledgerline.test', '3');
    const firstCode = codeIn(await lastSms(server, DEMO_SMS_PHONE));
    const second = await payAnna('sms@ledgerline.test', '4');
    const secondCode = codeIn(await lastSms(server, DEMO_SMS_PHONE));
    if (firstCode !== secondCode) {
      const crossed = await f.call('confirmTransaction', token, {
        operationId: second.operationId ?? undefined,
        code: firstCode,
      });
      expect(crossed.status).toBe(400);
    }
    // Resend: a new code, the old one stops working.
    const resent = await f.call('resendTransactionCode', token, {
      operationId: first.operationId ?? undefined,
    });
    expect(resent.body.sent).toBe(true);
    const newCode = codeIn(await lastSms(server, DEMO_SMS_PHONE));
    expect(
      (
        await f.call('confirmTransaction', token, {
          operationId: first.operationId ?? undefined,
          code: newCode,
        })
      ).body,
    ).toMatchObject({ status: 'settled' });
    expect(
      (
        await f.call('confirmTransaction', token, {
          operationId: second.operationId ?? undefined,
          code: secondCode,
        })
      ).body,
    ).toMatchObject({ status: 'settled' });
    const noId = await f.call('resendTransactionCode', token, {});
    expect(noId.body.responseDescription).toBe('Not Operation Id, Fail Operation');
  });

  it('rejects the transfer and releases the money after five wrong codes', async () => {
    await setMode('sms@ledgerline.test', 2);
    const token = tokens['sms@ledgerline.test']!;
    const before = await f.row((await f.accountIn(token, 'EUR')).accountId);
    const submitted = await payAnna('sms@ledgerline.test', '5');
    const code = codeIn(await lastSms(server, DEMO_SMS_PHONE));
    const wrong = code === '999999' ? '999998' : '999999';
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect(
        (
          await f.call('confirmTransaction', token, {
            operationId: submitted.operationId ?? undefined,
            code: wrong,
          })
        ).status,
      ).toBe(400);
    const late = await f.call('confirmTransaction', token, {
      operationId: submitted.operationId ?? undefined,
      code,
    });
    expect(late.status).toBe(400);
    expect(await transferStatus(submitted.transactionId)).toBe('rejected');
    expect((await f.row(submitted.from.accountId)).pendingAmount).toBe(before.pendingAmount);
  });
});

describe('mode 3: one-time code', () => {
  it('settles with the authenticator app’s current code, once', async () => {
    await setMode('otp@ledgerline.test', 3);
    const token = tokens['otp@ledgerline.test']!;
    const submitted = await payAnna('otp@ledgerline.test', '7');
    expect(submitted).toMatchObject({ status: 'pending', approveType: 3, approvalSentTo: null });
    const code = totpAt(secretFromBase32(DEMO_TOTP_SECRET), Date.now());
    const resend = await f.call('resendTransactionCode', token, {
      operationId: submitted.operationId ?? undefined,
    });
    expect(resend.status).toBe(400);
    expect(
      (
        await f.call('confirmTransaction', token, {
          operationId: submitted.operationId ?? undefined,
          code,
        })
      ).body,
    ).toMatchObject({ status: 'settled' });
    // The same step cannot confirm a second transfer.
    const second = await payAnna('otp@ledgerline.test', '1');
    const reused = await f.call('confirmTransaction', token, {
      operationId: second.operationId ?? undefined,
      code,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.validationErrors).toEqual({ code: 'validation.codeWrong' });
  });
});

describe('mode 1: push', () => {
  it('settles when the phone approves, with the amount and payee shown, and tells the browser', async () => {
    await setMode('push@ledgerline.test', 1);
    const token = tokens['push@ledgerline.test']!;
    const socket = await socketOf(token);
    const submitted = await payAnna('push@ledgerline.test', '9');
    expect(submitted).toMatchObject({ status: 'pending', approveType: 1 });
    const [confirmation] = await f
      .db()
      .select()
      .from(transactionConfirmations)
      .where(eq(transactionConfirmations.id, submitted.operationId!));
    const page = await server.app.inject({
      method: 'GET',
      url: '/dev/device?email=push%40ledgerline.test',
    });
    expect(page.body).toContain('9.5 EUR');
    expect(page.body).toContain('anna@pebble.example');
    const waiting = await f.call('confirmTransaction', token, {
      operationId: submitted.operationId ?? undefined,
    });
    expect(waiting.status).toBe(409);
    expect(
      (await decideOnDevPhone(server, confirmation!.deviceRequestKey!, 'approve')).statusCode,
    ).toBe(303);
    const event = await socket.next('TransactionResult');
    expect(event.payload).toMatchObject({ operationId: submitted.operationId, status: 'success' });
    expect(await transferStatus(submitted.transactionId)).toBe('settled');
    expect(
      (
        await f.call('confirmTransaction', token, {
          operationId: submitted.operationId ?? undefined,
        })
      ).body,
    ).toMatchObject({ status: 'settled' });
    socket.socket.close();
  });

  it('rejects when the phone declines: the browser hears “Transaction was rejected.”', async () => {
    await setMode('push@ledgerline.test', 1);
    const token = tokens['push@ledgerline.test']!;
    const socket = await socketOf(token);
    const submitted = await payAnna('push@ledgerline.test', '2');
    const [confirmation] = await f
      .db()
      .select()
      .from(transactionConfirmations)
      .where(eq(transactionConfirmations.id, submitted.operationId!));
    await decideOnDevPhone(server, confirmation!.deviceRequestKey!, 'deny');
    const event = await socket.next('TransactionResult');
    expect(event.payload).toMatchObject({
      status: 'rejected',
      message: 'Transaction was rejected.',
    });
    expect(await transferStatus(submitted.transactionId)).toBe('rejected');
    socket.socket.close();
  });
});

describe('mode 4: approval code and mode 0', () => {
  it('e-mails an approval code bound to the transfer', async () => {
    await setMode('sms@ledgerline.test', 4);
    const token = tokens['sms@ledgerline.test']!;
    const submitted = await payAnna('sms@ledgerline.test', '6');
    expect(submitted).toMatchObject({
      status: 'pending',
      approveType: 4,
      approvalSentTo: 's•••@ledgerline.test',
    });
    const [mail] = await f
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'sms@ledgerline.test'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.body).toContain('6.5 EUR');
    expect(
      (
        await f.call('confirmTransaction', token, {
          operationId: submitted.operationId ?? undefined,
          code: codeIn(mail!.body),
        })
      ).body,
    ).toMatchObject({ status: 'settled' });
  });

  it('settles at once without a second factor (mode 0)', async () => {
    await setMode('sms@ledgerline.test', 0);
    const submitted = await payAnna('sms@ledgerline.test', '1');
    expect(submitted).toMatchObject({ status: 'settled', operationId: null, approveType: 0 });
  });

  it('rejects a confirmation left for more than five minutes (scheduler pass)', async () => {
    await setMode('sms@ledgerline.test', 2);
    const submitted = await payAnna('sms@ledgerline.test', '2');
    const result = await runStep(f.db(), new Date(Date.now() + 5 * 60_000 + 1000), {
      mailer: server.services.mailer,
    });
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await transferStatus(submitted.transactionId)).toBe('rejected');
    const [pending] = await f
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(transactionConfirmations)
      .where(eq(transactionConfirmations.status, 'pending'));
    expect(pending!.n).toBe(0);
  });
});
