import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, PayoutBlacklistUser, PayoutBlockType } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { securityKeys } from '../keys';

export function payoutBlacklistQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: securityKeys.payoutBlacklist(),
    queryFn: async () => (await client.main('getPayoutBlacklist', {})).users,
  });
}

/** The people the customer refuses payouts to. */
export function usePayoutBlacklist() {
  return useQuery(payoutBlacklistQueryOptions(useApiClient()));
}

function useBlacklistMutation<V, R>(call: (client: ApiClient, variables: V) => Promise<R>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => call(client, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.payoutBlacklist() }),
  });
}

/** The added person joins the cached list at once (the answer carries them), then the list is read again. */
export function useAddPayoutBlacklist() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: { email: string; blockType: PayoutBlockType }) =>
      client.main('addPayoutBlacklist', entry),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData<PayoutBlacklistUser[]>(securityKeys.payoutBlacklist(), (list) =>
        list ? [...list.filter((item) => item.email !== user.email), user] : list,
      );
      await queryClient.invalidateQueries({ queryKey: securityKeys.payoutBlacklist() });
    },
  });
}

export const useDeletePayoutBlacklist = () =>
  useBlacklistMutation((client, email: string) => client.main('deletePayoutBlacklist', { email }));
