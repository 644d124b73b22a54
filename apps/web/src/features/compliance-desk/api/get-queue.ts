import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import type { BrandId } from '@ledgerline/domain/brands';
import { useApiClient } from '@/app/session';
import { deskKeys, type QueueFilters } from './keys';

const PAGE_SIZE = 20;

/** The desk's queue, oldest first, a page at a time (the server's cursor). */
export function queueQueryOptions(client: ApiClient, filters: QueueFilters) {
  return infiniteQueryOptions({
    queryKey: deskKeys.queue(filters),
    queryFn: ({ pageParam, signal }) =>
      client.main(
        'getComplianceQueue',
        {
          ...(filters.brandId ? { brandId: filters.brandId as BrandId } : {}),
          ...(filters.state ? { state: filters.state } : {}),
          ...(filters.kind ? { kind: filters.kind } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
          limit: PAGE_SIZE,
        },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useReviewQueue(filters: QueueFilters) {
  return useInfiniteQuery(queueQueryOptions(useApiClient(), filters));
}
