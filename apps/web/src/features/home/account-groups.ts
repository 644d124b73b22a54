import type { Account } from '@ledgerline/contract';
import { accountKind } from '@ledgerline/domain/accounts';

export type AccountGroupKey = 'payment' | 'prepaidFunding' | 'receiving' | 'other';

export interface AccountGroups {
  /** Money accounts by kind, each in the list's order (accountStatusId, spec 2 §3). */
  groups: { key: AccountGroupKey; accounts: Account[] }[];
  /** Card accounts: shown as a summary that leads to the cards screens. */
  cards: Account[];
}

const ORDER: AccountGroupKey[] = ['payment', 'prepaidFunding', 'receiving', 'other'];

/**
 * Splits the sorted account list for the home screen: payment accounts, wallets (4001),
 * receiving accounts (4002), then anything else (closed or an unknown type); cards apart.
 * Empty groups are left out.
 */
export function groupAccounts(accounts: readonly Account[]): AccountGroups {
  const byKey = new Map<AccountGroupKey, Account[]>(ORDER.map((key) => [key, []]));
  const cards: Account[] = [];
  for (const account of accounts) {
    const kind = accountKind(account.type);
    if (kind === 'card') cards.push(account);
    else if (kind === 'payment' || kind === 'prepaidFunding' || kind === 'receiving')
      byKey.get(kind)?.push(account);
    else byKey.get('other')?.push(account);
  }
  return {
    groups: ORDER.map((key) => ({ key, accounts: byKey.get(key) ?? [] })).filter(
      (group) => group.accounts.length > 0,
    ),
    cards,
  };
}

/** Currencies in which the customer already holds an account of the kind (no second one may be opened). */
export function heldCurrencies(
  accounts: readonly Account[],
  kind: 'payment' | 'prepaidFunding',
): Set<string> {
  return new Set(
    accounts
      .filter((account) => accountKind(account.type) === kind)
      .map((account) => account.currencyCode),
  );
}
