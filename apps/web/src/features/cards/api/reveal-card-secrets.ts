import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

/*
 * A card's full number, CVV and PIN are asked for when the customer asks to see them and kept
 * only in the screen's state, never in the query cache (which outlives the screen).
 */

export const getCardDetails = (client: ApiClient, accountId: number) =>
  client.main('getCardDetails', { accountId });
export const showCardPin = (client: ApiClient, accountId: number) =>
  client.main('showCardPin', { accountId });

export function useRevealCardDetails() {
  const client = useApiClient();
  // gcTime 0: the mutation cache forgets the answer as soon as the screen lets go of it.
  return useMutation({
    mutationFn: (accountId: number) => getCardDetails(client, accountId),
    gcTime: 0,
  });
}

export function useRevealCardPin() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (accountId: number) => showCardPin(client, accountId),
    gcTime: 0,
  });
}
