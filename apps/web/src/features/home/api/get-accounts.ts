import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account, ApiClient } from '@ledgerline/contract';
import { TIMING } from '@ledgerline/domain';
import { sortAccounts } from '@ledgerline/domain/accounts';
import { useApiClient, useSessionState } from '@/app/session';
import { homeKeys } from '../keys';

/**
 * The account list (spec 2 §9 "Account fetch cached with 5 s timeout and throttled 3 s"): a call
 * that takes over 5 s fails (the screen offers a retry), and the cached list counts as fresh for
 * 3 s, so mounting screens, focus changes and refresh events cause at most one call per 3 s.
 * Sorted by accountStatusId (spec 2 §3) whatever order arrives.
 */
export function accountsQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: homeKeys.accounts(customerId),
    queryFn: async ({ signal }): Promise<Account[]> => {
      // Over 5 s the request is cancelled, not just no longer awaited; so is one nobody waits for.
      const { accounts } = await client.main('getAccounts', {}, { signal, timeoutMs: TIMING.accountFetchTimeout });
      return sortAccounts(accounts);
    },
    staleTime: TIMING.accountFetchThrottle,
    // Besides AccountChanged (live-accounts.ts): the tab may have slept, with its socket, while balances moved.
    refetchOnWindowFocus: true,
  });
}

export function useAccounts(options: { enabled: boolean }) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({ ...accountsQueryOptions(client, customerId), enabled: options.enabled });
}
