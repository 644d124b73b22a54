import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { authRoutes } from '@ledgerline/contract/auth/routes';
import { useApiClient } from '@/app/session';
import { securityKeys } from '../keys';

/** The auth service's device routes (spec 1 §7 "Auth service"): the phones linked to the user. */
const routes = authRoutes.devices;

export function devicesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: securityKeys.devices(),
    queryFn: async () => (await client.route(routes.list)).devices,
  });
}

export function useDevices() {
  return useQuery(devicesQueryOptions(useApiClient()));
}

function useDeviceMutation<V>(call: (client: ApiClient, variables: V) => Promise<unknown>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => call(client, variables),
    // A removed phone may have been the sign-in or transaction factor: the settings change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

export const useRenameDevice = () =>
  useDeviceMutation((client, { id, name }: { id: number; name: string }) =>
    client.route(routes.rename, { params: { id }, body: { name } }),
  );

export const useDeleteDevice = () =>
  useDeviceMutation((client, id: number) => client.route(routes.remove, { params: { id } }));
