import { useMutation } from '@tanstack/react-query';
import type { ApiClient, MainResponse } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

/** Sends a reset code; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(client: ApiClient, email: string) {
  return client.main('requestPasswordReset', { email });
}

export function useRequestPasswordReset() {
  const client = useApiClient();
  return useMutation<MainResponse<'requestPasswordReset'>, Error, string>({
    mutationFn: (email) => requestPasswordReset(client, email),
  });
}
