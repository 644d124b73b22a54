import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityVerificationRoutes, type ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { identityVerificationKeys } from '../keys';

export function identityStatusQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: identityVerificationKeys.status(customerId),
    queryFn: () => client.route(identityVerificationRoutes.status, {}),
    refetchOnWindowFocus: true,
  });
}

/**
 * The acting customer's identity and latest check. While a check waits on the phone (started on
 * this computer, completed by QR), it is read again every 15 s besides the realtime event: the
 * phone's answer must reach this screen even if its socket is down.
 */
export function useIdentityStatus() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    ...identityStatusQueryOptions(client, customerId),
    refetchInterval: (query) =>
      query.state.data?.latestRun?.state === 'started' ||
      query.state.data?.latestRun?.state === 'submitted'
        ? 15_000
        : false,
  });
}
