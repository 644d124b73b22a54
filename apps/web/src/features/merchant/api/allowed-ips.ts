import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AllowedIpCreateRequest } from '@ledgerline/contract';
import { merchantApiRoutes } from '@ledgerline/contract/merchant-api/routes';
import { useApiClient } from '@/app/session';
import { merchantKeys } from '../keys';

/* The company's allowed IP ranges (spec 2 §7 public-api/allowedip): list, add, enable/disable, delete. */
const routes = merchantApiRoutes.allowedIps;

export function useAllowedIps(customerId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.allowedIps(customerId),
    queryFn: async ({ signal }) =>
      (await client.route(routes.list, { query: { customerId: String(customerId) } }, { signal }))
        .allowedIps,
  });
}

function useRefreshRanges(customerId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: merchantKeys.allowedIps(customerId) });
}

export function useCreateAllowedIp(customerId: number) {
  const client = useApiClient();
  const refresh = useRefreshRanges(customerId);
  return useMutation({
    mutationFn: (input: Omit<AllowedIpCreateRequest, 'customerId'>) =>
      client.route(routes.create, { body: { customerId, ...input } }),
    onSuccess: refresh,
  });
}

export function useSetAllowedIpEnabled(customerId: number) {
  const client = useApiClient();
  const refresh = useRefreshRanges(customerId);
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      client.route(routes.update, { params: { id: String(id) }, body: { customerId, enabled } }),
    onSuccess: refresh,
  });
}

export function useDeleteAllowedIp(customerId: number) {
  const client = useApiClient();
  const refresh = useRefreshRanges(customerId);
  return useMutation({
    mutationFn: (id: number) =>
      client.route(routes.delete, {
        params: { id: String(id) },
        query: { customerId: String(customerId) },
      }),
    onSuccess: refresh,
  });
}
