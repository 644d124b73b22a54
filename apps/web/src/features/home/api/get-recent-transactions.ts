import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { homeKeys } from '../keys';

/** How many movements home lists; the history page has the rest. */
export const RECENT_TRANSACTIONS = 5;

/** The newest movements of one account: the history's first page, small and without its counts. */
export function recentTransactionsQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  accountId: number,
  language: string,
) {
  return queryOptions({
    queryKey: homeKeys.recentTransactions(customerId, accountId, language),
    queryFn: async ({ signal }) =>
      (
        await client.main(
          'getTransactionHistory',
          { accountId, pageSize: RECENT_TRANSACTIONS, withTotals: false },
          { signal },
        )
      ).items,
  });
}

export function useRecentTransactions(accountId: number | undefined) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const { language } = useLanguage();
  return useQuery({
    ...recentTransactionsQueryOptions(client, customerId, accountId ?? 0, language),
    enabled: accountId !== undefined,
  });
}

/** Names of the transaction types in the page's language (the items' titles when nothing else names them). */
export function useTransactionTypeNames() {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({
    queryKey: homeKeys.transactionTypes(language),
    queryFn: async () => (await client.main('getTransactionTypes', {})).transactions,
    staleTime: 60 * 60_000,
  });
}
