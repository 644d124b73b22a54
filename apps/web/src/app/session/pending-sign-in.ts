/**
 * A sign-in between its first step and its tokens (spec 1 §3 "Auth state"): what /login answered
 * that later screens need, such as the tmpJwt of a strict migration that /scp uses. Memory only:
 * the tmpJwt is a bearer, and a reload starts the sign-in again ("/scp is reachable only if a
 * login result exists; otherwise the user goes to login", spec 1 §2).
 */
export interface PendingSignIn {
  /** The bearer for the steps between /login and /token (scp request, realtime ticket, re-send). */
  tmpJwt: string;
  /** Why the sign-in waits: push must be set up first (strict migration). */
  reason: 'strictMigration';
  userId?: number;
}

let pending: PendingSignIn | undefined;

export function setPendingSignIn(value: PendingSignIn): void {
  pending = value;
}

export function getPendingSignIn(): PendingSignIn | undefined {
  return pending;
}

export function clearPendingSignIn(): void {
  pending = undefined;
}
