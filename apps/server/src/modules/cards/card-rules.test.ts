import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CARD_STATUS, isCardActionAllowed, type CardAction } from '@ledgerline/domain';
import { startTestServer, type TestServer } from '../../../test/helper';
import { accounts, cardApplications, customerAccess, externalCards } from '../../db/schema';
import {
  createCard,
  createCustomer,
  openAccount,
  snapshot,
  type FixtureCustomer,
} from './test-fixtures';

let server: TestServer;
let owner: FixtureCustomer;
let stranger: FixtureCustomer;
let ownerEur: typeof accounts.$inferSelect;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createCustomer(server);
  stranger = await createCustomer(server);
  ownerEur = await openAccount(server, owner.customerId, { balance: '500' });
  await openAccount(server, stranger.customerId, { balance: '500' });
});
afterAll(async () => server.close());

type CardRow = typeof accounts.$inferSelect;

/** Every method that acts on one card, with a payload that is right in every other respect. */
const CARD_CALLS: {
  method: string;
  action: CardAction;
  body: (card: CardRow) => Record<string, unknown>;
}[] = [
  { method: 'pauseCard', action: 'pause', body: (card) => ({ accountId: card.id }) },
  { method: 'unpauseCard', action: 'unpause', body: (card) => ({ accountId: card.id }) },
  { method: 'blockCard', action: 'block', body: (card) => ({ accountId: card.id }) },
  {
    method: 'setCardAlias',
    action: 'rename',
    body: (card) => ({ accountId: card.id, cardAliasName: 'Renamed' }),
  },
  {
    method: 'reissueCard',
    action: 'reissue',
    body: (card) => ({ accountId: card.id, isExpressShipping: false }),
  },
  {
    method: 'upgradeCardShipping',
    action: 'upgradeShipping',
    body: (card) => ({ accountId: card.id }),
  },
  { method: 'getCardActivationData', action: 'activate', body: (card) => ({ accountId: card.id }) },
  {
    method: 'activateCard',
    action: 'activate',
    body: (card) => ({
      accountId: card.id,
      extraParams: { lastFourDigits: card.cardPanLast4, envelopeSealed: 'yes' },
      feeAccountId: ownerEur.id,
    }),
  },
  {
    method: 'changeCardPin',
    action: 'changePin',
    body: (card) => ({ accountId: card.id, pin: '4829', pinRepeat: '4829', confirm: true }),
  },
  // The secrets' step-up checks the card first (secret-reveal.test.ts tests the reveal itself).
  {
    method: 'startCardSecretReveal',
    action: 'showPin',
    body: (card) => ({ accountId: card.id, secret: 'pin' }),
  },
  {
    method: 'startCardSecretReveal',
    action: 'details',
    body: (card) => ({ accountId: card.id, secret: 'details' }),
  },
];

const KINDS = [
  { isVirtual: true, cardType: 2006 },
  { isVirtual: false, cardType: 2021 },
] as const;

describe("another customer's card", () => {
  it.each(CARD_CALLS.map((call) => [`${call.method} ${call.action}`, call] as const))(
    '%s answers not found and changes nothing',
    async (_name, call) => {
      // Each card in a status where the action is allowed, so only ownership can refuse it.
      for (const kind of KINDS) {
        const statusId = Object.values(CARD_STATUS).find((status) =>
          isCardActionAllowed({ statusId: status, isVirtual: kind.isVirtual }, call.action),
        );
        if (statusId === undefined) continue;
        const card = await createCard(server, owner.customerId, {
          cardType: kind.cardType,
          statusId,
          settlementAccountId: ownerEur.id,
        });
        const before = await snapshot(server, card.id);
        const response = await server.main(call.method, call.body(card), { token: stranger.token });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ responseCode: 'ENOA' });
        // Nothing says whether the card exists.
        expect(JSON.stringify(response.json())).not.toContain(String(card.cardPanLast4));
        expect(await snapshot(server, card.id)).toEqual(before);
      }
    },
  );

  it('answers an account that is not a card like a missing card', async () => {
    const response = await server.main(
      'pauseCard',
      { accountId: ownerEur.id },
      { token: owner.token },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      responseCode: 'ENOA',
      responseDescription: 'Card not found',
    });
  });

  it("refuses another customer's application, fee account and external card", async () => {
    const apply = await server.main(
      'applyCard',
      {
        cardType: 2006,
        currencyCode: 'EUR',
        feeAccountId: ownerEur.id,
        idempotencyKey: crypto.randomUUID(),
      },
      { token: stranger.token },
    );
    expect(apply.statusCode).toBe(404);
    expect(
      await server.database.db
        .select()
        .from(cardApplications)
        .where(eq(cardApplications.customerId, stranger.customerId)),
    ).toEqual([]);

    const own = await server.main(
      'applyCard',
      {
        cardType: 2006,
        currencyCode: 'EUR',
        feeAccountId: ownerEur.id,
        idempotencyKey: crypto.randomUUID(),
      },
      { token: owner.token },
    );
    expect(own.statusCode).toBe(200);
    const confirm = await server.main(
      'confirmCardApplication',
      { applicationId: own.json().applicationId },
      { token: stranger.token },
    );
    expect(confirm.statusCode).toBe(404);
    const [application] = await server.database.db
      .select()
      .from(cardApplications)
      .where(eq(cardApplications.id, own.json().applicationId));
    expect(application?.status).toBe('pending');

    const added = await server.main(
      'addExternalCard',
      {
        cardNumber: '4111 1111 1111 1111',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 2,
        holderName: 'Card Tester',
        idempotencyKey: crypto.randomUUID(),
      },
      { token: owner.token },
    );
    expect(added.statusCode).toBe(200);
    const cardId = added.json().card.cardId as number;
    for (const [method, body] of [
      ['confirmExternalCard', { cardId, amount: '1.00' }],
      ['deleteExternalCard', { cardId }],
    ] as const) {
      const response = await server.main(method, body, { token: stranger.token });
      expect(response.statusCode).toBe(404);
    }
    const [external] = await server.database.db
      .select()
      .from(externalCards)
      .where(eq(externalCards.id, cardId));
    expect(external).toMatchObject({
      attemptsLeft: 3,
      status: 'pendingVerification',
      deletedAt: null,
    });
    const listed = (await server.main('getExternalCards', {}, { token: stranger.token })).json();
    expect(listed.cards).toEqual([]);
  });

  it('refuses card changes to a user who may only read the customer it acts for', async () => {
    const reader = await createCustomer(server);
    await server.database.db
      .insert(customerAccess)
      .values({ userId: reader.userId, customerId: owner.customerId, accessRight: 1 });
    const card = await createCard(server, owner.customerId, {
      statusId: CARD_STATUS.active,
      settlementAccountId: ownerEur.id,
    });
    const before = await snapshot(server, card.id);
    const response = await server.main(
      'pauseCard',
      { accountId: card.id, fromCustomerId: owner.customerId },
      { token: reader.token },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ responseCode: 'ENOA' });
    expect(await snapshot(server, card.id)).toEqual(before);

    // Full access may act for the customer.
    await server.database.db
      .update(customerAccess)
      .set({ accessRight: 2 })
      .where(eq(customerAccess.userId, reader.userId));
    const allowed = await server.main(
      'pauseCard',
      { accountId: card.id, fromCustomerId: owner.customerId },
      { token: reader.token },
    );
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().account.accountStatusId).toBe(CARD_STATUS.paused);
  });
});

describe('actions by card status and kind (spec 2 §4)', () => {
  const statuses = Object.entries(CARD_STATUS);
  const cases = statuses.flatMap(([statusName, statusId]) =>
    KINDS.map(
      (kind) => [statusName, kind.isVirtual ? 'virtual' : 'physical', statusId, kind] as const,
    ),
  );

  it.each(cases)(
    'a %s %s card: refused actions are refused and change nothing; allowed ones pass',
    async (_statusName, _kindName, statusId, kind) => {
      for (const call of CARD_CALLS) {
        const card = await createCard(server, owner.customerId, {
          cardType: kind.cardType,
          statusId,
          settlementAccountId: ownerEur.id,
        });
        const before = await snapshot(server, card.id);
        const response = await server.main(call.method, call.body(card), { token: owner.token });
        const body = response.json();
        if (isCardActionAllowed({ statusId, isVirtual: kind.isVirtual }, call.action)) {
          expect(response.statusCode, `${call.method} ${JSON.stringify(body)}`).toBe(200);
        } else {
          expect(response.statusCode, call.method).toBe(400);
          expect(body.responseCode).toBe('TA1');
          expect(['validation.cardActionNotAllowed', 'validation.cardActionWrongKind']).toContain(
            body.validationErrors.accountId,
          );
          expect(body.responseDescription).toMatch(
            /^(This card cannot .+ while it is \w+|A (virtual|physical) card cannot .+)$/,
          );
          expect(await snapshot(server, card.id), call.method).toEqual(before);
        }
      }
    },
  );

  it('lets only one of two concurrent actions on a card through', async () => {
    const card = await createCard(server, owner.customerId, {
      statusId: CARD_STATUS.active,
      settlementAccountId: ownerEur.id,
    });
    const [pause, block] = await Promise.all([
      server.main('pauseCard', { accountId: card.id }, { token: owner.token }),
      server.main('blockCard', { accountId: card.id }, { token: owner.token }),
    ]);
    // Pause then block is allowed (a paused card may not be blocked: refused); block then pause is refused.
    expect([pause.statusCode, block.statusCode].sort()).toEqual([200, 400]);
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.id, card.id));
    expect([CARD_STATUS.paused, CARD_STATUS.canceled]).toContain(row!.accountStatusId);
  });
});
