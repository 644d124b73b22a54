import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { cardKeys } from '../keys';
import { useCardAccountMutation } from './card-account-mutation';

export function activationDataQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  accountId: number,
  language: string,
) {
  return queryOptions({
    queryKey: cardKeys.activationData(customerId, accountId, language),
    queryFn: () => client.main('getCardActivationData', { accountId }),
    // Fees may change; ask again each time the activation form opens.
    staleTime: 0,
  });
}

/** The activation fee and the questions the card's programme asks (extraParams). */
export function useActivationData(accountId: number, options: { enabled: boolean }) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const { language } = useLanguage();
  return useQuery({
    ...activationDataQueryOptions(client, customerId, accountId, language),
    enabled: options.enabled,
  });
}

export interface ActivationRequest {
  accountId: number;
  extraParams: Record<string, string>;
  feeAccountId?: number;
}

export const activateCard = (client: ApiClient, request: ActivationRequest) =>
  client.main('activateCard', request);
export const useActivateCard = () => useCardAccountMutation(activateCard);
