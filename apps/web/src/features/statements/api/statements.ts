import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { statementKeys } from '../keys';

/** An account's monthly statements, newest first: of one year, or every month since its first ('all'). */
export function statementsQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  accountId: number,
  year: number | 'all',
) {
  return queryOptions({
    queryKey: statementKeys.statements(customerId, accountId, year),
    queryFn: async ({ signal }) =>
      (
        await client.main(
          'getStatements',
          { accountId, ...(year === 'all' ? {} : { year }) },
          { signal },
        )
      ).statements,
    placeholderData: keepPreviousData,
  });
}

export function useStatements(accountId: number | undefined, year: number | 'all') {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    ...statementsQueryOptions(client, customerId, accountId ?? 0, year),
    enabled: accountId !== undefined,
  });
}
