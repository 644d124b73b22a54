import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

/** Asks for a new activation link; the answer is the same whether or not an account waits. */
export function resendActivationCode(client: ApiClient, email: string) {
  return client.main('resendActivationCode', { email });
}

export function useResendActivation() {
  const client = useApiClient();
  return useMutation({ mutationFn: (email: string) => resendActivationCode(client, email) });
}
