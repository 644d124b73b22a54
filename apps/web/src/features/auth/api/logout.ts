import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionStore } from '@/app/session';
import { notifyWrapper } from '@/lib/mobile-wrapper';

/** POST /api/auth/logout: the server revokes the session behind the bearer token. */
export function logout(client: ApiClient): Promise<unknown> {
  return client.rest({ method: 'POST', path: '/api/auth/logout', body: {} });
}

/**
 * Signs out: tells the server, then — whether or not the server answered — forgets the tokens,
 * the cached customer data and goes to the sign-in page (spec 1 §4 "local data is cleared").
 */
export function useSignOut() {
  const client = useApiClient();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logout(client),
    onSettled: async () => {
      session.end('logout');
      queryClient.clear();
      notifyWrapper({ type: 'logout' });
      await navigate('/login', { replace: true });
    },
  });
}
