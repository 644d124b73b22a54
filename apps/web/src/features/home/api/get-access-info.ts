import { useQuery } from '@tanstack/react-query';
import {
  accessInfoQueryOptions,
  useApiClient,
  useSessionState,
  verificationInfoQueryOptions,
} from '@/app/session';

/** What the user may see and do for the customer acted for (balanceInfo, permissions). */
export function useAccessInfo() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(accessInfoQueryOptions(client, customerId));
}

/** The facts behind the account-status banner. */
export function useVerificationInfo() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(verificationInfoQueryOptions(client, customerId));
}
