import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';
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
 * given the key's bytes, jose imports them again for every token it signs. Its bytes are kept too,
 * for checking tokens (verifiedClaims).
 */
async function loadSigningKey(
  db: Database,
  configured: string | undefined,
): Promise<{ key: webcrypto.CryptoKey; bytes: Buffer }> {
  const secret = configured ?? (await storedSecret(db));
  const bytes = Buffer.from(secret, 'utf8');
  const key = await webcrypto.subtle.importKey(
    'raw',
    bytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return { key, bytes };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function jsonObjectOf(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a compact HS256 JWT signed with `secret`, issued by us and not expired, or null
 * (decision 129). Checked with node:crypto's HMAC, in the request's own turn: jose's jwtVerify
 * goes through WebCrypto's asynchronous job, which took 13 % of the server's CPU under the
 * transfer bench. The rules are jose's for the claims it checked: the header's alg is HS256 and
 * names no critical extension; exp, nbf and iat are numbers where present, exp is in the future
 * and nbf not; the issuer is ours; the audience, where asked, is the one named.
 */
function verifiedClaims(
  token: string,
  secret: Buffer,
  audience: string | undefined,
): Record<string, unknown> | null {
  if (token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const head = jsonObjectOf(header);
  if (!head || head.alg !== 'HS256' || head.crit !== undefined || head.b64 !== undefined)
    return null;
  const claims = jsonObjectOf(payload);
  if (!claims) return null;
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return null;
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
  if (claims.iss !== ISSUER) return null;
  const aud = claims.aud;
  if (audience === undefined) {
    if (aud !== undefined) return null;
  } else if (aud !== audience && !(Array.isArray(aud) && aud.includes(audience))) return null;
  return claims;
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
  const { key, bytes } = await loadSigningKey(db, configuredSecret);
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
      const payload = verifiedClaims(token, bytes, undefined);
      if (!payload) return null;
      const userId = Number(payload.sub);
      if (
        typeof payload.sub !== 'string' ||
        !Number.isInteger(userId) ||
        typeof payload.sid !== 'string' ||
        typeof payload.cid !== 'number'
      )
        return null;
      return { userId, sessionId: payload.sid, customerId: payload.cid };
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
      const payload = verifiedClaims(token, bytes, PENDING_AUDIENCE);
      if (!payload) return null;
      const userId = Number(payload.sub);
      if (
        typeof payload.sub !== 'string' ||
        !Number.isInteger(userId) ||
        typeof payload.pid !== 'string'
      )
        return null;
      return { userId, pendingLoginId: payload.pid };
    },
  };
}
