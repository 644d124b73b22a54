import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE, type ApiClient, type HistoryFilter } from '@ledgerline/contract';
import { useApiClient, useSessionManager, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { apiLink, downloadFile } from '@/lib/download-file';
import { historyKeys } from '../keys';

/**
 * One page of the filtered history (spec 2 §3, page size 20 from page 1). The first page asks for
 * the totals; the next ones follow the previous page's nextCursor (keyset pages) and keep the
 * first page's counts, as the server suggests.
 */
export function historyPageQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  filter: HistoryFilter,
  page: { cursor: string | null; pageNumber: number },
) {
  return queryOptions({
    queryKey: historyKeys.page(customerId, filter, page.cursor),
    queryFn: ({ signal }) =>
      client.main(
        'getTransactionHistory',
        {
          ...filter,
          pageNumber: page.pageNumber,
          pageSize: HISTORY_PAGE_SIZE,
          ...(page.cursor ? { cursor: page.cursor } : { withTotals: true }),
        },
        { signal },
      ),
    // While the next page of the same filter loads, the current one stays on screen (no jump to a
    // skeleton); another filter's rows are never shown as if they matched this one.
    placeholderData: (previous, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey[3]) === JSON.stringify(filter)
        ? keepPreviousData(previous)
        : undefined,
  });
}

export function useHistoryPage(
  filter: HistoryFilter | null,
  page: { cursor: string | null; pageNumber: number },
) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    ...historyPageQueryOptions(client, customerId, filter ?? { accountId: 0 }, page),
    enabled: filter !== null,
  });
}

/** The transaction-type dictionary in the page's language: the filter's choices and the items' names. */
export function transactionTypesQueryOptions(client: ApiClient, language: string) {
  return queryOptions({
    queryKey: historyKeys.transactionTypes(language),
    queryFn: async () => (await client.main('getTransactionTypes', {})).transactions,
    staleTime: 60 * 60_000,
  });
}

export function useTransactionTypes() {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery(transactionTypesQueryOptions(client, language));
}

export function useTransactionDetails(transactionId: string | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: historyKeys.details(customerId, transactionId ?? ''),
    queryFn: async ({ signal }) =>
      (await client.main('getTransactionDetails', { transactionId: transactionId! }, { signal }))
        .transaction,
    enabled: transactionId !== null,
  });
}

/**
 * The receipt PDF: asked with the session's bearer, then the single-use, 5-minute link it answers
 * is opened (a link a browser opens cannot carry a bearer).
 */
export function useTransactionReceipt() {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  return useMutation({
    mutationFn: async (transactionId: string) => {
      const { redirectLink } = await client.main('getTransactionReceipt', { transactionId });
      downloadFile(apiLink(baseUrl, redirectLink));
    },
  });
}

/** Starts the CSV of the whole filtered history; the answer's exportId is then watched. */
export function useExportHistory() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (filter: HistoryFilter) =>
      (await client.main('exportHistory', { ...filter, format: 'csv' })).exportId,
  });
}
