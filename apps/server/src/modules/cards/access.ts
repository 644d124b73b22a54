import { and, between, eq } from 'drizzle-orm';
import {
  ACCESS_LEVELS,
  ACCOUNT_TYPES,
  RESPONSE_CODES,
  cardStatusKey,
  isCardActionAllowed,
  type CardAction,
} from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { accounts, customerAccess, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';

export type AccountRow = typeof accounts.$inferSelect;

/** Who acts on cards: the request's Actor (the customer the call acts for and the signed-in user). */
export type CardActor = Pick<Actor, 'customerId' | 'userId' | 'ownCustomerId' | 'ip'>;

/**
 * Acting for another customer (fromCustomerId) lets a read-only or documents-only user look, not
 * act: card changes, the PIN and the card details need full access, or an administrator.
 */
export async function assertMayManageCards(db: DbOrTx, actor: CardActor): Promise<void> {
  if (actor.customerId === actor.ownCustomerId) return;
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (user?.isAdmin) return;
  const [access] = await db
    .select({ accessRight: customerAccess.accessRight })
    .from(customerAccess)
    .where(
      and(eq(customerAccess.userId, actor.userId), eq(customerAccess.customerId, actor.customerId)),
    );
  const level = access?.accessRight ?? ACCESS_LEVELS.noAccess;
  if (
    level === ACCESS_LEVELS.noAccess ||
    level === ACCESS_LEVELS.read ||
    level === ACCESS_LEVELS.uploading
  ) {
    throw AppError.noAccess('Your access to this customer does not let you manage its cards');
  }
}

/**
 * A card account of the acting customer, locked FOR UPDATE when `lock` (inside a transaction), so
 * two actions on one card run one after the other and the second sees the first's status. Another
 * customer's card, or an account that is not a card, is "not found" (STYLE.md "Errors").
 */
export async function loadOwnedCard(
  db: DbOrTx,
  customerId: number,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<AccountRow> {
  const query = db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.id, accountId),
        eq(accounts.customerId, customerId),
        between(accounts.type, ACCOUNT_TYPES.cardMin, ACCOUNT_TYPES.cardMax),
      ),
    );
  const [card] = options.lock ? await query.for('update') : await query;
  if (!card) throw AppError.notFound('Card not found');
  return card;
}

/** What each action does to a card, for the refusal's description. */
const ACTION_WORDS: Record<CardAction, string> = {
  balance: 'show its balance',
  history: 'show its history',
  block: 'be blocked',
  pause: 'be paused',
  unpause: 'be unpaused',
  load: 'be loaded',
  enrollment: 'be enrolled',
  changePin: 'have its PIN changed',
  showPin: 'show its PIN',
  details: 'show its details',
  rename: 'be renamed',
  activate: 'be activated',
  reissue: 'be reissued',
  upgradeShipping: 'have its shipping upgraded',
};

/** Refuses (TA1) an action cardActions() does not allow for the card's status and kind (spec 2 §4). */
export function requireCardAction(card: AccountRow, action: CardAction): void {
  const isVirtual = card.cardIsVirtual === true;
  if (isCardActionAllowed({ statusId: card.accountStatusId, isVirtual }, action)) return;
  const kindIsTheReason = isCardActionAllowed(
    { statusId: card.accountStatusId, isVirtual: !isVirtual },
    action,
  );
  const description = kindIsTheReason
    ? `A ${isVirtual ? 'virtual' : 'physical'} card cannot ${ACTION_WORDS[action]}`
    : `This card cannot ${ACTION_WORDS[action]} while it is ${cardStatusKey(card.accountStatusId) ?? `in status ${card.accountStatusId}`}`;
  throw new AppError(RESPONSE_CODES.invalidParameters, description, {
    validationErrors: {
      accountId: kindIsTheReason
        ? 'validation.cardActionWrongKind'
        : 'validation.cardActionNotAllowed',
    },
    extra: { accountStatusId: card.accountStatusId },
  });
}

/** A TA1 refusal naming one field: `key` is an i18n key the web shows on it, `description` plain English. */
export function refuse(field: string, key: string, description: string): AppError {
  return AppError.invalid({ [field]: key }, description);
}
