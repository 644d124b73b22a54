import { queryOptions, useQuery } from '@tanstack/react-query';
import { SPENDING_MONTHS, type ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { homeKeys } from '../keys';

/** What left the customer's accounts in each of the last six months (the server sums it). */
export function spendingQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: homeKeys.spending(customerId),
    queryFn: ({ signal }) =>
      client.main('getSpendingByMonth', { months: SPENDING_MONTHS }, { signal }),
    staleTime: 60_000,
  });
}

export function useSpendingByMonth(options: { enabled: boolean }) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({ ...spendingQueryOptions(client, customerId), enabled: options.enabled });
}
