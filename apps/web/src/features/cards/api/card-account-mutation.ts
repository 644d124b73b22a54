import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { cardKeys } from '../keys';
import { upsertAccount } from './get-accounts';

/**
 * A card call that answers the card account as it now stands: the answer goes into the cached
 * list at once (the screen shows the new status without waiting), then the list is fetched again
 * because a call may touch other accounts too (fees paid, a replaced card canceled).
 */
export function useCardAccountMutation<V>(
  call: (client: ApiClient, variables: V) => Promise<{ account: Account }>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: (variables: V) => call(client, variables),
    onSuccess: async ({ account }) => {
      const key = cardKeys.accounts(customerId);
      queryClient.setQueryData<Account[]>(key, (list) =>
        list ? upsertAccount(list, account) : list,
      );
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
