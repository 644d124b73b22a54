import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { ACCOUNT_CODE_LIMITS } from '@ledgerline/domain/registration';
import type { DbOrTx, Tx } from '../../db/client';
import { accountCodes } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

/*
 * The activation codes of invited authorised users (spec 2 §7 "authorised user create and
 * resend"): random link tokens stored as a hash that names the user and the purpose, valid for
 * the activation time of registration links, used once; a newer code retires the older ones.
 */

export const EMPLOYEE_ACTIVATION_PURPOSE = 'employeeActivation';
export const EMPLOYEE_ACTIVATION_TTL_MS = ACCOUNT_CODE_LIMITS.activationTtlMs;

function hashCode(userId: number, code: string): string {
  return sha256(`${EMPLOYEE_ACTIVATION_PURPOSE}:${userId}:${code}`);
}

export async function issueInvitationCode(tx: Tx, userId: number): Promise<string> {
  const now = new Date();
  await tx
    .update(accountCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.purpose, EMPLOYEE_ACTIVATION_PURPOSE),
        isNull(accountCodes.usedAt),
      ),
    );
  const code = randomToken(24);
  await tx.insert(accountCodes).values({
    userId,
    purpose: EMPLOYEE_ACTIVATION_PURPOSE,
    codeHash: hashCode(userId, code),
    expiresAt: new Date(now.getTime() + EMPLOYEE_ACTIVATION_TTL_MS),
  });
  return code;
}

function liveCode(userId: number, code: string, now: Date) {
  return and(
    eq(accountCodes.userId, userId),
    eq(accountCodes.purpose, EMPLOYEE_ACTIVATION_PURPOSE),
    eq(accountCodes.codeHash, hashCode(userId, code)),
    isNull(accountCodes.usedAt),
    gt(accountCodes.expiresAt, now),
  );
}

/** The code is the user's newest, unused and not expired (nothing is used up). */
export async function isInvitationCodeLive(
  db: DbOrTx,
  userId: number,
  code: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: accountCodes.id })
    .from(accountCodes)
    .where(liveCode(userId, code, new Date()));
  return row !== undefined;
}

/** Uses the code once (atomic): true when it was live. */
export async function useInvitationCode(tx: Tx, userId: number, code: string): Promise<boolean> {
  const used = await tx
    .update(accountCodes)
    .set({ usedAt: new Date() })
    .where(liveCode(userId, code, new Date()))
    .returning({ id: accountCodes.id });
  return used.length > 0;
}

export async function invitationsSentLastHour(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.purpose, EMPLOYEE_ACTIVATION_PURPOSE),
        gt(accountCodes.createdAt, new Date(Date.now() - 60 * 60_000)),
      ),
    );
  return Number(row?.n ?? 0);
}
