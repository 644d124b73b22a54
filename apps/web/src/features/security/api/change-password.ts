import { useMutation } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

export type ChangePasswordRequest = MainRequest<'changePassword'>;

/** Checks the current password; the server e-mails a code and answers its requestKey. */
export function useChangePassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) => client.main('changePassword', request),
  });
}

/** Sets the new password with the e-mailed code; every other session of the user ends. */
export function useConfirmPasswordChange() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: { requestKey: string; code: string }) =>
      client.main('confirmPasswordChange', request),
  });
}

export function useCancelPasswordChange() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (requestKey: string) => client.main('cancelPasswordChange', { requestKey }),
  });
}
