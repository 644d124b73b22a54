import { ApiError, type ApiClient } from '@ledgerline/contract/client';
import { loginResponseSchema, type LoginResponse } from '@ledgerline/contract/auth';
import { ERROR_TEXTS } from '@ledgerline/domain/error-message';
import { createCodeChallenge, createCodeVerifier } from '@ledgerline/domain/pkce';
import type { LoginForm } from '@ledgerline/domain/validation';
import type { SessionStore } from '@/app/session';

export type LoginResult =
  | { kind: 'signedIn'; userId: number | undefined }
  /** Push, OTP, SMS, device and direct flows come with the sign-in issue; the verifier is kept for them. */
  | { kind: 'flowNotAvailable'; answer: LoginResponse };

/**
 * POST /api/auth/login (spec 1 §7) with a fresh PKCE challenge. The verifier stays in
 * sessionStorage for the token exchange of the non-simple flows (spec 1 §4); a simple answer
 * carries the tokens at once, which go to the session (memory only).
 */
export async function loginWithPassword(
  client: ApiClient,
  session: SessionStore,
  form: LoginForm,
): Promise<LoginResult> {
  const verifier = createCodeVerifier();
  session.saveCodeVerifier(verifier);
  const codeChallenge = await createCodeChallenge(verifier);
  const raw = await client.rest<unknown>({
    method: 'POST',
    path: '/api/auth/login',
    isPublic: true,
    body: { client: 'web', username: form.username, password: form.password, codeChallenge },
  });
  const parsed = loginResponseSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError('response', ERROR_TEXTS.unknownError, { data: raw });
  const answer = parsed.data;
  if (answer.authFlow !== 'simple') return { kind: 'flowNotAvailable', answer };
  if (!answer.accessToken || !answer.refreshToken || answer.expiresIn === undefined) {
    throw new ApiError('response', ERROR_TEXTS.unknownError, { data: raw });
  }
  session.signIn({
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    expiresIn: answer.expiresIn,
    userId: answer.userId,
  });
  return { kind: 'signedIn', userId: answer.userId };
}
