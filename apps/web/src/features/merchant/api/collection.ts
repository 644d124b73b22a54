import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

/**
 * The calls of one of the company's merchant REST collections (API keys, allowed IP ranges,
 * webhook endpoints): how to list, create, change and delete, each given the company's id.
 */
export interface CollectionCalls<Row, CreateInput, CreateAnswer, Change> {
  key: (customerId: number) => QueryKey;
  list: (client: ApiClient, customerId: number, signal: AbortSignal) => Promise<Row[]>;
  create: (client: ApiClient, customerId: number, input: CreateInput) => Promise<CreateAnswer>;
  update: (client: ApiClient, customerId: number, id: number, change: Change) => Promise<unknown>;
  remove: (client: ApiClient, customerId: number, id: number) => Promise<unknown>;
}

/**
 * One set of hooks for such a collection: the list, and mutations that refresh it once they
 * succeed. Errors are the screen's to show.
 */
export function merchantCollection<Row, CreateInput, CreateAnswer, Change>(
  calls: CollectionCalls<Row, CreateInput, CreateAnswer, Change>,
) {
  function useRefresh(customerId: number) {
    const queryClient = useQueryClient();
    return () => queryClient.invalidateQueries({ queryKey: calls.key(customerId) });
  }
  return {
    useList(customerId: number) {
      const client = useApiClient();
      return useQuery({
        queryKey: calls.key(customerId),
        queryFn: ({ signal }) => calls.list(client, customerId, signal),
      });
    },
    useCreate(customerId: number) {
      const client = useApiClient();
      const refresh = useRefresh(customerId);
      return useMutation({
        mutationFn: (input: CreateInput) => calls.create(client, customerId, input),
        onSuccess: refresh,
      });
    },
    useUpdate(customerId: number) {
      const client = useApiClient();
      const refresh = useRefresh(customerId);
      return useMutation({
        mutationFn: ({ id, change }: { id: number; change: Change }) =>
          calls.update(client, customerId, id, change),
        onSuccess: refresh,
      });
    },
    useRemove(customerId: number) {
      const client = useApiClient();
      const refresh = useRefresh(customerId);
      return useMutation({
        mutationFn: (id: number) => calls.remove(client, customerId, id),
        onSuccess: refresh,
      });
    },
  };
}

/** The query naming the company, and a row's id, as the collections' routes take them. */
export const companyQuery = (customerId: number) => ({ customerId: String(customerId) });
export const idParams = (id: number) => ({ id: String(id) });
