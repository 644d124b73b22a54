import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  Account,
  ApiClient,
  MainRequest,
  PrepaidDirection,
  SubmitResult,
} from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { transferKeys } from '../keys';

/*
 * The calls of the prepaid card screen (issue 16). Keys live under transferKeys.of(customer), so
 * the shared confirmation's refresh after money moved (transferKeys.all) refreshes the card too.
 */

type Owner = number | undefined;
export const prepaidKeys = {
  accounts: (customerId: Owner) => [...transferKeys.of(customerId), 'prepaid-accounts'] as const,
  limits: (customerId: Owner, accountId: number) =>
    [...transferKeys.of(customerId), 'prepaid-limits', accountId] as const,
  quote: (customerId: Owner, request: object) =>
    [...transferKeys.of(customerId), 'prepaid-quote', request] as const,
};

export function prepaidAccountsQueryOptions(client: ApiClient, customerId: Owner) {
  return queryOptions({
    queryKey: prepaidKeys.accounts(customerId),
    queryFn: async (): Promise<Account[]> => (await client.main('getAccounts', {})).accounts,
    staleTime: 3_000,
  });
}

/** Every account of the acting customer: the card itself and the accounts its money comes from. */
export function usePrepaidAccounts() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(prepaidAccountsQueryOptions(client, customerId));
}

export function usePrepaidLimits(accountId: number, enabled: boolean) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: prepaidKeys.limits(customerId, accountId),
    queryFn: () => client.main('getPrepaidCardLimits', { accountId }),
    enabled,
  });
}

export type PrepaidQuoteRequest = MainRequest<'quotePrepaidCard'>;

/** The review's figures for one request; null asks nothing. */
export function usePrepaidQuote(request: PrepaidQuoteRequest | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: prepaidKeys.quote(customerId, request ?? {}),
    queryFn: () => client.main('quotePrepaidCard', request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type PrepaidMoveRequest = Omit<MainRequest<'loadPrepaidCard'>, 'idempotencyKey'>;

/** loadPrepaidCard or unloadPrepaidCard, for useMoneyMovingSubmit. */
export function usePrepaidMoveCall(direction: PrepaidDirection) {
  const client = useApiClient();
  return useCallback(
    (request: MainRequest<'loadPrepaidCard'>): Promise<SubmitResult> =>
      client.main(direction === 'load' ? 'loadPrepaidCard' : 'unloadPrepaidCard', request),
    [client, direction],
  );
}
