import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

export interface ChangePasswordRequest {
  email: string;
  code: string;
  password: string;
}

/** Sets the new password with the e-mailed code; every session of the account ends. */
export function changePasswordWithCode(client: ApiClient, request: ChangePasswordRequest) {
  return client.main('changePasswordWithCode', request);
}

export function useChangePassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) => changePasswordWithCode(client, request),
  });
}
