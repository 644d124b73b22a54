import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUTHORIZATIONS_PAGE_SIZE } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { historyKeys } from '../keys';

export type AuthorizationKind = 'debitCard' | 'currentAccount';

/** One page (10, spec 2 §9) of an account's card authorisations or pending authorisations. */
export function useAuthorizations(
  accountId: number | null,
  kind: AuthorizationKind,
  pageNumber: number,
) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: historyKeys.authorizations(customerId, accountId ?? 0, kind, pageNumber),
    queryFn: ({ signal }) =>
      client.main(
        'getAuthorizations',
        { accountId: accountId!, kind, pageNumber, pageSize: AUTHORIZATIONS_PAGE_SIZE },
        { signal },
      ),
    enabled: accountId !== null,
    placeholderData: keepPreviousData,
  });
}
