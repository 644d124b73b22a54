import { useQuery } from '@tanstack/react-query';
import { customerInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';

/** The customer the session acts for; shared with the start page and the guards (app/session). */
export function useCustomerInfo() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(customerInfoQueryOptions(client, customerId));
}
