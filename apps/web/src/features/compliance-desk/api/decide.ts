import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecisionRequest } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { deskKeys } from './keys';

/** Records a decision; the queue and the item are fetched again, whatever the outcome (another admin may have won). */
export function useDecideItem() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReviewDecisionRequest) => client.main('decideComplianceItem', request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.all }),
  });
}
