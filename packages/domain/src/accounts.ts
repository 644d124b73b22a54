import { sortAccounts } from './account-order';
import { ExactDecimal } from './exact-decimal';

/** Account types and ordering (spec 2 §3 "Account"). */

/** `type` values of an account. Card accounts take any type from cardMin to cardMax (one per card product). */
export const ACCOUNT_TYPES = {
  payment: 1001,
  prepaidFunding: 4001,
  receiving: 4002,
  closed: 11,
  cardMin: 2006,
  cardMax: 2135,
} as const;

/** accountStatusId of accounts that are not cards (cards have their own, CARD_STATUS). */
export const ACCOUNT_STATUS = { active: 2, closed: 4 } as const;

export const ACCOUNT_SUB_TYPES = ['PREPAID', 'DEBIT'] as const;
export type AccountSubType = (typeof ACCOUNT_SUB_TYPES)[number];

export type AccountKind = 'payment' | 'prepaidFunding' | 'receiving' | 'card' | 'closed' | 'other';

export function isCardAccountType(type: number): boolean {
  return Number.isInteger(type) && type >= ACCOUNT_TYPES.cardMin && type <= ACCOUNT_TYPES.cardMax;
}

export function accountKind(type: number): AccountKind {
  if (isCardAccountType(type)) return 'card';
  switch (type) {
    case ACCOUNT_TYPES.payment:
      return 'payment';
    case ACCOUNT_TYPES.prepaidFunding:
      return 'prepaidFunding';
    case ACCOUNT_TYPES.receiving:
      return 'receiving';
    case ACCOUNT_TYPES.closed:
      return 'closed';
    default:
      // A type the spec does not name (a future product): shown, but no kind-specific actions.
      return 'other';
  }
}

/** Types money moves from and to between a customer's own accounts and to another customer (never a card or a closed one). */
export const TRANSFERABLE_ACCOUNT_TYPES: readonly number[] = [
  ACCOUNT_TYPES.payment,
  ACCOUNT_TYPES.prepaidFunding,
  ACCOUNT_TYPES.receiving,
];

/**
 * Types money may leave the bank from (external transfers): a payment account or a prepaid
 * funding wallet. A receiving account (4002) only takes money in; it is emptied into the
 * customer's other accounts, so a payout from it is refused rather than merely not offered.
 */
export const EXTERNAL_SOURCE_ACCOUNT_TYPES: readonly number[] = [
  ACCOUNT_TYPES.payment,
  ACCOUNT_TYPES.prepaidFunding,
];

type AccountState = { type: number; accountStatusId: number };

/** An open account money can move from or to inside the bank. */
export function isTransferableAccount(account: AccountState): boolean {
  return (
    TRANSFERABLE_ACCOUNT_TYPES.includes(account.type) &&
    account.accountStatusId === ACCOUNT_STATUS.active
  );
}

/** An open account an external transfer may leave from. */
export function isExternalSourceAccount(account: AccountState): boolean {
  return (
    EXTERNAL_SOURCE_ACCOUNT_TYPES.includes(account.type) &&
    account.accountStatusId === ACCOUNT_STATUS.active
  );
}

/**
 * What the customer may move from an account now: the balance minus the reserved (pending)
 * amount minus the account's minimum balance, never below zero (an account already under its
 * minimum has nothing to move). Exact decimal text.
 */
export function availableBalance(account: {
  balance: string;
  pendingAmount: string;
  accountBalanceMin: string;
}): string {
  const available = new ExactDecimal(account.balance)
    .minus(account.pendingAmount)
    .minus(account.accountBalanceMin);
  return available.isPositive() && !available.isZero() ? available.toFixed() : '0';
}

// In its own module so the web app's session code can sort without decimal.js (decision 108).
export { sortAccounts } from './account-order';

/** The account history opens on when none is chosen: the first account of the sorted list (spec 2 §3). */
export function defaultHistoryAccount<T extends { accountStatusId: number }>(
  list: readonly T[],
): T | null {
  return sortAccounts(list)[0] ?? null;
}

/** The currency totals are shown in when the customer has no open payment account (the rates' base). */
export const FALLBACK_MAIN_CURRENCY = 'EUR';

/**
 * The customer's main account: the open payment account (1001) opened first (lowest id), else the
 * first account history opens on. The spec names no "main currency"; home shows the total balance
 * and the spending in this account's currency (docs/decisions.md "Home overview"), so a customer
 * who adds a second currency later keeps the same one.
 */
export function mainAccount<T extends { accountId: number; type: number; accountStatusId: number }>(
  list: readonly T[],
): T | null {
  const payment = list
    .filter(
      (account) =>
        account.type === ACCOUNT_TYPES.payment && account.accountStatusId === ACCOUNT_STATUS.active,
    )
    .sort((a, b) => a.accountId - b.accountId)[0];
  return payment ?? defaultHistoryAccount(list);
}

/** The currency of the customer's main account, or the fallback when the customer has no account. */
export function mainCurrency(
  list: readonly {
    accountId: number;
    type: number;
    accountStatusId: number;
    currencyCode: string;
  }[],
): string {
  return mainAccount(list)?.currencyCode ?? FALLBACK_MAIN_CURRENCY;
}
