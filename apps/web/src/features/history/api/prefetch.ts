import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { accountsQueryOptions } from '@/app/session';
import { readFilterValues, toHistoryFilter } from '../filter';
import { historyPageQueryOptions, transactionTypesQueryOptions } from './history';

/**
 * /history's first reads, started by its route's loader (decision 121): the transaction types
 * beside the accounts, and the first page of the list the address asks for as soon as the accounts
 * say which account that is (the one in `?accountId=`, else the first, as the screen chooses).
 * Started after the screen's code and first render instead, they cost the page two round trips
 * before its list showed. Nothing is awaited by the navigation; a failure is left to the screen.
 */
export async function prefetchHistory(
  queryClient: QueryClient,
  apiClient: ApiClient,
  {
    customerId,
    language,
    search,
  }: {
    customerId: number | undefined;
    language: string | undefined;
    search: URLSearchParams;
  },
): Promise<void> {
  if (language !== undefined)
    void queryClient.prefetchQuery(transactionTypesQueryOptions(apiClient, language));
  const accounts = await queryClient
    .ensureQueryData({ ...accountsQueryOptions(apiClient, customerId), retry: false })
    .catch(() => undefined);
  const view = search.get('view');
  if (!accounts || (view !== null && view !== 'transactions')) return;
  const wanted = Number(search.get('accountId'));
  const account = accounts.find((item) => item.accountId === wanted) ?? accounts[0];
  if (!account) return;
  const filter = toHistoryFilter(account.accountId, readFilterValues(search));
  void queryClient.prefetchQuery(
    historyPageQueryOptions(apiClient, customerId, filter, { cursor: null, pageNumber: 1 }),
  );
}
