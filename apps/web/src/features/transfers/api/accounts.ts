import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account, ApiClient } from '@ledgerline/contract';
import { isTransferableAccount, sortAccounts } from '@ledgerline/domain/accounts';
import { useApiClient, useSessionState } from '@/app/session';
import { transferKeys } from '../keys';

/** The spec throttles the account fetch to once per 3 s (spec 2 §9). */
const ACCOUNTS_STALE_MS = 3_000;

export function transferAccountsQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: transferKeys.accounts(customerId),
    queryFn: async () => (await client.main('getAccounts', {})).accounts,
    staleTime: ACCOUNTS_STALE_MS,
    // Money leaves from and arrives on open payment accounts, wallets and receiving accounts.
    select: (accounts: Account[]) => sortAccounts(accounts.filter(isTransferableAccount)),
  });
}

/** The acting customer's accounts money can move between, in the list order of spec 2 §3. */
export function useTransferAccounts() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(transferAccountsQueryOptions(client, customerId));
}
