import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { termsErrorSchema, type PendingTerm } from '@ledgerline/contract';
import {
  customerInfoQueryOptions,
  sessionKeys,
  useApiClient,
  useSessionState,
} from '@/app/session';
import { isApiError } from '@/lib/api-error';

export type TermsState =
  | { status: 'loading' }
  | { status: 'pending'; terms: PendingTerm[] }
  /** Nothing waits: the customer info loads (the sign-in can go on). */
  | { status: 'none' }
  | { status: 'error'; error: Error; retry: () => void; retrying: boolean };

/**
 * The terms waiting to be accepted: getCustomerInfo answers TE with their list instead of the
 * customer (spec 1 §4, §8) — the same query the start page and home use.
 */
export function usePendingTerms(): TermsState {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const info = useQuery({ ...customerInfoQueryOptions(client, customerId), retry: false });
  if (info.isPending) return { status: 'loading' };
  if (info.isSuccess) return { status: 'none' };
  const error = info.error;
  if (isApiError(error)) {
    const parsed = termsErrorSchema.safeParse(error.data);
    if (parsed.success) return { status: 'pending', terms: parsed.data.terms };
  }
  return { status: 'error', error, retry: () => void info.refetch(), retrying: info.isFetching };
}

/** acceptTerms with every pending term's value; the customer info is then loaded afresh. */
export function useAcceptTerms() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: string[]) => client.main('acceptTerms', { terms: values }),
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKeys.all }),
  });
}
