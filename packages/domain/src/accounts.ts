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

/**
 * The account list order (spec 2 §3): by accountStatusId ascending. The sort is stable, so
 * accounts with the same status keep the order the server sent (by accountId).
 */
export function sortAccounts<T extends { accountStatusId: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.accountStatusId - b.accountStatusId);
}

/** The account history opens on when none is chosen: the first account of the sorted list (spec 2 §3). */
export function defaultHistoryAccount<T extends { accountStatusId: number }>(
  list: readonly T[],
): T | null {
  return sortAccounts(list)[0] ?? null;
}
