import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RailsIncomingBody } from '@ledgerline/contract';
import { accounts, outbox, postings, users } from '../../db/schema';
import { selectRows } from '../../db/client';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { createCustomer, openAccount } from '../cards/test-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await assertLedgerBalanced(server.database.db);
});
afterAll(async () => server.close());

const db = () => server.database.db;

function incoming(body: RailsIncomingBody) {
  return server.app.inject({ method: 'POST', url: '/dev/rails/incoming', payload: body });
}

async function postingCount(): Promise<number> {
  const [row] = await selectRows<{ n: string }>(
    db(),
    sql`select count(*)::text as n from ${postings}`,
  );
  return Number(row?.n ?? 0);
}

async function balance(accountId: number): Promise<string> {
  const [row] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return row!.balance;
}

/** A customer with an empty EUR account and the IBAN home shows for it. */
async function receiver(language = 'en') {
  const who = await createCustomer(server);
  await db().update(users).set({ language }).where(eq(users.id, who.userId));
  const account = await openAccount(server, who.customerId);
  const { body } = await server.call(
    'getPaymentInstructions',
    { accountId: account.id },
    { token: who.token },
  );
  const [instruction] = body.instructions;
  if (!instruction?.iban) throw new Error('no IBAN for a EUR account');
  return { ...who, accountId: account.id, iban: instruction.iban };
}

describe('POST /dev/rails/incoming', () => {
  it('credits the account of the IBAN from the clearing account once, names the payer in history, pushes and mails', async () => {
    const who = await receiver('pt');
    const published = vi.spyOn(server.services.realtime, 'publish');
    const reference = `INC-${who.customerId}-1`;
    const body = {
      // As a payer types it: spaced and in lower case.
      iban: who.iban.replace(/(.{4})/g, '$1 ').toLowerCase(),
      currency: 'EUR',
      amount: '250.40',
      payerName: 'Maria Costa',
      reference,
    };
    const first = await incoming(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      accountId: who.accountId,
      amount: '250.4',
      replayed: false,
    });
    expect(await balance(who.accountId)).toBe('250.40000000');

    const before = await postingCount();
    const again = await incoming(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      transactionId: first.json().transactionId,
      replayed: true,
    });
    expect(await postingCount()).toBe(before);
    expect(await balance(who.accountId)).toBe('250.40000000');

    const history = await server.call(
      'getTransactionHistory',
      { accountId: who.accountId },
      { token: who.token, lang: 'pt' },
    );
    expect(history.status).toBe(200);
    expect(history.body.items[0]).toMatchObject({
      operationType: 'incoming_transfer',
      counterparty: 'Maria Costa',
      description: reference,
      amount: '250.4',
    });
    expect(published).toHaveBeenCalledTimes(1);
    expect(published).toHaveBeenCalledWith(who.userId, {
      type: 'AccountChanged',
      payload: { accountId: who.accountId },
    });
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, who.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('Chegaram 250.4 EUR de Maria Costa');
  });

  it('refuses unknown instructions, a wrong currency, a reused reference and bad input, and moves nothing', async () => {
    const who = await receiver();
    const before = await postingCount();
    const unknown = await incoming({
      iban: 'DE89 3704 0044 0532 0130 00',
      currency: 'EUR',
      amount: '10',
      payerName: 'Nobody',
      reference: `UNKNOWN-${who.customerId}`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { iban: 'validation.unknownPaymentInstructions' },
    });
    const wrongCurrency = await incoming({
      iban: who.iban,
      currency: 'USD',
      amount: '10',
      payerName: 'Payer',
      reference: `USD-${who.customerId}`,
    });
    expect(wrongCurrency.statusCode).toBe(400);
    expect(wrongCurrency.json().validationErrors).toEqual({
      currency: 'validation.currencyMismatch',
    });
    for (const bad of [
      { iban: who.iban, currency: 'EUR', amount: '-5', payerName: 'P', reference: 'R-neg' },
      { iban: who.iban, currency: 'EUR', amount: '0.001', payerName: 'P', reference: 'R-fine' },
      { currency: 'EUR', amount: '5', payerName: 'P', reference: 'R-none' },
      { iban: who.iban, currency: 'EUR', amount: 5, payerName: 'P', reference: 'R-float' },
    ]) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/dev/rails/incoming',
        payload: bad,
      });
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json().responseCode).toBe('TA1');
    }
    expect(await postingCount()).toBe(before);

    const credited = await incoming({
      iban: who.iban,
      currency: 'EUR',
      amount: '10',
      payerName: 'Payer',
      reference: `ONCE-${who.customerId}`,
    });
    expect(credited.statusCode).toBe(200);
    // The same reference with another amount is another payment: refused.
    const reused = await incoming({
      iban: who.iban,
      currency: 'EUR',
      amount: '11',
      payerName: 'Payer',
      reference: `ONCE-${who.customerId}`,
    });
    expect(reused.statusCode).toBe(400);
    // …and to another account as well.
    const other = await receiver();
    const elsewhere = await incoming({
      iban: other.iban,
      currency: 'EUR',
      amount: '10',
      payerName: 'Payer',
      reference: `ONCE-${who.customerId}`,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(await balance(who.accountId)).toBe('10.00000000');
    expect(await balance(other.accountId)).toBe('0.00000000');
  });

  it('is not there when dev tools are off', async () => {
    const production = await startTestServer({ DEV_TOOLS: 'false' });
    try {
      const answer = await production.app.inject({
        method: 'POST',
        url: '/dev/rails/incoming',
        payload: {},
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
