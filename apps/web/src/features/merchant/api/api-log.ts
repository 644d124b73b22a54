import { useInfiniteQuery } from '@tanstack/react-query';
import { merchantApiRoutes } from '@ledgerline/contract/merchant-api/routes';
import { useApiClient } from '@/app/session';
import { merchantKeys, type ApiLogFilter } from '../keys';

/**
 * One key's request log (spec 2 §7 public-api/apirequest), newest first, a page at a time by the
 * cursor the previous page answered. Nothing is asked until a key is chosen (spec 2 §5).
 */
export function useApiLog(customerId: number, filter: ApiLogFilter | null) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: merchantKeys.apiLog(customerId, filter ?? { apiKeyId: 0 }),
    enabled: filter !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      client.route(
        merchantApiRoutes.apiRequests,
        {
          query: {
            customerId: String(customerId),
            apiKeyId: String(filter?.apiKeyId ?? 0),
            ...(filter?.fromDate ? { fromDate: filter.fromDate } : {}),
            ...(filter?.toDate ? { toDate: filter.toDate } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
