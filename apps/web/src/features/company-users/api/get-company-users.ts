import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { companyUsersKeys } from '../keys';

export function companyUsersQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: companyUsersKeys.list(customerId),
    queryFn: ({ signal }) => client.main('getCompanyUsers', {}, { signal }),
  });
}

/** The acting company's users with their rights (getCompanyUsers). */
export function useCompanyUsers() {
  const { customerId } = useSessionState();
  return useQuery(companyUsersQueryOptions(useApiClient(), customerId));
}
