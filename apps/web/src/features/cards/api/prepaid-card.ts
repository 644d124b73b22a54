import { useMutation, useQuery } from '@tanstack/react-query';
import { useApiClient, useSessionState } from '@/app/session';
import { cardKeys } from '../keys';
import { useCardAccountMutation } from './card-account-mutation';

/*
 * Prepaid card money and 3-D Secure enrollment (issue 16): the card's limits (whether its product
 * lets money go back to an account), and the enrollment calls. Turning enrollment on takes the
 * user's own second factor; the card answers with its new state.
 */

const owner = (customerId: number | undefined) => customerId ?? 'own';

export function usePrepaidCardLimits(accountId: number, enabled: boolean) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: [...cardKeys.all, 'prepaid-limits', owner(customerId), accountId] as const,
    queryFn: () => client.main('getPrepaidCardLimits', { accountId }),
    enabled,
  });
}

export function useStartCardEnrollment() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (accountId: number) => client.main('startCardEnrollment', { accountId }),
    gcTime: 0,
  });
}

export function useConfirmCardEnrollment() {
  return useCardAccountMutation(
    (client, input: { accountId: number; operationId: string; code?: string }) =>
      client.main('confirmCardEnrollment', input),
  );
}

export function useCancelCardEnrollment() {
  return useCardAccountMutation((client, accountId: number) =>
    client.main('cancelCardEnrollment', { accountId }),
  );
}
