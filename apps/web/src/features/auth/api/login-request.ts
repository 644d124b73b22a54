import { ApiError, type ApiClient } from '@ledgerline/contract/client';
import {
  loginResponseSchema,
  type AuthDevice,
  type LoginResponse,
} from '@ledgerline/contract/auth';
import { authRoutes } from '@ledgerline/contract/auth/routes';
import { ERROR_TEXTS } from '@ledgerline/domain/error-message';
import { createCodeChallenge, createCodeVerifier } from '@ledgerline/domain/pkce';
import type { LoginForm } from '@ledgerline/domain/validation';
import { setPendingSignIn, type SessionStore } from '@/app/session';
import { notifyWrapper } from '@/lib/mobile-wrapper';

/** What the first sign-in step leads to (spec 1 §4 "Sign-in flows"); the page shows the next screen. */
export type LoginResult =
  /** simple or direct: tokens at once. A soft migration shows the days left before going on. */
  | { kind: 'signedIn'; userId: number | undefined; softMigrationDaysLeft?: number }
  /** Strict migration: no tokens until push is set up on /scp. */
  | { kind: 'strictMigration' }
  /** otp and sms: a code to type, then POST /token. */
  | {
      kind: 'code';
      flow: 'otp' | 'sms';
      code: string;
      phoneNumber: string | undefined;
      smsIdentifier: string | undefined;
    }
  /** push: wait for the phone's decision on the realtime channel, then POST /token. */
  | { kind: 'push'; code: string; requestKey: string; tmpJwt: string; devices: AuthDevice[] }
  /** verifyDevice: link a phone with the QR code, wait like push, then POST /token. */
  | {
      kind: 'verifyDevice';
      code: string;
      requestKey: string;
      tmpJwt: string;
      link: string;
      devices: AuthDevice[];
    };

function unusable(raw: unknown): ApiError {
  return new ApiError('response', ERROR_TEXTS.unknownError, { data: raw });
}

function toResult(answer: LoginResponse, raw: unknown, session: SessionStore): LoginResult {
  const migration = answer.migration;
  switch (answer.authFlow) {
    case 'simple':
    case 'direct': {
      if (migration?.req === 'strict') {
        const tmpJwt = migration.tmpJwt ?? answer.tmpJwt;
        if (!tmpJwt) throw unusable(raw);
        setPendingSignIn({
          tmpJwt,
          reason: 'strictMigration',
          ...(answer.userId !== undefined ? { userId: answer.userId } : {}),
        });
        return { kind: 'strictMigration' };
      }
      if (!answer.accessToken || answer.expiresIn === undefined) throw unusable(raw);
      session.signIn({
        accessToken: answer.accessToken,
        expiresIn: answer.expiresIn,
        ...(answer.refreshToken !== undefined ? { refreshToken: answer.refreshToken } : {}),
        ...(answer.userId !== undefined ? { userId: answer.userId } : {}),
      });
      notifyWrapper({
        type: 'loginSuccess',
        ...(answer.userId !== undefined ? { userId: answer.userId } : {}),
      });
      return {
        kind: 'signedIn',
        userId: answer.userId,
        ...(migration?.req === 'soft' ? { softMigrationDaysLeft: migration.daysLeft ?? 0 } : {}),
      };
    }
    case 'otp':
    case 'sms':
      if (!answer.code) throw unusable(raw);
      return {
        kind: 'code',
        flow: answer.authFlow,
        code: answer.code,
        phoneNumber: answer.phoneNumber,
        smsIdentifier: answer.smsIdentifier,
      };
    case 'push':
      if (!answer.code || !answer.key || !answer.tmpJwt) throw unusable(raw);
      return {
        kind: 'push',
        code: answer.code,
        requestKey: answer.key,
        tmpJwt: answer.tmpJwt,
        devices: answer.devices ?? [],
      };
    case 'verifyDevice':
      if (!answer.code || !answer.key || !answer.tmpJwt || !answer.link) throw unusable(raw);
      return {
        kind: 'verifyDevice',
        code: answer.code,
        requestKey: answer.key,
        tmpJwt: answer.tmpJwt,
        link: answer.link,
        devices: answer.devices ?? [],
      };
  }
}

/**
 * POST /api/auth/login (spec 1 §7) with a fresh PKCE challenge. The verifier stays in
 * sessionStorage for the token exchange of the non-simple flows (spec 1 §4); a simple answer
 * carries the access token at once (memory only; the refresh token is the HttpOnly cookie).
 */
export async function loginWithPassword(
  client: ApiClient,
  session: SessionStore,
  form: LoginForm & { altcha?: string },
): Promise<LoginResult> {
  const verifier = createCodeVerifier();
  session.saveCodeVerifier(verifier);
  const codeChallenge = await createCodeChallenge(verifier);
  const raw: unknown = await client.route(authRoutes.login, {
    body: {
      client: 'web',
      username: form.username,
      password: form.password,
      codeChallenge,
      codeChallengeMethod: 'S256',
      ...(form.altcha ? { altcha: form.altcha } : {}),
    },
  });
  const parsed = loginResponseSchema.safeParse(raw);
  if (!parsed.success) throw unusable(raw);
  return toResult(parsed.data, raw, session);
}
