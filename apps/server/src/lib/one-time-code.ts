import { timingSafeEqual } from 'node:crypto';

/**
 * The rules every stored one-time code follows (registration's reset codes, profile contact
 * codes, password and two-step changes): it works until it expires or its wrong tries run out,
 * each wrong try is counted, and the last allowed wrong try retires it. The code itself is kept
 * only as a hash, compared in constant time. Each table records the verdict in its own columns.
 */
export interface StoredCode {
  attempts: number;
  expiresAt: Date;
}

export interface CodeLimits {
  maxAttempts: number;
  now: Date;
}

/** Expired, or out of tries: no code can confirm it any more. */
export function isCodeSpent(stored: StoredCode, limits: CodeLimits): boolean {
  return stored.expiresAt <= limits.now || stored.attempts >= limits.maxAttempts;
}

/** One more wrong try: the count to store and how many are left (0: retire the code now). */
export function wrongTry(stored: StoredCode, limits: Pick<CodeLimits, 'maxAttempts'>) {
  const attempts = stored.attempts + 1;
  return { attempts, attemptsLeft: Math.max(0, limits.maxAttempts - attempts) };
}

/** Constant-time comparison of a stored code hash with the hash of the code given. */
export function sameCodeHash(stored: string | null, given: string): boolean {
  return (
    stored !== null &&
    stored.length === given.length &&
    timingSafeEqual(Buffer.from(stored), Buffer.from(given))
  );
}

export type CodeVerdict =
  { kind: 'spent' } | { kind: 'right' } | { kind: 'wrong'; attempts: number; attemptsLeft: number };

/** A typed code against its stored hash: spent, right, or wrong (with the try to record). */
export function judgeCode(
  stored: StoredCode & { codeHash: string | null },
  givenHash: string,
  limits: CodeLimits,
): CodeVerdict {
  if (isCodeSpent(stored, limits)) return { kind: 'spent' };
  if (sameCodeHash(stored.codeHash, givenHash)) return { kind: 'right' };
  return { kind: 'wrong', ...wrongTry(stored, limits) };
}
