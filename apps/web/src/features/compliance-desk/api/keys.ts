import type { ReviewItemKind, ReviewQueueState } from '@ledgerline/domain/compliance-review';

export interface QueueFilters {
  brandId?: string | undefined;
  state?: ReviewQueueState | undefined;
  kind?: ReviewItemKind | undefined;
}

/** Query keys of the review desk; the administrator works as themself, never for a customer. */
export const deskKeys = {
  all: ['compliance-desk'] as const,
  queue: (filters: QueueFilters) => [...deskKeys.all, 'queue', filters] as const,
  item: (kind: ReviewItemKind, id: number) => [...deskKeys.all, 'item', kind, id] as const,
};
