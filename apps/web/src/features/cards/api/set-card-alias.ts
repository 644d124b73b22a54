import type { ApiClient } from '@ledgerline/contract';
import { useCardAccountMutation } from './card-account-mutation';

export interface CardAliasRequest {
  accountId: number;
  /** Empty clears the alias. */
  cardAliasName: string;
}

export const setCardAlias = (client: ApiClient, request: CardAliasRequest) =>
  client.main('setCardAlias', request);
export const useSetCardAlias = () => useCardAccountMutation(setCardAlias);
