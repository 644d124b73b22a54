import type { LightMyRequestResponse } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { createCodeChallenge, createCodeVerifier } from '@ledgerline/domain/pkce';
import { REFRESH_COOKIE } from '@ledgerline/contract';
import { outbox } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed';
import type { TestServer } from './helper';

export interface LoginAttempt {
  response: LoginAttemptResponse;
  verifier: string;
  challenge: string;
}

export type LoginAttemptResponse = LightMyRequestResponse;

/** POST /api/auth/login with a fresh PKCE pair (or the given one), as a browser would. */
export async function login(
  server: TestServer,
  username: string,
  options: {
    password?: string;
    client?: string;
    verifier?: string;
    challenge?: string;
    extra?: Record<string, unknown>;
    ip?: string;
    userAgent?: string;
  } = {},
): Promise<LoginAttempt> {
  const verifier = options.verifier ?? createCodeVerifier();
  const challenge = options.challenge ?? (await createCodeChallenge(verifier));
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      'user-agent':
        options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
    },
    payload: {
      client: options.client ?? 'web',
      username,
      password: options.password ?? DEMO_PASSWORD,
      codeChallenge: challenge,
      ...options.extra,
    },
  });
  return { response, verifier, challenge };
}

export async function token(
  server: TestServer,
  payload: Record<string, unknown>,
  ip = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress: ip, payload });
}

/** The newest SMS sent to a recipient, from the outbox table. */
export async function lastSms(server: TestServer, recipient: string): Promise<string> {
  const [row] = await server.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no SMS to ${recipient}`);
  return row.body;
}

/** The refresh cookie's Set-Cookie header of an answer. */
export function refreshSetCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((value) => value.startsWith(`${REFRESH_COOKIE}=`));
}

export function refreshCookieValue(response: LightMyRequestResponse): string | undefined {
  const cookie = refreshSetCookie(response);
  return cookie?.split(';')[0]?.slice(REFRESH_COOKIE.length + 1);
}

/** Submits the /dev/device form for a request, as the phone app stand-in does. */
export async function decideOnDevPhone(
  server: TestServer,
  key: string,
  decision: 'approve' | 'deny',
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: `/dev/device/requests/${key}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });
}
