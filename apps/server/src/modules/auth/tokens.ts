import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import { randomToken } from '../../lib/crypto';

/** Access tokens live at most 5 minutes (issue #3); sessions at most 12 hours. */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const ISSUER = 'ledgerline';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  customerId: number;
}

/** A tmpJwt: the bearer of one pending sign-in between /login and /token (push, verifyDevice, scp). */
export interface PendingClaims {
  userId: number;
  pendingLoginId: string;
}

const PENDING_AUDIENCE = 'pending-login';

export interface TokenService {
  issueAccessToken(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token, or null for a missing, expired, forged or malformed one. */
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
  issueTmpJwt(claims: PendingClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid tmpJwt, or null. An access token is never a tmpJwt, nor the reverse. */
  verifyTmpJwt(token: string): Promise<PendingClaims | null>;
}

/**
 * The signing key comes from JWT_SECRET, or is generated once and kept in the database so that
 * every node of a deployment signs and verifies with the same key. It is imported for HMAC once:
 * given the key's bytes, jose imports them again for every token it signs or checks.
 */
async function loadSigningKey(
  db: Database,
  configured: string | undefined,
): Promise<webcrypto.CryptoKey> {
  const secret = configured ?? (await storedSecret(db));
  return webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

async function storedSecret(db: Database): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: 'jwt_signing_key', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(serverSecrets)
    .where(eq(serverSecrets.name, 'jwt_signing_key'));
  if (!row) throw new Error('Could not load the token signing key');
  return row.value;
}

export async function createTokenService(
  db: Database,
  configuredSecret: string | undefined,
): Promise<TokenService> {
  const key = await loadSigningKey(db, configuredSecret);
  return {
    async issueAccessToken(claims) {
      return new SignJWT({ sid: claims.sessionId, cid: claims.customerId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    async verifyAccessToken(token) {
      if (token.length > 2048) return null;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (payload.aud !== undefined) return null;
        if (
          !Number.isInteger(userId) ||
          typeof payload.sid !== 'string' ||
          typeof payload.cid !== 'number'
        )
          return null;
        return { userId, sessionId: payload.sid, customerId: payload.cid };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
    async issueTmpJwt(claims, expiresAt) {
      return new SignJWT({ pid: claims.pendingLoginId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(PENDING_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verifyTmpJwt(token) {
      if (token.length > 2048) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: PENDING_AUDIENCE,
          algorithms: ['HS256'],
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.pid !== 'string') return null;
        return { userId, pendingLoginId: payload.pid };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
