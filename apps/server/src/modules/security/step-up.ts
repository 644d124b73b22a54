import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deviceRequests } from '../../db/schema';
import type { Mailer } from '../notifications';
import { useTotpCode, type ConfirmationPlan } from './transaction-factor';

/*
 * One step-up, three uses: a transfer's confirmation, an approver's decision and the reveal of a
 * card secret each send the user's second factor (confirmationPlan) for one operation and check
 * what comes back. Each keeps its own row (what it confirms differs); the sending and the checking
 * are here, once: a six-digit code by SMS or e-mail whose hash the caller binds to its operation,
 * a request to the phone app (/dev/device plays the phone), or the authenticator's code.
 */

/** The second factors (spec 2 §4): 0 none, 1 push, 2 SMS code, 3 authenticator code, 4 e-mailed code. */
export const FACTOR = { none: 0, push: 1, sms: 2, totp: 3, email: 4 } as const;

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The code's message: by SMS when the factor is SMS and the user has a phone, else by e-mail. */
export async function sendFactorCode(
  tx: DbOrTx,
  mailer: Mailer,
  input: {
    approveType: number;
    plan: Pick<ConfirmationPlan, 'smsPhone' | 'email'>;
    userId: number;
    sms: string;
    emailSubject: string;
    emailBody: string;
  },
): Promise<void> {
  await mailer.enqueue(
    tx,
    input.approveType === FACTOR.sms && input.plan.smsPhone
      ? { channel: 'sms', recipient: input.plan.smsPhone, body: input.sms, userId: input.userId }
      : {
          channel: 'email',
          recipient: input.plan.email,
          subject: input.emailSubject,
          body: input.emailBody,
          userId: input.userId,
        },
  );
}

/** A request to the user's phone app, shown with its title and details; answers its key. */
export async function createPushRequest(
  tx: DbOrTx,
  input: {
    userId: number;
    kind: string;
    title: string;
    details: Record<string, string>;
    expiresAt: Date;
  },
): Promise<string> {
  const key = randomUUID();
  await tx.insert(deviceRequests).values({
    id: key,
    userId: input.userId,
    kind: input.kind,
    title: input.title.slice(0, 256),
    details: input.details,
    expiresAt: input.expiresAt,
    pendingLoginId: null,
  });
  return key;
}

/** A phone request replaced by a newer one (asking again): deciding it on the phone does nothing. */
export async function supersedePushRequest(tx: DbOrTx, key: string | null): Promise<void> {
  if (!key) return;
  await tx
    .update(deviceRequests)
    .set({ status: 'superseded', decidedAt: new Date() })
    .where(and(eq(deviceRequests.id, key), eq(deviceRequests.status, 'pending')));
}

/** What a pending, unexpired step-up was sent by, as its caller stored it. */
export interface StepUp {
  approveType: number;
  deviceRequestKey: string | null;
  codeHash: string | null;
  attempts: number;
}

export type FactorVerdict =
  | { kind: 'passed' }
  /** The phone has not decided yet. */
  | { kind: 'pending' }
  /** The phone declined (or its request is gone). */
  | { kind: 'declined' }
  | { kind: 'missingCode' }
  /** A wrong code: the caller stores `attempts` and, when exhausted, closes its operation. */
  | { kind: 'wrong'; attempts: number; triesLeft: number; exhausted: boolean };

/**
 * Checks the factor given for a step-up in tx. An authenticator code is used up when right (it
 * works once); a sent code is right when `hashOf(code)` is the stored hash, which binds it to the
 * caller's operation. Status and expiry are the caller's to check first.
 */
export async function judgeFactor(
  tx: DbOrTx,
  step: StepUp,
  input: {
    userId: number;
    code: string | undefined;
    now: Date;
    hashOf: (code: string) => string;
    maxAttempts: number;
  },
): Promise<FactorVerdict> {
  if (step.approveType === FACTOR.push) {
    const [request] = step.deviceRequestKey
      ? await tx
          .select({ status: deviceRequests.status })
          .from(deviceRequests)
          .where(eq(deviceRequests.id, step.deviceRequestKey))
      : [];
    if (request?.status === 'pending') return { kind: 'pending' };
    return request?.status === 'approved' ? { kind: 'passed' } : { kind: 'declined' };
  }
  if (!input.code) return { kind: 'missingCode' };
  const right =
    step.approveType === FACTOR.totp
      ? await useTotpCode(tx, input.userId, input.code, input.now)
      : step.codeHash !== null && input.hashOf(input.code) === step.codeHash;
  if (right) return { kind: 'passed' };
  const attempts = step.attempts + 1;
  return {
    kind: 'wrong',
    attempts,
    triesLeft: input.maxAttempts - attempts,
    exhausted: attempts >= input.maxAttempts,
  };
}
