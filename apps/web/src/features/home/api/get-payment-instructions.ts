import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, PaymentInstruction } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { homeKeys } from '../keys';

/** Every payment instruction of the customer: which accounts have bank details, and which are new. */
export function paymentInstructionsQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: homeKeys.paymentInstructions(customerId),
    queryFn: async () => (await client.main('getPaymentInstructions', {})).instructions,
  });
}

export function usePaymentInstructions(options: { enabled: boolean }) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    ...paymentInstructionsQueryOptions(client, customerId),
    enabled: options.enabled,
  });
}

/** The bank details of one account, read fresh when the customer opens them. */
export function useAccountPaymentInstructions(accountId: number | undefined) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: homeKeys.paymentInstructions(customerId, accountId),
    queryFn: async () =>
      (await client.main('getPaymentInstructions', { accountId: accountId ?? 0 })).instructions,
    enabled: accountId !== undefined,
  });
}

/** Marks an instruction viewed: its "new" mark goes from every cached list at once. */
export function useMarkInstructionViewed() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: async (instructionId: number) =>
      (await client.main('markPaymentInstructionViewed', { instructionId })).instruction,
    onSuccess: (instruction) => {
      const replace = (list: PaymentInstruction[] | undefined) =>
        list?.map((item) => (item.id === instruction.id ? instruction : item));
      queryClient.setQueryData(homeKeys.paymentInstructions(customerId), replace);
      queryClient.setQueryData(
        homeKeys.paymentInstructions(customerId, instruction.accountId),
        replace,
      );
    },
  });
}
