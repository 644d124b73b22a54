import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { ACCOUNT_CODE_LIMITS, PASSWORD_RESET_CODE_LENGTH } from '@ledgerline/domain/registration';
import type { DbOrTx, Tx } from '../../db/client';
import { accountCodes } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { sameCodeHash, wrongTry } from '../../lib/one-time-code';

export type CodePurpose = 'activation' | 'passwordReset';

const TTL_MS: Record<CodePurpose, number> = {
  activation: ACCOUNT_CODE_LIMITS.activationTtlMs,
  passwordReset: ACCOUNT_CODE_LIMITS.passwordResetTtlMs,
};

/**
 * Codes are stored as a SHA-256 that also names the account and the purpose, so a six-digit reset
 * code's hash is not the same for every account that happens to get the same digits.
 */
function hashCode(userId: number, purpose: CodePurpose, code: string): string {
  return sha256(`${purpose}:${userId}:${code}`);
}

/** Activation codes travel in a link: long and random. Reset codes are typed: six digits. */
function newCode(purpose: CodePurpose): string {
  if (purpose === 'activation') return randomToken(24);
  return String(randomInt(0, 10 ** PASSWORD_RESET_CODE_LENGTH)).padStart(
    PASSWORD_RESET_CODE_LENGTH,
    '0',
  );
}

/** How many codes of this purpose the account was sent in the last hour. */
export async function codesSentLastHour(
  db: DbOrTx,
  userId: number,
  purpose: CodePurpose,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.purpose, purpose),
        gt(accountCodes.createdAt, new Date(Date.now() - 60 * 60_000)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Issues a new code and retires the account's earlier unused ones of the same purpose: only the newest works. */
export async function issueCode(
  tx: Tx,
  userId: number,
  purpose: CodePurpose,
): Promise<{ code: string; expiresAt: Date }> {
  const now = new Date();
  await tx
    .update(accountCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.purpose, purpose),
        isNull(accountCodes.usedAt),
      ),
    );
  const code = newCode(purpose);
  const expiresAt = new Date(now.getTime() + TTL_MS[purpose]);
  await tx
    .insert(accountCodes)
    .values({ userId, purpose, codeHash: hashCode(userId, purpose, code), expiresAt });
  return { code, expiresAt };
}

/** Uses an activation code once: true when it was valid, unused and not expired (atomic). */
export async function useActivationCode(tx: Tx, userId: number, code: string): Promise<boolean> {
  const now = new Date();
  const used = await tx
    .update(accountCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.purpose, 'activation'),
        eq(accountCodes.codeHash, hashCode(userId, 'activation', code)),
        isNull(accountCodes.usedAt),
        gt(accountCodes.expiresAt, now),
      ),
    )
    .returning({ id: accountCodes.id });
  return used.length > 0;
}

/**
 * Checks the account's current reset code. A wrong code counts an attempt; the last allowed wrong
 * attempt retires the code. With `consume`, a right code is used up. The caller commits the
 * attempt count even when the answer is "wrong" (it must not roll back with an error).
 */
export async function checkResetCode(
  tx: Tx,
  userId: number,
  code: string,
  consume: boolean,
): Promise<boolean> {
  const now = new Date();
  const [current] = await tx
    .select()
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.purpose, 'passwordReset'),
        isNull(accountCodes.usedAt),
        gt(accountCodes.expiresAt, now),
        lt(accountCodes.attempts, ACCOUNT_CODE_LIMITS.passwordResetMaxAttempts),
      ),
    )
    .orderBy(desc(accountCodes.createdAt))
    .limit(1)
    .for('update');
  if (!current) return false;
  if (!sameCodeHash(current.codeHash, hashCode(userId, 'passwordReset', code))) {
    const wrong = wrongTry(current, { maxAttempts: ACCOUNT_CODE_LIMITS.passwordResetMaxAttempts });
    await tx
      .update(accountCodes)
      .set({ attempts: wrong.attempts, ...(wrong.attemptsLeft === 0 ? { usedAt: now } : {}) })
      .where(eq(accountCodes.id, current.id));
    return false;
  }
  if (consume)
    await tx.update(accountCodes).set({ usedAt: now }).where(eq(accountCodes.id, current.id));
  return true;
}
