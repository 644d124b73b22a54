import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Account, GlobalPayBatch, MainRequest, MainResponse } from '@ledgerline/contract';
import { isTransferableAccount, sortAccounts } from '@ledgerline/domain/accounts';
import { useApiClient, useSessionState } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { globalPayKeys } from '../keys';

/*
 * The sender's calls (spec 2 §7 "Global pay (sender batches)"), for the customer the session acts
 * for: create or upload a batch, its payments, country methods, submit, reject, cancel a payment,
 * the polled status and the summary. Errors are the screen's to show (spec 2 §8).
 */

/** While a batch runs its status is asked this often (spec 2 §4: status is polled). */
export const BATCH_POLL_MS = 3_000;

/** The accounts a batch may be paid from: open payment accounts, in the list order of spec 2 §3. */
export function useSenderAccounts() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: globalPayKeys.accounts(customerId),
    queryFn: async () => (await client.main('getAccounts', {})).accounts,
    staleTime: 3_000,
    select: (accounts: Account[]) => sortAccounts(accounts.filter(isTransferableAccount)),
  });
}

function useStoreBatch() {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return (batch: GlobalPayBatch) =>
    queryClient.setQueryData(globalPayKeys.batch(customerId, batch.batchId), batch);
}

/** What a create or upload answers: the batch, or (92) the identical batch's id and date. */
export type CreateAnswer = Pick<
  MainResponse<'globalPayCreateBatch'>,
  'batchId' | 'date' | 'batch'
> & {
  responseCode?: string | undefined;
};

/** The answer of a create or upload refused with 92, read from the envelope the client raised. */
function identicalBatch(error: unknown): CreateAnswer | null {
  if (!isApiError(error) || error.responseCode !== '92') return null;
  const data = error.data as Partial<CreateAnswer> | undefined;
  if (typeof data?.batchId !== 'number' || typeof data.date !== 'string') return null;
  return { responseCode: '92', batchId: data.batchId, date: data.date, batch: null };
}

/** Creates a batch from a list, or from an uploaded file; 92 answers the identical batch instead. */
export function useCreateBatch() {
  const client = useApiClient();
  const store = useStoreBatch();
  return useMutation({
    mutationFn: async (
      request:
        | ({ kind: 'list' } & MainRequest<'globalPayCreateBatch'>)
        | ({ kind: 'file' } & MainRequest<'globalPayUploadBatch'>),
    ): Promise<CreateAnswer> => {
      try {
        if (request.kind === 'list') {
          const { kind: _kind, ...body } = request;
          return await client.main('globalPayCreateBatch', body);
        }
        const { kind: _kind, ...body } = request;
        return await client.main('globalPayUploadBatch', body);
      } catch (error) {
        // 92 is no failure: an identical batch exists, and its answer says which (spec 2 §8).
        const identical = identicalBatch(error);
        if (identical) return identical;
        throw error;
      }
    },
    onSuccess: (answer) => {
      if (answer.batch) store(answer.batch);
    },
  });
}

export function useBatch(batchId: number) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: globalPayKeys.batch(customerId, batchId),
    queryFn: async () => (await client.main('globalPayGetBatch', { batchId })).batch,
    retry: false,
  });
}

/**
 * A running batch's status, asked every few seconds while it runs; when the counts move, the
 * batch itself is fetched again (its payments' statuses).
 */
export function useBatchStatus(batchId: number, isRunning: boolean) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const queryKey = globalPayKeys.batchStatus(customerId, batchId);
  return useQuery({
    queryKey,
    queryFn: async () => {
      const before = queryClient.getQueryData<MainResponse<'globalPayBatchStatus'>>(queryKey);
      const answer = await client.main('globalPayBatchStatus', { batchId });
      const hasMoved =
        before !== undefined &&
        (before.status !== answer.status ||
          JSON.stringify(before.counts) !== JSON.stringify(answer.counts));
      if (hasMoved) {
        void queryClient.invalidateQueries({ queryKey: globalPayKeys.batch(customerId, batchId) });
        // A refusal or an expiry returned money: the balances are stale too.
        void queryClient.invalidateQueries({ queryKey: globalPayKeys.accounts(customerId) });
      }
      return answer;
    },
    enabled: isRunning,
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'running' ? false : BATCH_POLL_MS,
    staleTime: 0,
  });
}

/** Invalidates the batch, its status and the summary: after any change of the money held. */
function invalidateSender(queryClient: QueryClient, customerId: number | undefined) {
  return queryClient.invalidateQueries({ queryKey: globalPayKeys.of(customerId) });
}

export type PaymentChanges = Omit<MainRequest<'globalPayUpdatePayments'>, 'batchId'>;

export function useUpdatePayments(batchId: number) {
  const client = useApiClient();
  const store = useStoreBatch();
  return useMutation({
    mutationFn: async (changes: PaymentChanges) =>
      (await client.main('globalPayUpdatePayments', { batchId, ...changes })).batch,
    onSuccess: store,
  });
}

export function useCountryMethods(countryCode: string) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: globalPayKeys.countryMethods(customerId, countryCode),
    queryFn: async () =>
      (await client.main('globalPayCountryMethods', { countryCode })).paymentMethods,
    enabled: /^[A-Z]{2}$/.test(countryCode),
    staleTime: Infinity,
  });
}

export function useSubmitBatch(batchId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const store = useStoreBatch();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      client.main('globalPaySubmitBatch', { batchId, idempotencyKey }),
    onSuccess: async ({ batch }) => {
      store(batch);
      // Money was reserved: balances of every transfer screen are stale.
      await queryClient.invalidateQueries({ queryKey: ['transfers'] });
    },
  });
}

export function useRejectBatch(batchId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const store = useStoreBatch();
  return useMutation({
    mutationFn: async () => (await client.main('globalPayRejectBatch', { batchId })).batch,
    onSuccess: async (batch) => {
      store(batch);
      await invalidateSender(queryClient, customerId);
    },
  });
}

export function useCancelPayment() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: (paymentId: number) => client.main('globalPayCancelPayment', { paymentId }),
    onSuccess: () => invalidateSender(queryClient, customerId),
  });
}

export function useGlobalSummary(page: number) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: globalPayKeys.summary(customerId, page),
    queryFn: () => client.main('globalPaySummary', { page }),
    placeholderData: keepPreviousData,
  });
}
