import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

export interface ResetCodeRequest {
  email: string;
  code: string;
}

/** Checks the code without using it up; a wrong code counts as one of the allowed attempts. */
export function checkPasswordResetCode(client: ApiClient, request: ResetCodeRequest) {
  return client.main('checkPasswordResetCode', request);
}

export function useCheckResetCode() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: ResetCodeRequest) => checkPasswordResetCode(client, request),
  });
}
