import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { transferKeys } from '../keys';

/** One page (at most 50) of the acting company's approval requests, filtered. */
export function useApprovalRequests(request: MainRequest<'getApprovalRequests'>) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.approvals(customerId, request),
    queryFn: () => client.main('getApprovalRequests', request),
    placeholderData: keepPreviousData,
  });
}

export function useApprovalCounts(options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.approvalCounts(customerId),
    queryFn: () => client.main('getApprovalCounts', {}),
    enabled: options.enabled ?? true,
  });
}

/** Approves or declines requests; the lists, counts and balances are stale afterwards. */
export function useDecideRequests() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, approve }: { ids: number[]; approve: boolean }) =>
      client.main(approve ? 'approveRequests' : 'declineRequests', { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transferKeys.all }),
  });
}
