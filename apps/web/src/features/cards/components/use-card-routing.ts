import type { Account } from '@ledgerline/contract';
import { cardRoute, type CardRoute, type CardRoutePath } from '@ledgerline/domain/cards';
import { cardAccountsOf, useAccounts } from '../api/get-accounts';

export type CardRouting =
  | { state: 'loading' }
  | { state: 'error'; error: unknown; retry: () => void; retrying: boolean }
  | { state: 'ready'; route: CardRoute; cards: Account[]; accounts: Account[] };

/** Where a card path leads for this customer's cards (spec 2 §2 "Card routing rules"). */
export function useCardRouting(path: CardRoutePath): CardRouting {
  const accounts = useAccounts();
  if (accounts.isPending) return { state: 'loading' };
  if (accounts.isError)
    return {
      state: 'error',
      error: accounts.error,
      retry: () => void accounts.refetch(),
      retrying: accounts.isFetching,
    };
  const cards = cardAccountsOf(accounts.data);
  const route = cardRoute({
    cards: cards.map((card) => ({
      accountId: card.accountId,
      isVirtual: card.cardIsVirtual === true,
    })),
    path,
  });
  return { state: 'ready', route, cards, accounts: accounts.data };
}
