import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@/app/session';

export const PUSH_RESEND_PATH = '/api/auth/push/re-send';

/** POST /api/auth/push/re-send (tmpJwt bearer): a new request on the phone; its key is the one to wait for. */
export function usePushResend(tmpJwt: string) {
  const client = useApiClient();
  return useMutation<{ key: string }, Error, void>({
    mutationFn: () =>
      client.rest<{ key: string }>({ method: 'POST', path: PUSH_RESEND_PATH, bearer: tmpJwt }),
  });
}
