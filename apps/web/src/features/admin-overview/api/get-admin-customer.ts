import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { adminKeys } from './keys';

/** One customer's summary for the administrator. */
export function adminCustomerQueryOptions(client: ApiClient, customerId: number) {
  return queryOptions({
    queryKey: adminKeys.customer(customerId),
    queryFn: ({ signal }) => client.main('getAdminCustomer', { customerId }, { signal }),
  });
}

export function useAdminCustomer(customerId: number) {
  return useQuery(adminCustomerQueryOptions(useApiClient(), customerId));
}
