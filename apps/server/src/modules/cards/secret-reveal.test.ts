import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { CARD_STATUS, luhnValid } from '@ledgerline/domain';
import { startTestServer, type TestServer } from '../../../test/helper';
import { accounts, auditLog, cardSecretReveals, outbox, users } from '../../db/schema';
import { createCard, createCustomer, openAccount, type FixtureCustomer } from './test-fixtures';

/*
 * Card secrets behind a step-up (issue 13): the PIN and a virtual card's details are shown only
 * with the user's own second factor, only to a user with full access to the card's customer, once
 * per step-up, and every request and reveal is audited.
 */

let server: TestServer;
let who: FixtureCustomer;
let virtualCard: number;
let physicalCard: number;

beforeAll(async () => {
  server = await startTestServer();
  // Their phone and phone app stay; only signing in skips the second factor here.
  await server.database.db
    .update(users)
    .set({ login2faMode: 'no' })
    .where(inArray(users.email, ['sms@ledgerline.test', 'push@ledgerline.test']));
  who = await createCustomer(server);
  const eur = await openAccount(server, who.customerId, { balance: '100' });
  virtualCard = (
    await createCard(server, who.customerId, {
      statusId: CARD_STATUS.active,
      settlementAccountId: eur.id,
    })
  ).id;
  physicalCard = (
    await createCard(server, who.customerId, {
      cardType: 2020,
      statusId: CARD_STATUS.active,
      settlementAccountId: eur.id,
    })
  ).id;
});
afterAll(async () => server.close());

/** The six-digit code in the newest message to `recipient`. */
async function lastCode(recipient: string): Promise<string> {
  const [message] = await server.database.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

async function auditActions(userId: number): Promise<string[]> {
  const rows = await server.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.userId, userId))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

async function start(token: string, accountId: number, secret: 'pin' | 'details', from?: number) {
  return server.call(
    'startCardSecretReveal',
    { accountId, secret },
    { token, ...(from === undefined ? {} : { fromCustomerId: from }) },
  );
}

describe('revealing card secrets', () => {
  it('refuses the details without a step-up, and with a wrong code, and shows them with the right one once', async () => {
    const bare = await server.call(
      'getCardDetails',
      { accountId: virtualCard },
      { token: who.token },
    );
    expect(bare.status).toBe(400);
    expect(bare.body.responseDescription).toBe('Not Operation Id, Fail Operation');
    expect(bare.body).not.toHaveProperty('cardNumber');

    const started = await start(who.token, virtualCard, 'details');
    expect(started.status).toBe(200);
    // A customer who confirms transfers with nothing still gets an e-mailed code here.
    expect(started.body).toMatchObject({
      approveType: 4,
      approvalSentTo: expect.stringContaining('•••@cards.test'),
    });
    const operationId = started.body.operationId;
    const code = await lastCode(who.email);
    const wrong = code === '000000' ? '111111' : '000000';

    const noCode = await server.call(
      'getCardDetails',
      { accountId: virtualCard, operationId },
      { token: who.token },
    );
    expect(noCode.body.validationErrors).toEqual({ code: 'validation.required' });
    const wrongAnswer = await server.call(
      'getCardDetails',
      { accountId: virtualCard, operationId, code: wrong },
      { token: who.token },
    );
    expect(wrongAnswer.status).toBe(400);
    expect(wrongAnswer.body.validationErrors).toEqual({ code: 'validation.codeWrong' });
    expect(wrongAnswer.body).not.toHaveProperty('cardNumber');

    const right = await server.call(
      'getCardDetails',
      { accountId: virtualCard, operationId, code },
      { token: who.token },
    );
    expect(right.status).toBe(200);
    expect(luhnValid(String(right.body.cardNumber))).toBe(true);
    expect(String(right.body.cvv)).toMatch(/^\d{3}$/);

    // One step-up shows the secret once.
    const again = await server.call(
      'getCardDetails',
      { accountId: virtualCard, operationId, code },
      { token: who.token },
    );
    expect(again.status).toBe(400);
    expect(again.body.validationErrors).toEqual({ code: 'validation.codeExpired' });
    expect(await auditActions(who.userId)).toEqual(
      expect.arrayContaining(['card.secretRequested', 'card.details']),
    );
  });

  it('binds the code to the card and the secret it was sent for', async () => {
    const started = await start(who.token, physicalCard, 'pin');
    const code = await lastCode(who.email);
    // The PIN's step-up does not show the virtual card's details.
    const elsewhere = await server.call(
      'getCardDetails',
      { accountId: virtualCard, operationId: started.body.operationId, code },
      { token: who.token },
    );
    expect(elsewhere.status).toBe(404);
    const pin = await server.call(
      'showCardPin',
      { accountId: physicalCard, operationId: started.body.operationId, code },
      { token: who.token },
    );
    expect(String(pin.body.pin).padStart(4, '0')).toMatch(/^\d{4}$/);
    const [row] = await server.database.db
      .select()
      .from(cardSecretReveals)
      .where(eq(cardSecretReveals.id, started.body.operationId));
    expect(row).toMatchObject({ status: 'revealed', secret: 'pin', accountId: physicalCard });
    expect(row?.codeHash).not.toContain(code);
  });

  it('rejects the step-up after five wrong codes, and audits it', async () => {
    const started = await start(who.token, virtualCard, 'details');
    const code = await lastCode(who.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let index = 0; index < 5; index += 1) {
      answers.push(
        (
          await server.call(
            'getCardDetails',
            { accountId: virtualCard, operationId: started.body.operationId, code: wrong },
            { token: who.token },
          )
        ).body.validationErrors,
      );
    }
    expect(answers.at(-1)).toEqual({ code: 'validation.codeExpired' });
    const late = await server.call(
      'getCardDetails',
      { accountId: virtualCard, operationId: started.body.operationId, code },
      { token: who.token },
    );
    expect(late.status).toBe(400);
    expect(await auditActions(who.userId)).toContain('card.secretRefused');
  });

  it('sends the code by SMS to a customer who confirms with SMS', async () => {
    const token = await server.signIn('sms@ledgerline.test');
    const [user] = await server.database.db
      .select({ id: users.id, customerId: users.customerId })
      .from(users)
      .where(eq(users.email, 'sms@ledgerline.test'));
    const card = await createCard(server, user!.customerId, { statusId: CARD_STATUS.active });
    const started = await start(token, card.id, 'details');
    expect(started.body.approveType).toBe(2);
    const [sms] = await server.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user!.id), eq(outbox.channel, 'sms')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(sms?.body).toContain(`•••• ${card.cardPanLast4}`);
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
    const shown = await server.call(
      'getCardDetails',
      { accountId: card.id, operationId: started.body.operationId, code: code! },
      { token },
    );
    expect(shown.status).toBe(200);
  });

  it('waits for the phone app when the customer confirms with push, and shows once approved', async () => {
    const token = await server.signIn('push@ledgerline.test');
    const [user] = await server.database.db
      .select({ id: users.id, customerId: users.customerId })
      .from(users)
      .where(eq(users.email, 'push@ledgerline.test'));
    const card = await createCard(server, user!.customerId, { statusId: CARD_STATUS.active });
    const started = await start(token, card.id, 'details');
    expect(started.body).toMatchObject({ approveType: 1, approvalSentTo: null });
    const ask = () =>
      server.call(
        'getCardDetails',
        { accountId: card.id, operationId: started.body.operationId },
        { token },
      );
    const waiting = await ask();
    expect(waiting.status).toBe(409);
    const [row] = await server.database.db
      .select()
      .from(cardSecretReveals)
      .where(eq(cardSecretReveals.id, started.body.operationId));
    await server.services.auth.decideDeviceRequest(
      row!.deviceRequestKey!,
      true,
      { kind: 'devTool' },
      '127.0.0.1',
    );
    expect((await ask()).status).toBe(200);
  });

  it('refuses an initiate-only clerk the company card, and lets a full-access user ask', async () => {
    const [office] = await server.database.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.email, 'office@harbourlight.example'));
    const [card] = await server.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.customerId, office!.customerId), eq(accounts.cardIsVirtual, true)))
      .limit(1);
    if (!card) throw new Error('the seed gave the company no virtual card');
    const clerk = await server.signIn('clerk@harbourlight.example');
    const refused = await start(clerk, card.id, 'details', office!.customerId);
    expect(refused.status).toBe(403);
    expect(refused.body.responseCode).toBe('ENOA');
    const direct = await server.call(
      'getCardDetails',
      { accountId: card.id, operationId: '00000000-0000-4000-8000-000000000000', code: '123456' },
      { token: clerk, fromCustomerId: office!.customerId },
    );
    expect(direct.status).toBe(403);

    const owner = await server.signIn('ioana@harbourlight.example');
    const allowed = await start(owner, card.id, 'details', office!.customerId);
    expect(allowed.status).toBe(200);
  });

  it('answers another customer’s card as not found and sends nothing', async () => {
    const other = await createCustomer(server);
    const before = await server.database.db.select({ id: outbox.id }).from(outbox);
    const answer = await start(other.token, virtualCard, 'details');
    expect(answer.status).toBe(404);
    const pin = await server.call(
      'showCardPin',
      {
        accountId: physicalCard,
        operationId: '00000000-0000-4000-8000-000000000000',
        code: '123456',
      },
      { token: other.token },
    );
    expect(pin.status).toBe(404);
    expect(await server.database.db.select({ id: outbox.id }).from(outbox)).toHaveLength(
      before.length,
    );
  });
});
