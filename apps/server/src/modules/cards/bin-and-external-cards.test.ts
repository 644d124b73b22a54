import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type MainPayload, type TestServer } from '../../../test/helper';
import { auditLog, externalCards, ledgerTransfers } from '../../db/schema';
import { drawVerificationAmount } from './external-cards';
import { createCustomer, type FixtureCustomer } from './test-fixtures';

let server: TestServer;
let who: FixtureCustomer;
const nextYear = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  server = await startTestServer();
  who = await createCustomer(server);
});
afterAll(async () => server.close());

/** The charge as the customer's other bank shows it (the development stand-in of their statement). */
async function statementAmount(email: string, cardId: number): Promise<string> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/dev/card-statement.json?email=${encodeURIComponent(email)}`,
  });
  const line = (response.json().charges as { cardId: number; amount: string }[]).find(
    (charge) => charge.cardId === cardId,
  );
  if (!line) throw new Error(`no charge for card ${cardId}`);
  return line.amount;
}

function addCard(
  cardNumber: string,
  overrides: Partial<MainPayload<'addExternalCard'>> = {},
  as: FixtureCustomer = who,
) {
  return server.call(
    'addExternalCard',
    {
      cardNumber,
      expiryMonth: 6,
      expiryYear: nextYear,
      holderName: 'Card Tester',
      idempotencyKey: crypto.randomUUID(),
      ...overrides,
    },
    { token: as.token },
  );
}

describe('getBinInfo', () => {
  it('looks up the first six digits with spaces removed', async () => {
    for (const binNumber of ['520082', '5200 82', ' 5200 8212 3456 7890 ', '5200821234567890']) {
      const response = await server.call('getBinInfo', { binNumber }, { token: who.token });
      expect(response.status, binNumber).toBe(200);
      expect(response.body).toEqual({
        responseCode: '00',
        responseDescription: 'Success',
        binNumber: '520082',
        issuer: 'Adventure Works Bank',
        cardBrand: 'mastercard',
        cardCategory: 'standard',
        cardType: 'debit',
        countryCode: 'NL',
        currencyCode: 'EUR',
        isCommercial: false,
        isPrepaid: false,
        valid: true,
      });
    }
  });

  it('finds a BIN inside a range and tells commercial and prepaid cards', async () => {
    expect(
      (await server.call('getBinInfo', { binNumber: '222345' }, { token: who.token })).body,
    ).toMatchObject({
      issuer: 'Wingtip Commercial Bank',
      isCommercial: true,
      cardType: 'credit',
    });
    expect(
      (await server.call('getBinInfo', { binNumber: '431945' }, { token: who.token })).body,
    ).toMatchObject({
      countryCode: 'RO',
      currencyCode: 'RON',
      isPrepaid: true,
    });
  });

  it('answers valid false for a BIN no range holds', async () => {
    expect(
      (await server.call('getBinInfo', { binNumber: '999999' }, { token: who.token })).body,
    ).toMatchObject({
      binNumber: '999999',
      valid: false,
      issuer: null,
      cardBrand: null,
    });
  });

  it('refuses fewer than six digits or other characters', async () => {
    for (const binNumber of ['52008', '5200a2', '']) {
      const response = await server.call('getBinInfo', { binNumber }, { token: who.token });
      expect(response.status).toBe(400);
      expect(response.body.validationErrors).toEqual({ binNumber: 'validation.binNumber' });
    }
    const unauthenticated = await server.main('getBinInfo', { binNumber: '520082' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('external cards', () => {
  it('draws verification amounts from 0.10 to 1.99 with two decimals', () => {
    const drawn = Array.from({ length: 500 }, drawVerificationAmount);
    for (const amount of drawn) {
      expect(amount).toMatch(/^[01]\.\d\d$/);
      expect(Number(amount)).toBeGreaterThanOrEqual(0.1);
      expect(Number(amount)).toBeLessThanOrEqual(1.99);
    }
    expect(new Set(drawn).size).toBeGreaterThan(50);
  });

  it('links a card, records the charge without posting it, and verifies the exact amount', async () => {
    const transfersBefore = (
      await server.database.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers)
    ).length;
    const added = await addCard('4000 0012 3456 7899');
    expect(added.status).toBe(200);
    const card = added.body.card;
    expect(card).toMatchObject({
      maskedCardNumber: '•••• 7899',
      cardBrand: 'visa',
      issuer: 'Contoso Savings Bank',
      expiryMonth: 6,
      expiryYear: nextYear,
      holderName: 'Card Tester',
      status: 'pendingVerification',
      attemptsLeft: 3,
      verificationCurrency: 'GBP',
    });
    // The charge is made on the other bank's card: nothing moves in our ledger.
    expect(
      (await server.database.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length,
    ).toBe(transfersBefore);
    const [row] = await server.database.db
      .select()
      .from(externalCards)
      .where(eq(externalCards.id, card.cardId));
    expect(row?.cardNumberEncrypted).not.toContain('4000001234567899');

    const amount = await statementAmount(who.email, card.cardId);
    // 0.5 and 0.50 are the same amount: trailing zeros do not matter, the value does.
    const typed = amount.replace(/0$/, '');
    const confirmed = await server.call(
      'confirmExternalCard',
      { cardId: card.cardId, amount: typed },
      { token: who.token },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.card).toMatchObject({ status: 'verified', attemptsLeft: 0 });
    expect(
      (await server.call('getExternalCards', {}, { token: who.token })).body.cards.map(
        (listed: { cardId: number }) => listed.cardId,
      ),
    ).toContain(card.cardId);
  });

  it('counts wrong amounts and fails the card after the third', async () => {
    const card = (await addCard('5555 5555 5555 4444')).body.card;
    const amount = await statementAmount(who.email, card.cardId);
    const wrong = amount === '1.99' ? '1.98' : '1.99';
    const first = await server.call(
      'confirmExternalCard',
      { cardId: card.cardId, amount: wrong },
      { token: who.token },
    );
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({
      validationErrors: { amount: 'validation.cardVerificationAmountWrong' },
      card: { attemptsLeft: 2, status: 'pendingVerification' },
    });
    expect(
      (
        await server.call(
          'confirmExternalCard',
          { cardId: card.cardId, amount: '0.001' },
          { token: who.token },
        )
      ).body.card.attemptsLeft,
    ).toBe(1);
    const third = await server.call(
      'confirmExternalCard',
      { cardId: card.cardId, amount: wrong },
      { token: who.token },
    );
    expect(third.body).toMatchObject({
      validationErrors: { amount: 'validation.cardVerificationFailed' },
      card: { attemptsLeft: 0, status: 'failed' },
    });
    // Even the right amount is too late now.
    const late = await server.call(
      'confirmExternalCard',
      { cardId: card.cardId, amount },
      { token: who.token },
    );
    expect(late.body.validationErrors).toEqual({ amount: 'validation.cardVerificationFailed' });
    const wrongTries = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'externalCard.wrongAmount'));
    expect(wrongTries.filter((entry) => entry.details.cardId === card.cardId)).toHaveLength(3);
    // A failed card may be linked again.
    expect((await addCard('5555 5555 5555 4444')).status).toBe(200);
  });

  it('refuses numbers that fail the Luhn check, expired cards, our own cards, unknown networks and a card linked twice', async () => {
    const month = new Date().getUTCMonth() + 1;
    const year = new Date().getUTCFullYear();
    const cases: [string, Partial<MainPayload<'addExternalCard'>>, Record<string, string>][] = [
      ['4111 1111 1111 1112', {}, { cardNumber: 'validation.cardNumber' }],
      ['4111-1111', {}, { cardNumber: 'validation.cardNumber' }],
      ['4111 1111 1111 1111', { expiryYear: year - 1 }, { expiryYear: 'validation.cardExpired' }],
      ['4111 1111 1111 1111', { expiryMonth: 13 }, { expiryMonth: 'validation.cardExpiry' }],
      ['4597 6100 0000 0007', {}, { cardNumber: 'validation.cardIsOurs' }],
      ['3782 822463 10005', {}, { cardNumber: 'validation.cardBrandNotSupported' }],
      ['4111 1111 1111 1111', { holderName: '   ' }, { holderName: 'validation.required' }],
    ];
    if (month > 1)
      cases.push([
        '4111 1111 1111 1111',
        { expiryYear: year, expiryMonth: month - 1 },
        { expiryYear: 'validation.cardExpired' },
      ]);
    const listedBefore = (await server.call('getExternalCards', {}, { token: who.token })).body
      .cards.length;
    for (const [number, overrides, errors] of cases) {
      const response = await addCard(number, overrides);
      expect(response.status, `${number} ${JSON.stringify(overrides)}`).toBe(400);
      expect(response.body.validationErrors).toEqual(errors);
    }
    expect(
      (await server.call('getExternalCards', {}, { token: who.token })).body.cards.length,
    ).toBe(listedBefore);

    // This month's expiry is still valid.
    const current = await addCard('4242 4242 4242 4242', { expiryYear: year, expiryMonth: month });
    expect(current.status).toBe(200);
    const twice = await addCard('4242424242424242');
    expect(twice.body.validationErrors).toEqual({ cardNumber: 'validation.cardAlreadyLinked' });
  });

  it('answers a retried request with the first card and refuses the key for another card', async () => {
    const key = crypto.randomUUID();
    const first = await addCard('5200 8200 0000 0008', { idempotencyKey: key });
    const again = await addCard('5200 8200 0000 0008', { idempotencyKey: key });
    expect(again.body.card).toEqual(first.body.card);
    expect(await statementAmount(who.email, first.body.card.cardId)).toMatch(/^\d\.\d\d$/);
    const other = await addCard('4000 0566 5566 5556', { idempotencyKey: key });
    expect(other.body.validationErrors).toEqual({
      idempotencyKey: 'validation.idempotencyKeyReused',
    });
  });

  it('deletes a card from the list; a deleted card is not found any more', async () => {
    const card = (await addCard('4012 8888 8888 1881')).body.card;
    expect(
      (await server.call('deleteExternalCard', { cardId: card.cardId }, { token: who.token })).body,
    ).toMatchObject({
      responseCode: '00',
      cardId: card.cardId,
    });
    expect(
      (await server.call('getExternalCards', {}, { token: who.token })).body.cards.map(
        (listed: { cardId: number }) => listed.cardId,
      ),
    ).not.toContain(card.cardId);
    expect(
      (await server.call('deleteExternalCard', { cardId: card.cardId }, { token: who.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.call(
          'confirmExternalCard',
          { cardId: card.cardId, amount: '1.00' },
          { token: who.token },
        )
      ).status,
    ).toBe(404);
  });

  it("lists only the customer's own cards", async () => {
    const other = await createCustomer(server);
    await addCard('4111 1111 1111 1111', {}, other);
    const mine = (await server.call('getExternalCards', {}, { token: who.token })).body.cards as {
      maskedCardNumber: string;
    }[];
    const theirs = (await server.call('getExternalCards', {}, { token: other.token })).body
      .cards as {
      maskedCardNumber: string;
    }[];
    expect(theirs).toHaveLength(1);
    expect(mine.length).toBeGreaterThan(0);
    expect(
      await statementAmount(other.email, (theirs[0] as unknown as { cardId: number }).cardId),
    ).toMatch(/^\d\.\d\d$/);
  });
});
