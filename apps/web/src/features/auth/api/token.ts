import { useMutation } from '@tanstack/react-query';
import { useApiClient, useSessionStore } from '@/app/session';
import { trackSignInFailure } from './login';

/**
 * The second step of every non-simple flow: POST /api/auth/token with the code from /login, the
 * PKCE verifier kept since then, and the typed code for otp and sms.
 */
export function useTokenExchange(step: 'code' | 'device') {
  const client = useApiClient();
  const session = useSessionStore();
  return useMutation<void, Error, { code: string; otp?: string }>({
    mutationFn: async ({ code, otp }) => {
      const codeVerifier = session.readCodeVerifier();
      const { exchangeCodeForSession, TokenAnswerError } =
        await import('@/app/session/token-exchange');
      if (!codeVerifier) throw new TokenAnswerError();
      await exchangeCodeForSession(client, session, {
        code,
        codeVerifier,
        ...(otp !== undefined ? { otp } : {}),
      });
    },
    onError: (error) => trackSignInFailure(error, step),
  });
}
