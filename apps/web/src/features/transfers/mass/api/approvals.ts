import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { transferKeys } from '../../keys';
import { massKeys } from '../keys';

/*
 * Batch approvals (spec 2 §7 "Business approvals: mass approve (batchId, declined)"; issue 17): the
 * company's batches an initiate-only user submitted, and a full-access user's decision on a whole
 * batch, proved with their own code.
 */

/** The newest batches (one page of the batch list, 20) that wait for an approver. */
export function useBatchesAwaitingApproval(enabled: boolean) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: [...massKeys.all(customerId), 'awaiting-approval'],
    queryFn: ({ signal }) =>
      client.main('getBatchTransfers', { pageNumber: 1, pageSize: 20 }, { signal }),
    select: (answer) => answer.batches.filter((batch) => batch.status === 'awaitingApproval'),
    enabled,
  });
}

/** Who a batch pays: its first rows (the payee summary of a request). */
export function useBatchPayees(batchId: number) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: [...massKeys.batch(customerId, batchId), 'payees'],
    queryFn: ({ signal }) => client.main('getMassBatch', { batchId, pageSize: 3 }, { signal }),
  });
}

/** Starts the decision on a whole batch: the approver's code is sent. */
export function useStartMassDecision() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: MainRequest<'massApprove'>) => client.main('massApprove', request),
  });
}

/** Finishes it with the code; the batches, approvals and balances are stale afterwards. */
export function useConfirmMassDecision() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MainRequest<'massApproveConfirm'>) =>
      client.main('massApproveConfirm', request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transferKeys.all }),
  });
}
