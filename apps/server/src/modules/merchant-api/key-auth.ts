import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESPONSE_CODES } from '@ledgerline/domain';
import { API_KEY_PREFIX, type ApiKeyScope } from '@ledgerline/domain/merchant-api';
import { selectRows, type Database } from '../../db/client';
import { merchantApiKeys, merchantApiRequests } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { isAllowedAddress } from './allowed-ips';

/*
 * The public API's door (issue 18): `Authorization: Bearer llk_live_…`. A missing, malformed,
 * unknown, deleted, disabled or expired key is 401; a key used from outside the company's allowed
 * ranges is 403 (IPW), a key without the route's scope 403 (ENOA); past the per-key limit 429 with
 * Retry-After. Every call made with a known key is written to the request log before its answer
 * leaves, so the log a merchant reads next already holds it.
 */

export interface PublicApiKey {
  id: number;
  customerId: number;
  scopes: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a public-API call was made with, once identified (even when it is then refused). */
    publicApiKey?: PublicApiKey;
    publicApiStartedAt?: bigint;
  }
}

/** The whole secret: the prefix and 32 bytes in base64url (43 characters). */
function isKeyShaped(text: string): boolean {
  return (
    text.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(text.slice(API_KEY_PREFIX.length))
  );
}

/** The per-key limit's window: the limit is calls per minute. */
const WINDOW_SECONDS = 60;

function refuseKey(): AppError {
  // One answer for every kind of bad key: a caller learns nothing about which keys exist.
  return new AppError(RESPONSE_CODES.authorisationError, 'A valid API key is required', {
    headers: { 'WWW-Authenticate': 'Bearer realm="public-api"' },
  });
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length > 128) return null;
  const match = /^Bearer ([^\s]+)$/.exec(header);
  return match && isKeyShaped(match[1]!) ? match[1]! : null;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The seconds until a call with the key fits the limit again, or null while it fits: the
 * limit-th newest counted call leaving the window frees a place. Counting the log keeps the
 * limit the same on every node; refused (429) calls are not counted, so a client that keeps
 * knocking still gets in once the window has moved.
 */
async function retryAfterSeconds(
  db: Database,
  keyId: number,
  limit: number,
): Promise<number | null> {
  const [row] = await selectRows<{ retry: number }>(
    db,
    sql`select greatest(1, ceil(extract(epoch from (${merchantApiRequests.at} + make_interval(secs => ${WINDOW_SECONDS}) - now()))))::int as retry
      from ${merchantApiRequests}
      where ${merchantApiRequests.apiKeyId} = ${keyId} and ${merchantApiRequests.status} <> 429
        and ${merchantApiRequests.at} > now() - make_interval(secs => ${WINDOW_SECONDS})
      order by ${merchantApiRequests.at} desc
      limit 1 offset ${limit - 1}`,
  );
  return row ? Number(row.retry) : null;
}

/** The onRequest hook of the public API's scope: the key, its address, its rate; then its last use. */
export function keyAuthenticator(db: Database, options: { ratePerMinute: number }) {
  return async (request: FastifyRequest): Promise<void> => {
    request.publicApiStartedAt = process.hrtime.bigint();
    const secret = bearerOf(request);
    if (!secret) throw refuseKey();
    const hash = sha256(secret);
    const [key] = await db.select().from(merchantApiKeys).where(eq(merchantApiKeys.keyHash, hash));
    if (!key || !sameHash(key.keyHash, hash) || key.deletedAt !== null) throw refuseKey();
    request.publicApiKey = { id: key.id, customerId: key.customerId, scopes: key.scopes };
    if (!key.enabled || (key.expiresAt !== null && key.expiresAt.getTime() <= Date.now()))
      throw refuseKey();
    if (!(await isAllowedAddress(db, key.customerId, request.ip)))
      throw new AppError(RESPONSE_CODES.ipNotAllowed, 'This key may not be used from this address');
    const retryAfter = await retryAfterSeconds(db, key.id, options.ratePerMinute);
    if (retryAfter !== null)
      throw new AppError(
        RESPONSE_CODES.tooManyRequests,
        `Too many requests. Try again in ${retryAfter} seconds.`,
        { headers: { 'Retry-After': String(retryAfter) }, extra: { retryAfter } },
      );
    await db
      .update(merchantApiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(merchantApiKeys.id, key.id));
  };
}

/** The route's scope, checked in its handler (after the key, its address and its rate). */
export function requireScope(request: FastifyRequest, scope: ApiKeyScope): PublicApiKey {
  const key = request.publicApiKey;
  if (!key) throw refuseKey();
  if (!key.scopes.includes(scope))
    throw AppError.noAccess(`This API key lacks the scope "${scope}"`);
  return key;
}

/**
 * The onSend hook of the public API's scope: one log row per call made with a known key. The
 * path is kept without its query string (a key pasted into a URL stays out of the log) and no
 * header is kept at all.
 */
export function requestRecorder(db: Database) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = request.publicApiKey;
    if (!key) return;
    const started = request.publicApiStartedAt ?? process.hrtime.bigint();
    const durationMs = Number((process.hrtime.bigint() - started) / 1_000_000n);
    await db.insert(merchantApiRequests).values({
      apiKeyId: key.id,
      customerId: key.customerId,
      method: request.method.slice(0, 8),
      path: (request.url.split('?')[0] ?? '').slice(0, 256),
      status: reply.statusCode,
      ip: request.ip.slice(0, 64),
      durationMs: Math.min(durationMs, 2_147_483_647),
    });
  };
}
