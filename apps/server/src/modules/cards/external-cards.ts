import { randomInt } from 'node:crypto';
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import type { ExternalCard } from '@ledgerline/contract';
import { RESPONSE_CODES, luhnValid } from '@ledgerline/domain';
import type { Database } from '../../db/client';
import { externalCards } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { hashRequest, Money } from '../ledger';
import { assertMayManageCards, refuse, type CardActor } from './access';
import { OWN_ISSUER, brandFromNumber, lookupBin } from './bin-directory';
import type { CardVault } from './vault';

/*
 * Another bank's card a customer links (/add-card, /confirm-card/{cardId}). Holding the card is
 * proved the usual way: we charge it a small random amount (0.10–1.99 in the card's currency) and
 * the customer types back what their statement shows; three tries. The charge is made on the
 * other bank's card through the card network and voided by the acquirer, so it never moves money
 * between accounts of our ledger: it is recorded on the card row (and in the audit log), not
 * posted (docs/decisions.md "External card verification charge").
 */

const VERIFICATION_ATTEMPTS = 3;
/** Live (not deleted, not failed) linked cards a customer may have. */
const MAX_LINKED_CARDS = 10;
/** The currency of the verification charge when the BIN directory does not know the card. */
const DEFAULT_CHARGE_CURRENCY = 'EUR';

type ExternalCardRow = typeof externalCards.$inferSelect;

export interface ExternalCardDeps {
  db: Database;
  vault: CardVault;
}

function toExternalCard(row: ExternalCardRow): ExternalCard {
  return {
    cardId: row.id,
    maskedCardNumber: `•••• ${row.panLast4}`,
    cardBrand: row.cardBrand === 'visa' || row.cardBrand === 'mastercard' ? row.cardBrand : null,
    issuer: row.issuer,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    holderName: row.holderName,
    status:
      row.status === 'verified'
        ? 'verified'
        : row.status === 'failed'
          ? 'failed'
          : 'pendingVerification',
    attemptsLeft: row.status === 'pendingVerification' ? row.attemptsLeft : 0,
    verificationCurrency: row.verificationCurrency,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A uniformly random amount from 0.10 to 1.99, drawn with the crypto generator (a guessable amount proves nothing). */
export function drawVerificationAmount(): string {
  return new Money(randomInt(10, 200)).dividedBy(100).toFixed(2);
}

export async function getExternalCards(db: Database, actor: CardActor): Promise<ExternalCard[]> {
  const rows = await db
    .select()
    .from(externalCards)
    .where(and(eq(externalCards.customerId, actor.customerId), isNull(externalCards.deletedAt)))
    .orderBy(asc(externalCards.id));
  return rows.map(toExternalCard);
}

type AddExternalCardInput = {
  cardNumber: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  idempotencyKey: string;
};

/** Links a card and charges it the verification amount; a retry with the same idempotency key answers the first card. */
export async function addExternalCard(
  deps: ExternalCardDeps,
  actor: CardActor,
  input: AddExternalCardInput,
  now = new Date(),
): Promise<ExternalCard> {
  const { db, vault } = deps;
  await assertMayManageCards(db, actor);
  const requestHash = hashRequest({ ...input, idempotencyKey: undefined });
  const byKey = async () => {
    const [row] = await db
      .select()
      .from(externalCards)
      .where(
        and(
          eq(externalCards.customerId, actor.customerId),
          eq(externalCards.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (row && row.requestHash !== requestHash) {
      throw refuse(
        'idempotencyKey',
        'validation.idempotencyKeyReused',
        'This idempotency key was already used for a different request',
      );
    }
    return row;
  };
  const replay = await byKey();
  if (replay) return toExternalCard(replay);

  if (!luhnValid(input.cardNumber))
    throw refuse('cardNumber', 'validation.cardNumber', 'This is not a valid card number');
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (input.expiryYear < year || (input.expiryYear === year && input.expiryMonth < month)) {
    throw refuse('expiryYear', 'validation.cardExpired', 'This card has expired');
  }
  if (input.expiryYear > year + 20)
    throw refuse('expiryYear', 'validation.cardExpiry', 'Check the expiry date on the card');
  const bin = await lookupBin(db, input.cardNumber.slice(0, 6));
  if (bin.issuer === OWN_ISSUER) {
    throw refuse(
      'cardNumber',
      'validation.cardIsOurs',
      'This card was issued by us: it is already among your cards',
    );
  }
  const brand = bin.cardBrand ?? brandFromNumber(input.cardNumber);
  if (brand === null)
    throw refuse(
      'cardNumber',
      'validation.cardBrandNotSupported',
      'Only Visa and Mastercard cards can be linked',
    );
  const fingerprint = vault.fingerprint(input.cardNumber);
  const live = and(
    eq(externalCards.customerId, actor.customerId),
    isNull(externalCards.deletedAt),
    ne(externalCards.status, 'failed'),
  );
  const [linked] = await db
    .select({ id: externalCards.id })
    .from(externalCards)
    .where(and(live, eq(externalCards.panFingerprint, fingerprint)));
  if (linked)
    throw refuse('cardNumber', 'validation.cardAlreadyLinked', 'This card is already linked');
  const [total] = await db.select({ value: count() }).from(externalCards).where(live);
  if ((total?.value ?? 0) >= MAX_LINKED_CARDS)
    throw refuse(
      'cardNumber',
      'validation.tooManyLinkedCards',
      `At most ${MAX_LINKED_CARDS} cards can be linked`,
    );

  const amount = drawVerificationAmount();
  const currency = bin.currencyCode ?? DEFAULT_CHARGE_CURRENCY;
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(externalCards)
      .values({
        customerId: actor.customerId,
        cardNumberEncrypted: vault.seal('external-pan', input.cardNumber),
        panFingerprint: fingerprint,
        panLast4: input.cardNumber.slice(-4),
        cardBrand: brand,
        issuer: bin.issuer,
        expiryMonth: input.expiryMonth,
        expiryYear: input.expiryYear,
        holderName: input.holderName,
        attemptsLeft: VERIFICATION_ATTEMPTS,
        verificationAmount: amount,
        verificationCurrency: currency,
        idempotencyKey: input.idempotencyKey,
        requestHash,
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await audit(tx, {
        action: 'externalCard.added',
        userId: actor.userId,
        customerId: actor.customerId,
        ip: actor.ip,
        details: { cardId: row.id, last4: row.panLast4, verificationCharge: { amount, currency } },
      });
    }
    return row;
  });
  if (created) return toExternalCard(created);
  // Lost a race: the same key (answer that card) or the same card linked by a concurrent request.
  const raced = await byKey();
  if (raced) return toExternalCard(raced);
  throw refuse('cardNumber', 'validation.cardAlreadyLinked', 'This card is already linked');
}

/**
 * Checks the amount the customer read on their statement. It must equal the charge exactly
 * (0.5 and 0.50 are the same amount); a wrong one uses up a try, and after the third the card
 * fails and must be linked again. A verified card answers as it is.
 */
export async function confirmExternalCard(
  db: Database,
  actor: CardActor,
  input: { cardId: number; amount: string },
  now = new Date(),
): Promise<ExternalCard> {
  await assertMayManageCards(db, actor);
  const outcome = await db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(externalCards)
      .where(
        and(
          eq(externalCards.id, input.cardId),
          eq(externalCards.customerId, actor.customerId),
          isNull(externalCards.deletedAt),
        ),
      )
      .for('update');
    if (!card) throw AppError.notFound('Card not found');
    if (card.status === 'verified') return { card, matched: true };
    if (card.status === 'failed') {
      throw refuse(
        'amount',
        'validation.cardVerificationFailed',
        'No tries are left: remove the card and link it again',
      );
    }
    const matched = new Money(input.amount).equals(card.verificationAmount);
    const attemptsLeft = matched ? card.attemptsLeft : card.attemptsLeft - 1;
    const status = matched ? 'verified' : attemptsLeft <= 0 ? 'failed' : 'pendingVerification';
    const [updated] = await tx
      .update(externalCards)
      .set({ status, attemptsLeft: Math.max(0, attemptsLeft), verifiedAt: matched ? now : null })
      .where(eq(externalCards.id, card.id))
      .returning();
    await audit(tx, {
      action: matched ? 'externalCard.verified' : 'externalCard.wrongAmount',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { cardId: card.id, attemptsLeft: Math.max(0, attemptsLeft), status },
    });
    return { card: updated ?? card, matched };
  });
  if (!outcome.matched) {
    // The used-up try is committed before the refusal is answered.
    const failed = outcome.card.status === 'failed';
    throw new AppError(
      RESPONSE_CODES.invalidParameters,
      failed
        ? 'That was the last try: remove the card and link it again'
        : 'That is not the amount we charged',
      {
        validationErrors: {
          amount: failed
            ? 'validation.cardVerificationFailed'
            : 'validation.cardVerificationAmountWrong',
        },
        extra: { card: toExternalCard(outcome.card) },
      },
    );
  }
  return toExternalCard(outcome.card);
}

export async function deleteExternalCard(
  db: Database,
  actor: CardActor,
  cardId: number,
  now = new Date(),
): Promise<{ cardId: number }> {
  await assertMayManageCards(db, actor);
  await db.transaction(async (tx) => {
    const [card] = await tx
      .update(externalCards)
      .set({ deletedAt: now })
      .where(
        and(
          eq(externalCards.id, cardId),
          eq(externalCards.customerId, actor.customerId),
          isNull(externalCards.deletedAt),
        ),
      )
      .returning({ id: externalCards.id });
    if (!card) throw AppError.notFound('Card not found');
    await audit(tx, {
      action: 'externalCard.deleted',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { cardId },
    });
  });
  return { cardId };
}
