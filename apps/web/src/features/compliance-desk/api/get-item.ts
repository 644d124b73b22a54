import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import type { ReviewItemKind } from '@ledgerline/domain/compliance-review';
import { useApiClient } from '@/app/session';
import { deskKeys } from './keys';

/** One desk item beside its customer's data. */
export function itemQueryOptions(client: ApiClient, kind: ReviewItemKind, id: number) {
  return queryOptions({
    queryKey: deskKeys.item(kind, id),
    queryFn: ({ signal }) => client.main('getComplianceItem', { kind, id }, { signal }),
  });
}

export function useReviewItem(selected: { kind: ReviewItemKind; id: number } | null) {
  const client = useApiClient();
  return useQuery({
    ...itemQueryOptions(client, selected?.kind ?? 'document', selected?.id ?? 0),
    enabled: selected !== null,
  });
}
