import { and, eq } from 'drizzle-orm';
import type { Account } from '@ledgerline/contract';
import { CARD_STATUS } from '@ledgerline/domain';
import { accounts } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { audit } from '../audit';
import { toAccount } from '../accounts';
import { requireFullAccess } from '../customers';
import { assertMayManageCards, loadOwnedCard, refuse, requireCardAction } from './access';
import { passStepUp, startCardSecretReveal, type CardSecretDeps } from './secret-reveal';

/*
 * Enrollment (spec 2 §4: for active cards only) is the card's 3-D Secure enrollment: online
 * payments at merchants that ask for 3-D Secure go through only on an enrolled card, each
 * confirmed with the customer's second factor. Turning it on lets money leave online, so it asks
 * for the user's own second factor (the step-up card secrets use) and full access; turning it off
 * only restricts the card, so it is a card change like pausing. Both only while the card is active.
 */

type EnrollActor = Pick<
  Actor,
  'userId' | 'ownCustomerId' | 'customerId' | 'accessLevel' | 'ip' | 'lang'
>;

/** startCardEnrollment: sends the user's second factor to enroll one active card. */
export async function startCardEnrollment(
  deps: CardSecretDeps,
  actor: EnrollActor,
  accountId: number,
) {
  requireFullAccess(actor);
  const card = await loadOwnedCard(deps.db, actor.customerId, accountId);
  requireCardAction(card, 'enrollment');
  if (card.cardSecureEnrolledAt !== null)
    throw refuse('accountId', 'validation.cardAlreadyEnrolled', 'This card is already enrolled');
  return startCardSecretReveal(deps, actor, { accountId, secret: 'enroll' });
}

/** confirmCardEnrollment: the second factor passed, the card is enrolled (once; again changes nothing). */
export async function confirmCardEnrollment(
  deps: CardSecretDeps,
  actor: EnrollActor,
  input: { accountId: number; operationId?: string | undefined; code?: string | undefined },
  now = new Date(),
): Promise<Account> {
  requireFullAccess(actor);
  const card = await loadOwnedCard(deps.db, actor.customerId, input.accountId);
  requireCardAction(card, 'enrollment');
  await passStepUp(deps, actor, card, 'enroll', input);
  const row = await deps.db.transaction(async (tx) => {
    const locked = await loadOwnedCard(tx, actor.customerId, input.accountId, { lock: true });
    // The card may have been paused or blocked while the code travelled.
    requireCardAction(locked, 'enrollment');
    if (locked.cardSecureEnrolledAt !== null) return locked;
    const [updated] = await tx
      .update(accounts)
      .set({ cardSecureEnrolledAt: now })
      .where(and(eq(accounts.id, locked.id), eq(accounts.accountStatusId, CARD_STATUS.active)))
      .returning();
    await audit(tx, {
      action: 'card.enrolled',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { accountId: locked.id },
    });
    return updated ?? locked;
  });
  return toAccount(row);
}

/** cancelCardEnrollment: online payments that ask for 3-D Secure are declined from now on. */
export async function cancelCardEnrollment(
  deps: Pick<CardSecretDeps, 'db'>,
  actor: EnrollActor,
  accountId: number,
): Promise<Account> {
  await assertMayManageCards(deps.db, actor);
  const row = await deps.db.transaction(async (tx) => {
    const card = await loadOwnedCard(tx, actor.customerId, accountId, { lock: true });
    requireCardAction(card, 'enrollment');
    if (card.cardSecureEnrolledAt === null) return card;
    const [updated] = await tx
      .update(accounts)
      .set({ cardSecureEnrolledAt: null })
      .where(eq(accounts.id, card.id))
      .returning();
    await audit(tx, {
      action: 'card.enrollmentCancelled',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { accountId: card.id },
    });
    return updated ?? card;
  });
  return toAccount(row);
}
