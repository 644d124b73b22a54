import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginHistory, signInLockouts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { FAILED_RESULTS } from './history';

/** PSD2 RTS art. 4: after 5 failed passwords or codes the account's sign-in is blocked for a while. */
export const ACCOUNT_MAX_FAILURES = 5;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_BLOCK_MS = 15 * 60_000;
/** The window of the per-address slowing (its count is SIGN_IN_ADDRESS_LIMIT). */
export const ADDRESS_WINDOW_MS = 15 * 60_000;

function formatUntil(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function accountBlockedError(blockedUntil: Date, prefix = ''): AppError {
  return new AppError(
    'AU',
    `${prefix}Too many failed attempts: sign-in to this account is blocked until ${formatUntil(blockedUntil)}.`,
    {
      httpStatus: 403,
      extra: { reason: 'accountBlocked', blockedUntil: blockedUntil.toISOString() },
    },
  );
}

/** When the account's sign-in is blocked, until when; else null. Keyed by the lower-cased e-mail. */
export async function accountBlockedUntil(
  db: DbOrTx,
  username: string,
  now = new Date(),
): Promise<Date | null> {
  const [row] = await db
    .select({ blockedUntil: signInLockouts.blockedUntil })
    .from(signInLockouts)
    .where(eq(signInLockouts.username, username));
  return row?.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
}

/** Counts a failed password or code; answers the block's end when this failure blocks the account. */
export async function registerAccountFailure(
  db: DbOrTx,
  username: string,
  now = new Date(),
): Promise<Date | null> {
  const windowStart = new Date(now.getTime() - ACCOUNT_WINDOW_MS);
  const [existing] = await db
    .select()
    .from(signInLockouts)
    .where(eq(signInLockouts.username, username))
    .for('update');
  const fresh =
    !existing ||
    existing.windowStartedAt < windowStart ||
    (existing.blockedUntil !== null && existing.blockedUntil <= now);
  const failures = fresh ? 1 : existing.failures + 1;
  const blockedUntil =
    failures >= ACCOUNT_MAX_FAILURES ? new Date(now.getTime() + ACCOUNT_BLOCK_MS) : null;
  const values = {
    failures: blockedUntil ? 0 : failures,
    windowStartedAt: fresh ? now : existing.windowStartedAt,
    blockedUntil,
  };
  await db
    .insert(signInLockouts)
    .values({ username, ...values })
    .onConflictDoUpdate({ target: signInLockouts.username, set: values });
  return blockedUntil;
}

/** A full sign-in clears the count. */
export async function clearAccountFailures(db: DbOrTx, username: string): Promise<void> {
  await db.delete(signInLockouts).where(eq(signInLockouts.username, username));
}

/**
 * Slows an address that keeps failing: at `limit` failed attempts in the window it is answered
 * 429 with Retry-After until the oldest of those leaves the window. Counted from login_history,
 * so every node sees the same figure.
 */
export async function assertAddressNotThrottled(
  db: DbOrTx,
  ip: string,
  limit: number,
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - ADDRESS_WINDOW_MS);
  // The limit-th newest failure in the window: while it exists the address is slowed; it frees when that one leaves the window.
  const [nth] = await db
    .select({ at: loginHistory.at })
    .from(loginHistory)
    .where(
      and(
        eq(loginHistory.ip, ip.slice(0, 64)),
        gte(loginHistory.at, since),
        inArray(loginHistory.result, [...FAILED_RESULTS]),
      ),
    )
    .orderBy(desc(loginHistory.at))
    .offset(limit - 1)
    .limit(1);
  if (!nth) return;
  const retryAfter = Math.max(
    1,
    Math.ceil((nth.at.getTime() + ADDRESS_WINDOW_MS - now.getTime()) / 1000),
  );
  throw new AppError(
    'RL',
    `Too many failed sign-in attempts from your address. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    {
      extra: { reason: 'tooManyAttempts', retryAfter },
      headers: { 'Retry-After': String(retryAfter) },
    },
  );
}
