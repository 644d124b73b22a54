import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CONTACT_CODE_LIMITS } from '@ledgerline/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { contactCodes } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { sameCodeHash, wrongTry } from '../../lib/one-time-code';
import { AppError } from '../../lib/errors';

/*
 * Codes that confirm an e-mail address or a phone (the pattern of registration/codes.ts, keyed by
 * the e-mail or phone row instead of the account): six digits stored as a SHA-256 that also names
 * the target, valid 5 minutes, 5 wrong tries, only the newest per target works. An e-mail code
 * also has a long random link token (hashed too) for the link in the e-mail.
 */

export type ContactTarget = 'email' | 'phone';

function hashCode(target: ContactTarget, targetId: number, code: string): string {
  return sha256(`${target}:${targetId}:${code}`);
}

export interface IssuedCode {
  code: string;
  /** Only for e-mail codes: the token of the confirmation link. */
  linkToken: string | null;
  expiresAt: Date;
}

/**
 * Issues a new code for the target and retires its earlier unused ones. Refused (TA1 on `field`)
 * once the target was sent CONTACT_CODE_LIMITS.sendsPerHour codes in the last hour, so nobody can
 * use the bank to flood an address or a phone.
 */
export async function issueContactCode(
  tx: Tx,
  params: {
    customerId: number;
    userId: number;
    target: ContactTarget;
    targetId: number;
    field: string;
  },
): Promise<IssuedCode> {
  const now = new Date();
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  // Per target, and per customer: adding a new address or number each time must not get round the limit.
  const [sent] = await tx
    .select({
      toTarget: sql<number>`count(*) filter (where ${contactCodes.target} = ${params.target} and ${contactCodes.targetId} = ${params.targetId})::int`,
      toCustomer: sql<number>`count(*)::int`,
    })
    .from(contactCodes)
    .where(
      and(eq(contactCodes.customerId, params.customerId), gt(contactCodes.createdAt, hourAgo)),
    );
  if (
    (sent?.toTarget ?? 0) >= CONTACT_CODE_LIMITS.sendsPerHour ||
    (sent?.toCustomer ?? 0) >= CONTACT_CODE_LIMITS.sendsPerCustomerPerHour
  ) {
    throw AppError.invalid(
      { [params.field]: 'validation.tooManyCodes' },
      'Too many codes were sent; try again later',
    );
  }
  await tx
    .update(contactCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(contactCodes.target, params.target),
        eq(contactCodes.targetId, params.targetId),
        isNull(contactCodes.usedAt),
      ),
    );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const linkToken = params.target === 'email' ? randomToken(32) : null;
  const expiresAt = new Date(now.getTime() + CONTACT_CODE_LIMITS.ttlSeconds * 1000);
  await tx.insert(contactCodes).values({
    customerId: params.customerId,
    userId: params.userId,
    target: params.target,
    targetId: params.targetId,
    codeHash: hashCode(params.target, params.targetId, code),
    linkTokenHash: linkToken ? sha256(linkToken) : null,
    createdAt: now,
    expiresAt,
  });
  return { code, linkToken, expiresAt };
}

/**
 * Checks the target's current code and uses it up when right. A wrong code counts a try; the
 * last allowed wrong try retires the code. The caller must commit the try even when the answer is
 * "wrong" (so it does not roll back with the error it then raises).
 */
export async function checkContactCode(
  tx: Tx,
  target: ContactTarget,
  targetId: number,
  code: string,
): Promise<boolean> {
  const now = new Date();
  const [current] = await tx
    .select()
    .from(contactCodes)
    .where(
      and(
        eq(contactCodes.target, target),
        eq(contactCodes.targetId, targetId),
        isNull(contactCodes.usedAt),
        gt(contactCodes.expiresAt, now),
        lt(contactCodes.attempts, CONTACT_CODE_LIMITS.maxAttempts),
      ),
    )
    .orderBy(desc(contactCodes.createdAt))
    .limit(1)
    .for('update');
  if (!current) return false;
  if (!sameCodeHash(current.codeHash, hashCode(target, targetId, code))) {
    const wrong = wrongTry(current, { maxAttempts: CONTACT_CODE_LIMITS.maxAttempts });
    await tx
      .update(contactCodes)
      .set({ attempts: wrong.attempts, ...(wrong.attemptsLeft === 0 ? { usedAt: now } : {}) })
      .where(eq(contactCodes.id, current.id));
    return false;
  }
  await tx.update(contactCodes).set({ usedAt: now }).where(eq(contactCodes.id, current.id));
  return true;
}

/** Uses an e-mail link token once (atomic): the code's row when it was valid, unused and not expired. */
export async function useLinkToken(
  tx: Tx,
  token: string,
): Promise<{ customerId: number; userId: number; targetId: number } | null> {
  const now = new Date();
  const [row] = await tx
    .update(contactCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(contactCodes.linkTokenHash, sha256(token)),
        eq(contactCodes.target, 'email'),
        isNull(contactCodes.usedAt),
        gt(contactCodes.expiresAt, now),
        lt(contactCodes.attempts, CONTACT_CODE_LIMITS.maxAttempts),
      ),
    )
    .returning({
      customerId: contactCodes.customerId,
      userId: contactCodes.userId,
      targetId: contactCodes.targetId,
    });
  return row ?? null;
}

/** Retires every unused code of a target (it was deleted or confirmed another way). */
export async function retireCodes(
  db: DbOrTx,
  target: ContactTarget,
  targetId: number,
): Promise<void> {
  await db
    .update(contactCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(contactCodes.target, target),
        eq(contactCodes.targetId, targetId),
        isNull(contactCodes.usedAt),
      ),
    );
}
