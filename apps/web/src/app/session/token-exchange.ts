import type { ApiClient } from '@ledgerline/contract';
import { authRoutes } from '@ledgerline/contract/auth/routes';
import { notifyWrapper } from '@/lib/mobile-wrapper';
import type { SessionStore, SessionTokens } from './session-store';

/** Thrown when /token answers 200 without usable tokens: nothing to sign in with. */
export class TokenAnswerError extends Error {
  constructor() {
    super('unknown error');
    this.name = 'TokenAnswerError';
  }
}

function readTokens(data: unknown): SessionTokens | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const bag = data as Record<string, unknown>;
  if (typeof bag.accessToken !== 'string' || typeof bag.expiresIn !== 'number') return undefined;
  return {
    accessToken: bag.accessToken,
    expiresIn: bag.expiresIn,
    ...(typeof bag.refreshToken === 'string' ? { refreshToken: bag.refreshToken } : {}),
    ...(typeof bag.userId === 'number' ? { userId: bag.userId } : {}),
  };
}

/**
 * POST /api/auth/token: completes a sign-in with the authorization code and the PKCE verifier
 * kept since /login (+ the code the customer typed for otp and sms), then starts the session.
 * Errors are the API client's ApiError (with the auth service's `reason` in `data`).
 */
export async function exchangeCodeForSession(
  client: ApiClient,
  session: SessionStore,
  request: { code: string; codeVerifier: string; otp?: string },
): Promise<SessionTokens> {
  const data: unknown = await client.route(authRoutes.token, { body: request });
  const tokens = readTokens(data);
  if (!tokens) throw new TokenAnswerError();
  session.signIn(tokens);
  notifyWrapper({
    type: 'loginSuccess',
    ...(tokens.userId !== undefined ? { userId: tokens.userId } : {}),
  });
  return tokens;
}
