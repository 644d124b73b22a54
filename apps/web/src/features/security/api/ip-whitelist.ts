import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { securityKeys } from '../keys';

export function ipWhitelistQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: securityKeys.ipWhitelist(),
    queryFn: () => client.main('getIpWhitelist', {}),
  });
}

/** The mode, the caller's address as the server sees it, and the listed addresses and ranges. */
export function useIpWhitelist() {
  return useQuery(ipWhitelistQueryOptions(useApiClient()));
}

function useIpWhitelistMutation<V>(call: (client: ApiClient, variables: V) => Promise<unknown>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => call(client, variables),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.ipWhitelist() }),
        queryClient.invalidateQueries({ queryKey: securityKeys.settings() }),
      ]),
  });
}

export const useAddIpWhitelistEntry = () =>
  useIpWhitelistMutation((client, entry: { ip: string; toIp?: string }) =>
    client.main('addIpWhitelistEntry', entry),
  );

export const useDeleteIpWhitelistEntry = () =>
  useIpWhitelistMutation((client, id: number) => client.main('deleteIpWhitelistEntry', { id }));

export const useSetIpWhitelistMode = () =>
  useIpWhitelistMutation((client, enable: boolean) =>
    client.main('setIpWhitelistMode', { enable }),
  );
