import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginHistory } from '../../db/schema';

export type LoginFlowName =
  | 'password'
  | 'simple'
  | 'direct'
  | 'otp'
  | 'sms'
  | 'push'
  | 'verifyDevice'
  | 'scp'
  | 'token'
  | 'refresh';
export type LoginResult =
  | 'success'
  | 'secondFactorRequired'
  | 'wrongPassword'
  | 'wrongCode'
  | 'codeExpired'
  | 'codeUsed'
  | 'badVerifier'
  | 'declined'
  | 'approved'
  | 'blocked'
  | 'throttled'
  | 'botCheckFailed'
  | 'wrongSecret'
  /** The user's IP whitelist is on and the attempt came from elsewhere (issue 6). */
  | 'ipNotAllowed';

/** Results that count as a failed attempt from an address (the per-address slowing). */
export const FAILED_RESULTS: readonly LoginResult[] = [
  'wrongPassword',
  'wrongCode',
  'codeExpired',
  'codeUsed',
  'badVerifier',
  'botCheckFailed',
  'wrongSecret',
];

export interface AttemptInfo {
  userId?: number | null;
  username?: string | null;
  ip: string;
  userAgent?: string | undefined;
  client?: string | null;
  device?: string | null;
  flow: LoginFlowName;
  result: LoginResult;
}

/** One row per sign-in attempt, written in the caller's transaction when there is one. */
export async function recordAttempt(db: DbOrTx, attempt: AttemptInfo): Promise<void> {
  await db.insert(loginHistory).values({
    userId: attempt.userId ?? null,
    username: attempt.username?.slice(0, 254) ?? null,
    ip: attempt.ip.slice(0, 64),
    userAgent: attempt.userAgent?.slice(0, 512) ?? null,
    client: attempt.client?.slice(0, 64) ?? null,
    device: attempt.device?.slice(0, 128) ?? null,
    flow: attempt.flow,
    result: attempt.result,
  });
}

/** A user's sign-in history between two dates, newest first (for the settings screens). */
export async function loginHistoryOf(
  db: DbOrTx,
  userId: number,
  range: { from?: Date; to?: Date; limit?: number } = {},
) {
  const conditions = [eq(loginHistory.userId, userId)];
  if (range.from) conditions.push(gte(loginHistory.at, range.from));
  if (range.to) conditions.push(lt(loginHistory.at, range.to));
  return db
    .select()
    .from(loginHistory)
    .where(and(...conditions))
    .orderBy(desc(loginHistory.at), desc(loginHistory.id))
    .limit(range.limit ?? 100);
}
