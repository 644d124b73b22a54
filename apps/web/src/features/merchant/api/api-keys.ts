import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreateRequest } from '@ledgerline/contract';
import { merchantApiRoutes } from '@ledgerline/contract/merchant-api/routes';
import { useApiClient } from '@/app/session';
import { merchantKeys } from '../keys';

/*
 * The company's API keys (spec 2 §7 public-api/apikey): list, create (the answer holds the secret,
 * the only time it is shown), rename or enable/disable, delete. Errors are the screen's to show.
 */
const routes = merchantApiRoutes.apiKeys;

export function useApiKeys(customerId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.apiKeys(customerId),
    queryFn: async ({ signal }) =>
      (await client.route(routes.list, { query: { customerId: String(customerId) } }, { signal }))
        .apiKeys,
  });
}

function useRefreshKeys(customerId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: merchantKeys.apiKeys(customerId) });
}

export function useCreateApiKey(customerId: number) {
  const client = useApiClient();
  const refresh = useRefreshKeys(customerId);
  return useMutation({
    mutationFn: (input: Omit<ApiKeyCreateRequest, 'customerId'>) =>
      client.route(routes.create, { body: { customerId, ...input } }),
    onSuccess: refresh,
  });
}

export function useUpdateApiKey(customerId: number) {
  const client = useApiClient();
  const refresh = useRefreshKeys(customerId);
  return useMutation({
    mutationFn: ({ id, ...change }: { id: number; name?: string; enabled?: boolean }) =>
      client.route(routes.update, {
        params: { id: String(id) },
        body: { customerId, ...change },
      }),
    onSuccess: refresh,
  });
}

export function useDeleteApiKey(customerId: number) {
  const client = useApiClient();
  const refresh = useRefreshKeys(customerId);
  return useMutation({
    mutationFn: (id: number) =>
      client.route(routes.delete, {
        params: { id: String(id) },
        query: { customerId: String(customerId) },
      }),
    onSuccess: refresh,
  });
}
