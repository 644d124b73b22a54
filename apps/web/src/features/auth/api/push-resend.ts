import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@ledgerline/contract/auth/routes';
import type { RouteAnswer } from '@ledgerline/contract/client';
import { useApiClient } from '@/app/session';

/** POST /api/auth/push/re-send (tmpJwt bearer): a new request on the phone; its key is the one to wait for. */
export function usePushResend(tmpJwt: string) {
  const client = useApiClient();
  return useMutation<RouteAnswer<typeof authRoutes.pushResend>, Error, void>({
    mutationFn: () => client.route(authRoutes.pushResend, { bearer: tmpJwt }),
  });
}
