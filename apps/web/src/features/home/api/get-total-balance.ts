import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { homeKeys } from '../keys';

/** Every account's balance in the main currency, added up and converted on the server. */
export function totalBalanceQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: homeKeys.totalBalance(customerId),
    queryFn: ({ signal }) => client.main('getTotalBalance', {}, { signal }),
  });
}

export function useTotalBalance(options: { enabled: boolean }) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({ ...totalBalanceQueryOptions(client, customerId), enabled: options.enabled });
}
