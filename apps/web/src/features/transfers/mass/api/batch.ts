import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MainRequest, MainResponse, MassRow } from '@ledgerline/contract';
import { useCallback } from 'react';
import { useApiClient, useRealtimeEvent, useSessionState } from '@/app/session';
import { massKeys } from '../keys';

/*
 * Reading a mass batch (issue 17; spec 2 §3 "Mass and global batch"): the sample files, the batch
 * with a page of its rows, the dry run's totals, and its status while the rows are paid.
 */

/** While a batch runs its status is asked again this often (spec 2 §4 "Status is polled"). */
export const MASS_STATUS_POLL_MS = 2_000;

export function useMassSampleLinks() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: massKeys.samples(customerId),
    queryFn: () => client.main('getMassSampleLinks', {}),
    staleTime: Infinity,
  });
}

/**
 * A row's cells as text. The client turns number-looking strings of an answer into numbers (spec 2
 * §5), so an amount "5" or an account number arrives as a number: the cells are the customer's
 * text and go back as text when a row is fixed.
 */
export function cellsAsText(row: MassRow): MassRow {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(row.fields)) fields[key] = String(value as unknown);
  return { ...row, fields };
}

export type MassRowsRequest = Omit<MainRequest<'getMassBatch'>, 'batchId'>;

/** The batch and one page of its rows; the page before stays while the next loads. */
export function useMassBatch(batchId: number, request: MassRowsRequest) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: massKeys.rows(customerId, batchId, request),
    queryFn: () => client.main('getMassBatch', { batchId, ...request }),
    select: (answer: MainResponse<'getMassBatch'>) => ({
      ...answer,
      rows: answer.rows.map(cellsAsText),
    }),
    placeholderData: keepPreviousData,
  });
}

/** What submitting would pay and debit (moves nothing); asked again whenever a row changes. */
export function useMassDryRun(batchId: number, enabled: boolean) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: massKeys.dryRun(customerId, batchId),
    queryFn: () => client.main('getMassBatchDryRun', { batchId }),
    enabled,
  });
}

/** The batch's status, polled while it is processing (its rows go to the rails one by one) or waits for an approver. */
export function useMassBatchStatus(batchId: number, enabled: boolean) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: massKeys.status(customerId, batchId),
    queryFn: () => client.main('getMassBatchStatus', { batchId }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' || query.state.data?.status === 'awaitingApproval'
        ? MASS_STATUS_POLL_MS
        : false,
  });
}

/** Everything known of one batch is stale (a row changed, it was submitted, it moved on). */
export function useInvalidateMassBatch() {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useCallback(
    (batchId: number) =>
      queryClient.invalidateQueries({ queryKey: massKeys.batch(customerId, batchId) }),
    [queryClient, customerId],
  );
}

/** A batch ended partly failed (the BatchPartially event): its rows and status are stale. */
export function useLiveMassBatch(batchId: number) {
  const invalidate = useInvalidateMassBatch();
  useRealtimeEvent('AccountChanged', () => void invalidate(batchId));
}
