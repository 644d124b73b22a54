import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESPONSE_CODES } from '@ledgerline/domain';
import type { Database } from '../../db/client';
import { merchantIdempotencyKeys } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';

/*
 * Idempotency keys on every POST of the public API v1 (issue 18), as hooks of the v1 scope so
 * every POST route registered in it, now or later, has them without a line of its own:
 * - preHandler (after the key, its scope's rate and the body's validation): the Idempotency-Key
 *   header (1–128 visible ASCII characters) is required; a row (company, key, hash of method,
 *   path and body) is inserted before the handler runs. The unique index decides between two
 *   identical requests sent at once: the one whose insert wins runs, the other finds its row.
 * - onSend: the answer's status and body are kept with the row (a 5xx is not an answer to keep:
 *   the row goes, and a retry with the key runs again).
 * The same key and request again answers the kept answer (Idempotent-Replayed: true) and does
 * nothing; another request with the key is 422; the same request while the first still runs 409.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency row this request runs under, until its answer is kept. */
    idempotencyRowId?: number;
    /** The POST's Idempotency-Key as the guard required and checked it. */
    idempotencyKey?: string;
  }
}

const KEY_SHAPE = /^[\x21-\x7e]{1,128}$/;

/** A row whose request never answered (a node went away mid-request) is taken over after this. */
const ABANDONED_AFTER_SECONDS = 300;

function requestHashOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return sha256(JSON.stringify([request.method, path, request.body ?? null]));
}

function keyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  if (typeof header === 'string' && KEY_SHAPE.test(header)) return header;
  throw AppError.invalid(
    { idempotencyKey: header === undefined ? 'validation.required' : 'validation.invalidValue' },
    'Every POST needs an Idempotency-Key header of 1 to 128 visible ASCII characters',
  );
}

/**
 * The Idempotency-Key of a POST the guard let through: the one parser of the header, for a route
 * that keeps its own key too (a pull's ledger transfer). Never absent after the guard.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  if (request.idempotencyKey === undefined)
    throw new Error('the idempotency guard did not run before this handler');
  return request.idempotencyKey;
}

export function idempotencyGuard(db: Database) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> => {
    if (request.method !== 'POST') return undefined;
    const apiKey = request.publicApiKey;
    // The key's hook refuses first; a route without a key has nothing to keep.
    if (!apiKey) return undefined;
    const key = keyOf(request);
    request.idempotencyKey = key;
    const requestHash = requestHashOf(request);
    const [inserted] = await db
      .insert(merchantIdempotencyKeys)
      .values({ customerId: apiKey.customerId, key, requestHash })
      .onConflictDoNothing()
      .returning({ id: merchantIdempotencyKeys.id });
    if (inserted) {
      request.idempotencyRowId = inserted.id;
      return undefined;
    }
    const [row] = await db
      .select()
      .from(merchantIdempotencyKeys)
      .where(
        and(
          eq(merchantIdempotencyKeys.customerId, apiKey.customerId),
          eq(merchantIdempotencyKeys.key, key),
        ),
      );
    if (row && row.requestHash !== requestHash)
      throw new AppError(
        RESPONSE_CODES.invalidParameters,
        'This Idempotency-Key was already used for another request',
        {
          httpStatus: 422,
          validationErrors: { idempotencyKey: 'validation.idempotencyKeyReused' },
        },
      );
    if (row && row.status !== null && row.body !== null) {
      void reply
        .code(row.status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('Idempotent-Replayed', 'true');
      return reply.send(row.body);
    }
    if (row) {
      const [taken] = await db
        .update(merchantIdempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            eq(merchantIdempotencyKeys.id, row.id),
            isNull(merchantIdempotencyKeys.status),
            sql`${merchantIdempotencyKeys.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`,
          ),
        )
        .returning({ id: merchantIdempotencyKeys.id });
      if (taken) {
        request.idempotencyRowId = taken.id;
        return undefined;
      }
    }
    throw new AppError(
      RESPONSE_CODES.invalidParameters,
      'A request with this Idempotency-Key is still being processed',
      {
        httpStatus: 409,
        validationErrors: { idempotencyKey: 'validation.idempotencyKeyInUse' },
        headers: { 'Retry-After': '1' },
      },
    );
  };
}

/** Keeps the first answer of a request that ran under an idempotency row. */
export function idempotencyRecorder(db: Database) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const id = request.idempotencyRowId;
    if (id === undefined) return payload;
    request.idempotencyRowId = undefined;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.delete(merchantIdempotencyKeys).where(eq(merchantIdempotencyKeys.id, id));
      return payload;
    }
    await db
      .update(merchantIdempotencyKeys)
      .set({ status: reply.statusCode, body: payload, completedAt: sql`now()` })
      .where(eq(merchantIdempotencyKeys.id, id));
    return payload;
  };
}
