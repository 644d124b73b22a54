import { useQuery } from '@tanstack/react-query';
import { accountsQueryOptions, useApiClient, useSessionState } from '@/app/session';

/** The accounts to choose from: the session's shared, throttled list (the first is the default). */
export function useStatementAccounts() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(accountsQueryOptions(client, customerId));
}
