import { useMutation } from '@tanstack/react-query';
import type { LoginForm } from '@ledgerline/domain/validation';
import { useApiClient, useSessionStore } from '@/app/session';
import type { LoginResult } from './login-request';

export type { LoginResult } from './login-request';

/** Loads the request code (contract schema, PKCE) with the first submit; see lazy-resolver.ts for why. */
export function preloadLoginRequest(): void {
  void import('./login-request').catch(() => undefined);
}

export function useLoginMutation() {
  const client = useApiClient();
  const session = useSessionStore();
  return useMutation<LoginResult, Error, LoginForm>({
    mutationFn: async (form) => {
      const { loginWithPassword } = await import('./login-request');
      return loginWithPassword(client, session, form);
    },
  });
}
