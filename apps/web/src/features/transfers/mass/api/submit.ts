import { useMutation } from '@tanstack/react-query';
import type { MainRequest, MassSubmitResult, SubmitResult } from '@ledgerline/contract';
import { useCallback } from 'react';
import { useApiClient } from '@/app/session';
import { useInvalidateMassBatch } from './batch';

/**
 * The batch submit as the shared confirmation reads a submit answer: processing (the rows are on
 * their way) is settled for it, pending waits for the customer's second factor, approvalCreated for
 * a business approver. The batch has no single transaction: its id names the flow.
 */
export function asSubmitResult(answer: MassSubmitResult): SubmitResult {
  return {
    transactionId: `batch-${answer.batchId}`,
    operationId: answer.status === 'pending' ? answer.operationId : null,
    approveType: answer.approveType,
    approvalSentTo: answer.approvalSentTo,
    availableApprovalMethods: answer.availableApprovalMethods,
    fee: answer.fee,
    status: answer.status === 'processing' ? 'settled' : answer.status,
  };
}

/** Submits the batch's valid rows for the total the dry run showed (with the attempt's idempotency key). */
export function useSubmitMassBatchCall() {
  const client = useApiClient();
  return useCallback(
    async (request: MainRequest<'submitMassBatch'>): Promise<SubmitResult> =>
      asSubmitResult(await client.main('submitMassBatch', request)),
    [client],
  );
}

/** A new batch of exactly the failed and returned rows, to fix and submit in its own workbench. */
export function useResubmitFailedRows() {
  const client = useApiClient();
  const invalidate = useInvalidateMassBatch();
  return useMutation({
    mutationFn: (request: MainRequest<'resubmitMassFailedRows'>) =>
      client.main('resubmitMassFailedRows', request),
    onSuccess: (_answer, request) => invalidate(request.batchId),
  });
}
