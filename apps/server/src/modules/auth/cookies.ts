import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE } from '@ledgerline/contract';

/** The browser's refresh token: HttpOnly (no script reads it), Secure + `__Host-` (HTTPS, this host only, Path=/), SameSite=Strict (no cross-site sends). */
export function setRefreshCookie(reply: FastifyReply, refreshToken: string, expiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${refreshToken}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`,
  );
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`,
  );
}

/** The refresh cookie's value, or undefined. Our tokens are base64url, so no decoding is needed. */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === REFRESH_COOKIE) return part.slice(index + 1).trim();
  }
  return undefined;
}
