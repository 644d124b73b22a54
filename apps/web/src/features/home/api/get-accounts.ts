import { useQuery } from '@tanstack/react-query';
import { accountsQueryOptions, useApiClient, useSessionState } from '@/app/session';

/** The account list of home: the session's shared, throttled list (app/session accountsQueryOptions). */
export function useAccounts(options: { enabled: boolean }) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({ ...accountsQueryOptions(client, customerId), enabled: options.enabled });
}
