import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account, ApiClient } from '@ledgerline/contract';
import { ACCOUNT_TYPES, isCardAccountType } from '@ledgerline/domain/accounts';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import { useApiClient, useSessionState } from '@/app/session';
import { cardKeys } from '../keys';

/** How long a fetched account list is good for: the spec throttles the account fetch to once per 3 s (spec 2 §9). */
export const ACCOUNTS_STALE_MS = 3_000;

export function accountsQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: cardKeys.accounts(customerId),
    queryFn: async () => (await client.main('getAccounts', {})).accounts,
    staleTime: ACCOUNTS_STALE_MS,
  });
}

/** The customer's accounts; `refetchInterval` polls while a card is moving between statuses. */
export function useAccounts(options: { refetchInterval?: number | false } = {}) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    ...accountsQueryOptions(client, customerId),
    refetchInterval: options.refetchInterval ?? false,
  });
}

/**
 * The card accounts the card screens show and route by: card types 2006–2135, canceled cards
 * aside (a blocked or replaced card is gone for the customer).
 */
export function cardAccountsOf(accounts: readonly Account[]): Account[] {
  return accounts.filter(
    (account) =>
      isCardAccountType(account.type) && account.accountStatusId !== CARD_STATUS.canceled,
  );
}

/**
 * Accounts that can pay a card's fees in `currencyCode`: the customer's active payment accounts
 * and wallets (types 1001, 4001) in that currency — fees are charged in the card's currency, so
 * no exchange is involved.
 */
export function feeAccountsOf(accounts: readonly Account[], currencyCode: string): Account[] {
  const payers: readonly number[] = [ACCOUNT_TYPES.payment, ACCOUNT_TYPES.prepaidFunding];
  return accounts.filter(
    (account) =>
      payers.includes(account.type) &&
      account.accountStatusId === 2 &&
      account.currencyCode === currencyCode,
  );
}

/** The list with `account` put in place of its old version (or added, for a new card). */
export function upsertAccount(list: readonly Account[], account: Account): Account[] {
  const index = list.findIndex((item) => item.accountId === account.accountId);
  if (index === -1) return [...list, account];
  return list.map((item, position) => (position === index ? account : item));
}
