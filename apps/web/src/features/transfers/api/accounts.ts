import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account, ApiClient } from '@ledgerline/contract';
import { ACCOUNT_TYPES, sortAccounts } from '@ledgerline/domain/accounts';
import { useApiClient, useSessionState } from '@/app/session';
import { transferKeys } from '../keys';

/** The spec throttles the account fetch to once per 3 s (spec 2 §9). */
const ACCOUNTS_STALE_MS = 3_000;
/** Other accounts than cards: 2 active, 4 closed. */
const ACTIVE = 2;
/** Money leaves from and arrives on payment accounts, prepaid funding wallets and receiving accounts (never a card or a closed one). */
const TRANSFERABLE: readonly number[] = [
  ACCOUNT_TYPES.payment,
  ACCOUNT_TYPES.prepaidFunding,
  ACCOUNT_TYPES.receiving,
];

export function transferAccountsQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: transferKeys.accounts(customerId),
    queryFn: async () => (await client.main('getAccounts', {})).accounts,
    staleTime: ACCOUNTS_STALE_MS,
    select: (accounts: Account[]) =>
      sortAccounts(
        accounts.filter(
          (account) => TRANSFERABLE.includes(account.type) && account.accountStatusId === ACTIVE,
        ),
      ),
  });
}

/** The acting customer's accounts money can move between, in the list order of spec 2 §3. */
export function useTransferAccounts() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(transferAccountsQueryOptions(client, customerId));
}
