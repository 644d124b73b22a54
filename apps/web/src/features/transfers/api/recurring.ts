import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient, useSessionState } from '@/app/session';
import { transferKeys } from '../keys';

/** The acting customer's recurring transfers between own accounts (the server's scheduler runs them). */
export function useRecurringTransfers() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.recurring(customerId),
    queryFn: async () => (await client.main('getRecurringTransfers', {})).recurring,
  });
}

/** Stops a recurring transfer created with subscriptionUserCancel. */
export function useCancelRecurringTransfer() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: (id: number) => client.main('cancelRecurringTransfer', { id }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: transferKeys.recurring(customerId) }),
  });
}
