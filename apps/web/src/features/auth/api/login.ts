import { useMutation } from '@tanstack/react-query';
import type { LoginForm } from '@ledgerline/domain/validation';
import { useApiClient, useSessionStore } from '@/app/session';
import { trackEvent } from '@/lib/analytics';
import { notifyWrapper } from '@/lib/mobile-wrapper';
import type { LoginResult } from './login-request';

export type { LoginResult } from './login-request';

/** Loads the request code (contract schema, PKCE) with the first submit; see lazy-resolver.ts for why. */
export function preloadLoginRequest(): void {
  void import('./login-request').catch(() => undefined);
}

/** A failed step of a sign-in is tracked (spec 1 §4), with its reason and never who it was. */
export function trackSignInFailure(error: Error, step: 'password' | 'code' | 'device'): void {
  void import('../auth-errors').then(({ authErrorReason }) => {
    const reason = authErrorReason(error);
    // "Not decided yet" is a wait, not a failure.
    if (reason === 'pending') return;
    if (reason === 'botCheckFailed') trackEvent('botCheckFailed', { step });
    else trackEvent('loginFailed', { step, reason: reason ?? 'other' });
    notifyWrapper({ type: 'loginFail', message: error.message });
  });
}

export function useLoginMutation() {
  const client = useApiClient();
  const session = useSessionStore();
  return useMutation<LoginResult, Error, LoginForm & { altcha?: string }>({
    mutationFn: async (form) => {
      const { loginWithPassword } = await import('./login-request');
      return loginWithPassword(client, session, form);
    },
    onError: (error) => trackSignInFailure(error, 'password'),
  });
}
