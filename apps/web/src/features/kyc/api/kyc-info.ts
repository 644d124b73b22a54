import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient, useRealtimeEvent, useSessionState } from '@/app/session';
import { kycKeys } from '../keys';

/** KYC info (spec 2 §7): the state, the /kyc checklist, the address and the documents. */
export function kycInfoQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: kycKeys.info(customerId),
    queryFn: ({ signal }) => client.main('getKycInfo', {}, { signal }),
  });
}

/**
 * The KYC info, kept current: the identity provider's answer and the compliance desk's decisions
 * arrive as realtime events, and the checklist follows them without a reload.
 */
export function useKycInfo() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: kycKeys.all });
  useRealtimeEvent('IdentityVerificationChanged', refresh);
  useRealtimeEvent('VerificationChanged', refresh);
  return useQuery(kycInfoQueryOptions(client, customerId));
}
