import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MainRequest, PreapprovalListRequest } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { transferKeys } from '../keys';

/*
 * The customer's pre-approved payments (issue 18; spec 2 §7 profile "pre-approved list and
 * cancel"): the filtered list, create (then its second factor) and cancel. Keys live under the
 * transfers feature's keys of the customer acted for.
 */

type Owner = number | undefined;

export const preapprovedKeys = {
  all: (customerId: Owner) => [...transferKeys.of(customerId), 'preapproved'] as const,
  list: (customerId: Owner, request: PreapprovalListRequest) =>
    [...preapprovedKeys.all(customerId), request] as const,
};

export function usePreapprovals(request: PreapprovalListRequest | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: preapprovedKeys.list(customerId, request ?? {}),
    queryFn: () => client.main('getPreapprovedPayments', request ?? {}),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return () => queryClient.invalidateQueries({ queryKey: preapprovedKeys.all(customerId) });
}

export function useCreatePreapproval() {
  const client = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (request: MainRequest<'createPreapprovedPayment'>) =>
      client.main('createPreapprovedPayment', request),
    onSuccess: refresh,
  });
}

export function useConfirmPreapproval() {
  const client = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (request: MainRequest<'confirmPreapprovedPayment'>) =>
      client.main('confirmPreapprovedPayment', request),
    onSettled: refresh,
  });
}

export function useCancelPreapproval() {
  const client = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => client.main('cancelPreapprovedPayment', { id }),
    onSuccess: refresh,
  });
}
