import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { kycKeys } from '../keys';

/** KYC info (spec 2 §7): the state, the /kyc checklist, the address and the documents. */
export function kycInfoQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: kycKeys.info(customerId),
    queryFn: ({ signal }) => client.main('getKycInfo', {}, { signal }),
  });
}

export function useKycInfo() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(kycInfoQueryOptions(client, customerId));
}
