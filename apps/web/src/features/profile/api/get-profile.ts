import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { sessionKeys, useApiClient, useSessionState } from '@/app/session';
import { profileKeys } from '../keys';

export function profileQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: profileKeys.details(customerId),
    queryFn: () => client.main('getProfile', {}),
  });
}

/** The acting customer's details and contact data. */
export function useProfile() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(profileQueryOptions(client, customerId));
}

/**
 * After a change: the profile is read again, and so is the session's customer info when the change
 * shows there too (login, tax number).
 */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return async (options: { customerInfo?: boolean } = {}) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.details(customerId) }),
      options.customerInfo
        ? queryClient.invalidateQueries({ queryKey: sessionKeys.all })
        : Promise.resolve(),
    ]);
  };
}
