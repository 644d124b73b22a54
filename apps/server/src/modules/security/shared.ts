import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RESPONSE_CODES } from '@ledgerline/domain';
import { getBrand, isBrandId, type BrandConfig } from '@ledgerline/domain/brands';
import type { Database, DbOrTx } from '../../db/client';
import type { CodeLimits } from '../../lib/one-time-code';
import type { AuthServices } from '../auth';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { customers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sha256, type PasswordHasher } from '../../lib/crypto';

/** Pending password and two-step changes lapse after 5 minutes or 5 wrong codes. */
export const CHANGE_TTL_MS = 5 * 60_000;
export const CHANGE_MAX_ATTEMPTS = 5;

export function changeCodeLimits(now: Date): CodeLimits {
  return { maxAttempts: CHANGE_MAX_ATTEMPTS, now };
}

/** The columns a wrong code sets on a pending change: the try, and on the last one the failure. */
export function wrongTryChange(verdict: { attempts: number; attemptsLeft: number }, now: Date) {
  return {
    attempts: verdict.attempts,
    ...(verdict.attemptsLeft === 0 ? { status: 'failed', decidedAt: now } : {}),
  };
}

/** What the password and two-step changes use besides the caller: the database and the side effects. */
export interface CredentialDeps {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
  sessions: Pick<AuthServices['sessions'], 'revokeOthers' | 'closeSockets'>;
  /** Hashes the new password at the configured cost. */
  passwords: PasswordHasher;
}

export function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A code is stored hashed with its request's id, so one code's hash says nothing about another request. */
export function codeHash(requestId: string, code: string): string {
  return sha256(`${requestId}:${code}`);
}

/** a•••@example.com: enough for the customer to recognise the address, not to read it off a screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

export type UserRow = typeof users.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

/** The caller's user and own customer, with the brand the customer belongs to. */
export async function callerAccount(
  db: DbOrTx,
  userId: number,
): Promise<{ user: UserRow; customer: CustomerRow; brand: BrandConfig }> {
  const [row] = await db
    .select({ user: users, customer: customers })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, userId));
  if (!row) throw AppError.unauthorised();
  return {
    ...row,
    brand: getBrand(isBrandId(row.customer.brandId) ? row.customer.brandId : 'pebble'),
  };
}

/** The request is gone, used, lapsed or out of tries: start again. */
export function changeExpiredError(): AppError {
  return AppError.invalid(
    { requestKey: 'validation.codeExpired' },
    'This request has expired or was already used. Please start again.',
  );
}

export function wrongCodeError(field: string, attemptsLeft: number): AppError {
  const description =
    attemptsLeft > 0
      ? `The code is not correct. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`
      : 'The code is not correct. No tries are left: please start again.';
  return new AppError(RESPONSE_CODES.invalidParameters, description, {
    validationErrors: {
      [field]: attemptsLeft > 0 ? 'validation.codeWrong' : 'validation.codeExpired',
    },
    extra: { attemptsLeft },
  });
}
