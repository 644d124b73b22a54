import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, ExternalCard, MainRequest } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { cardKeys } from '../keys';

export function externalCardsQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: cardKeys.externalCards(customerId),
    queryFn: async () => (await client.main('getExternalCards', {})).cards,
  });
}

/** Cards of other banks the customer linked (or is linking). */
export function useExternalCards() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(externalCardsQueryOptions(client, customerId));
}

/** Puts a card's new state into the cached list. */
function useStoreExternalCard() {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return (card: ExternalCard) =>
    queryClient.setQueryData<ExternalCard[]>(cardKeys.externalCards(customerId), (list) => {
      if (!list) return [card];
      return list.some((item) => item.cardId === card.cardId)
        ? list.map((item) => (item.cardId === card.cardId ? card : item))
        : [card, ...list];
    });
}

export type AddExternalCardRequest = MainRequest<'addExternalCard'>;

/** Links a card: the server charges it a small amount the customer then confirms. */
export function useAddExternalCard() {
  const client = useApiClient();
  const store = useStoreExternalCard();
  return useMutation({
    mutationFn: (request: AddExternalCardRequest) => client.main('addExternalCard', request),
    onSuccess: ({ card }) => store(card),
  });
}

export function useConfirmExternalCard() {
  const client = useApiClient();
  const store = useStoreExternalCard();
  return useMutation({
    mutationFn: (request: { cardId: number; amount: string }) =>
      client.main('confirmExternalCard', request),
    onSuccess: ({ card }) => store(card),
  });
}

export function useDeleteExternalCard() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: (cardId: number) => client.main('deleteExternalCard', { cardId }),
    onSuccess: ({ cardId }) =>
      queryClient.setQueryData<ExternalCard[]>(cardKeys.externalCards(customerId), (list) =>
        list?.filter((item) => item.cardId !== cardId),
      ),
  });
}
