import type { ApiClient } from '@ledgerline/contract';
import { useCardAccountMutation } from './card-account-mutation';

export interface ReissueRequest {
  accountId: number;
  isExpressShipping: boolean;
}

/** A new card replaces this one; the answer is the new card's account (the old one is canceled). */
export const reissueCard = (client: ApiClient, request: ReissueRequest) =>
  client.main('reissueCard', request);
export const useReissueCard = () => useCardAccountMutation(reissueCard);
