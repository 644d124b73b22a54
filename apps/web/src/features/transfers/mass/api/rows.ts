import { useMutation } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { useInvalidateMassBatch } from './batch';

/*
 * The workbench's edits (issue 17): fix a row in place, drop it, bring it back. Each answer is the
 * row validated again; the batch's counts, the rows list and the dry run are read again after.
 */

export function useUpdateMassRow() {
  const client = useApiClient();
  const invalidate = useInvalidateMassBatch();
  return useMutation({
    mutationFn: (request: MainRequest<'updateMassBatchRow'>) =>
      client.main('updateMassBatchRow', request),
    onSuccess: (_answer, request) => invalidate(request.batchId),
  });
}

export function useRemoveMassRow() {
  const client = useApiClient();
  const invalidate = useInvalidateMassBatch();
  return useMutation({
    mutationFn: (request: MainRequest<'removeMassBatchRow'>) =>
      client.main('removeMassBatchRow', request),
    onSuccess: (_answer, request) => invalidate(request.batchId),
  });
}

export function useRestoreMassRow() {
  const client = useApiClient();
  const invalidate = useInvalidateMassBatch();
  return useMutation({
    mutationFn: (request: MainRequest<'restoreMassBatchRow'>) =>
      client.main('restoreMassBatchRow', request),
    onSuccess: (_answer, request) => invalidate(request.batchId),
  });
}
