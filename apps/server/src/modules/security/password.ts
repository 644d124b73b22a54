import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { passwordChangeRequests, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/crypto';
import type { Actor } from '../../lib/actor';
import { judgeCode } from '../../lib/one-time-code';
import { audit } from '../audit';
import { accountBlockedError, accountBlockedUntil, registerAccountFailure } from '../auth';
import { renderMessage } from './messages';
import {
  changeCodeLimits,
  CHANGE_TTL_MS,
  callerAccount,
  wrongTryChange,
  type CredentialDeps,
  changeExpiredError,
  codeHash,
  maskEmail,
  sixDigits,
  wrongCodeError,
} from './shared';

/**
 * Password change from the settings screen: the current password is checked, the new one hashed
 * at once and kept with a 6-digit code e-mailed to the login address. Only that code sets it.
 * A wrong current password counts against the account like a failed sign-in (5 block it for a
 * while), so a stolen session cannot be used to guess it.
 */
export async function startPasswordChange(
  deps: CredentialDeps,
  actor: Actor,
  input: { password: string; passwordNew: string },
) {
  const { user, customer, brand } = await callerAccount(deps.db, actor.userId);
  const username = user.email.toLowerCase();
  const blocked = await accountBlockedUntil(deps.db, username);
  if (blocked) throw accountBlockedError(blocked);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const blockedUntil = await deps.db.transaction(async (tx) => {
      const until = await registerAccountFailure(tx, username);
      await audit(tx, {
        action: 'password.changeRefused',
        userId: user.id,
        customerId: customer.id,
        ip: actor.ip,
        details: { reason: 'wrongPassword' },
      });
      return until;
    });
    if (blockedUntil)
      throw accountBlockedError(blockedUntil, 'The current password is not correct. ');
    throw AppError.invalid(
      { password: 'validation.passwordWrong' },
      'The current password is not correct',
    );
  }
  const newPasswordHash = await deps.passwords.hash(input.passwordNew);
  const id = randomUUID();
  const code = sixDigits();
  const expiresAt = new Date(Date.now() + CHANGE_TTL_MS);
  await deps.db.transaction(async (tx) => {
    // One pending change at a time: an older one stops working.
    await tx
      .update(passwordChangeRequests)
      .set({ status: 'superseded', decidedAt: new Date() })
      .where(
        and(
          eq(passwordChangeRequests.userId, user.id),
          eq(passwordChangeRequests.status, 'pending'),
        ),
      );
    await tx.insert(passwordChangeRequests).values({
      id,
      userId: user.id,
      newPasswordHash,
      codeHash: codeHash(id, code),
      ip: actor.ip.slice(0, 64),
      expiresAt,
    });
    const text = renderMessage('passwordChangeCode', actor.lang, {
      brand: brand.projectName,
      code,
      minutes: CHANGE_TTL_MS / 60_000,
      support: brand.supports.defaultEmail,
    });
    await deps.mailer.enqueue(tx, {
      channel: 'email',
      recipient: user.email,
      subject: text.subject,
      body: text.body,
      userId: user.id,
    });
    await audit(tx, {
      action: 'password.changeRequested',
      userId: user.id,
      customerId: customer.id,
      ip: actor.ip,
      details: { requestKey: id },
    });
  });
  return { requestKey: id, sentTo: maskEmail(user.email), expiresAt: expiresAt.toISOString() };
}

/**
 * Sets the new password with the e-mailed code and ends every other session of the user in the
 * same transaction; this session stays. Their sockets close after commit.
 */
export async function confirmPasswordChange(
  deps: CredentialDeps,
  actor: Actor,
  input: { requestKey: string; code: string },
) {
  const { user, customer, brand } = await callerAccount(deps.db, actor.userId);
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordChangeRequests)
      .where(
        and(
          eq(passwordChangeRequests.id, input.requestKey),
          eq(passwordChangeRequests.userId, user.id),
        ),
      )
      .for('update');
    if (!row) return { kind: 'missing' as const };
    if (row.status !== 'pending') return { kind: 'expired' as const };
    const verdict = judgeCode(row, codeHash(row.id, input.code), changeCodeLimits(now));
    if (verdict.kind === 'spent') return { kind: 'expired' as const };
    if (verdict.kind === 'wrong') {
      await tx
        .update(passwordChangeRequests)
        .set(wrongTryChange(verdict, now))
        .where(eq(passwordChangeRequests.id, row.id));
      await audit(tx, {
        action: 'password.changeWrongCode',
        userId: user.id,
        customerId: customer.id,
        ip: actor.ip,
        details: { requestKey: row.id, attempts: verdict.attempts },
      });
      return { kind: 'wrong' as const, attemptsLeft: verdict.attemptsLeft };
    }
    await tx.update(users).set({ passwordHash: row.newPasswordHash }).where(eq(users.id, user.id));
    await tx
      .update(passwordChangeRequests)
      .set({ status: 'done', decidedAt: now })
      .where(eq(passwordChangeRequests.id, row.id));
    const ended = await deps.sessions.revokeOthers(tx, user.id, actor.sessionId, 'passwordChange');
    const text = renderMessage('passwordChanged', actor.lang, {
      brand: brand.projectName,
      support: brand.supports.defaultEmail,
    });
    await deps.mailer.enqueue(tx, {
      channel: 'email',
      recipient: user.email,
      subject: text.subject,
      body: text.body,
      userId: user.id,
    });
    await audit(tx, {
      action: 'password.changed',
      userId: user.id,
      customerId: customer.id,
      ip: actor.ip,
      details: { requestKey: row.id, sessionsEnded: ended.length },
    });
    return { kind: 'done' as const, ended };
  });
  if (outcome.kind === 'missing') throw AppError.notFound('No such password change is waiting');
  if (outcome.kind === 'expired') throw changeExpiredError();
  if (outcome.kind === 'wrong') throw wrongCodeError('code', outcome.attemptsLeft);
  await deps.sessions.closeSockets(outcome.ended, 'revoked');
  await deps.realtime.publish(user.id, {
    type: 'PasswordChange',
    payload: { result: 'success' },
  });
  return { changed: true as const };
}

export async function cancelPasswordChange(
  deps: CredentialDeps,
  actor: Actor,
  input: { requestKey: string },
) {
  const userId = actor.userId;
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: passwordChangeRequests.status })
      .from(passwordChangeRequests)
      .where(
        and(
          eq(passwordChangeRequests.id, input.requestKey),
          eq(passwordChangeRequests.userId, userId),
        ),
      )
      .for('update');
    if (!row) return 'missing' as const;
    if (row.status !== 'pending') return 'expired' as const;
    await tx
      .update(passwordChangeRequests)
      .set({ status: 'canceled', decidedAt: new Date() })
      .where(eq(passwordChangeRequests.id, input.requestKey));
    await audit(tx, {
      action: 'password.changeCanceled',
      userId,
      customerId: actor.ownCustomerId,
      ip: actor.ip,
      details: { requestKey: input.requestKey },
    });
    return 'canceled' as const;
  });
  if (outcome === 'missing') throw AppError.notFound('No such password change is waiting');
  if (outcome === 'expired') throw changeExpiredError();
  await deps.realtime.publish(userId, {
    type: 'PasswordChange',
    payload: { result: 'canceled' },
  });
  return { canceled: true as const };
}
