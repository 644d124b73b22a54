import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LOGIN_HISTORY_PAGE_SIZE, type ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { securityKeys, type LoginHistoryFilter } from '../keys';

export function loginHistoryQueryOptions(client: ApiClient, filter: LoginHistoryFilter) {
  return queryOptions({
    queryKey: securityKeys.loginHistory(filter),
    queryFn: () =>
      client.main('getLoginHistory', {
        ...(filter.fromDate ? { fromDate: filter.fromDate } : {}),
        ...(filter.toDate ? { toDate: filter.toDate } : {}),
        pageNumber: filter.pageNumber,
        // Spec 2 §9: login history pages hold 20.
        pageSize: LOGIN_HISTORY_PAGE_SIZE,
      }),
    // While the next page loads, the current one stays on screen (no jump to a skeleton).
    placeholderData: keepPreviousData,
  });
}

export function useLoginHistory(filter: LoginHistoryFilter) {
  return useQuery(loginHistoryQueryOptions(useApiClient(), filter));
}
