import { useQuery } from '@tanstack/react-query';
import {
  customerInfoQueryOptions,
  useApiClient,
  useSessionState,
  verificationInfoQueryOptions,
} from '@/app/session';

/** The customer (verified, limited) and the verification facts behind the account status. */
export function useAccountStatus() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const customer = useQuery(customerInfoQueryOptions(client, customerId));
  const verification = useQuery(verificationInfoQueryOptions(client, customerId));
  return { customer, verification };
}
