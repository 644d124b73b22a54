import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { homeKeys } from '../keys';

export function getCustomerInfo(client: ApiClient) {
  return client.main('getCustomerInfo', {});
}

export function customerInfoQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: homeKeys.customerInfo(),
    queryFn: () => getCustomerInfo(client),
  });
}

export function useCustomerInfo() {
  const client = useApiClient();
  return useQuery(customerInfoQueryOptions(client));
}
