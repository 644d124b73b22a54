import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { adminKeys } from './keys';

export const SEARCH_PAGE_SIZE = 20;

/** Customers of the administrator's brand matching the query, one page. */
export function searchCustomersQueryOptions(client: ApiClient, query: string, page: number) {
  return queryOptions({
    queryKey: adminKeys.search(query, page),
    queryFn: ({ signal }) =>
      client.main('searchCustomers', { query, page, pageSize: SEARCH_PAGE_SIZE }, { signal }),
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(query: string, page: number) {
  return useQuery(searchCustomersQueryOptions(useApiClient(), query, page));
}
