import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { passwordChangeRequests, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/crypto';
import type { AuthedMethodContext } from '../../main-api/types';
import { audit } from '../audit';
import { accountBlockedError, accountBlockedUntil, registerAccountFailure } from '../auth';
import { renderMessage } from './messages';
import {
  CHANGE_MAX_ATTEMPTS,
  CHANGE_TTL_MS,
  callerAccount,
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
  input: { password: string; passwordNew: string },
  ctx: AuthedMethodContext,
) {
  const { user, customer, brand } = await callerAccount(ctx.db, ctx.caller.userId);
  const username = user.email.toLowerCase();
  const blocked = await accountBlockedUntil(ctx.db, username);
  if (blocked) throw accountBlockedError(blocked);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const blockedUntil = await ctx.db.transaction(async (tx) => {
      const until = await registerAccountFailure(tx, username);
      await audit(tx, {
        action: 'password.changeRefused',
        userId: user.id,
        customerId: customer.id,
        ip: ctx.ip,
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
  const newPasswordHash = await ctx.services.passwords.hash(input.passwordNew);
  const id = randomUUID();
  const code = sixDigits();
  const expiresAt = new Date(Date.now() + CHANGE_TTL_MS);
  await ctx.db.transaction(async (tx) => {
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
      ip: ctx.ip.slice(0, 64),
      expiresAt,
    });
    const text = renderMessage('passwordChangeCode', ctx.lang, {
      brand: brand.projectName,
      code,
      minutes: CHANGE_TTL_MS / 60_000,
      support: brand.supports.defaultEmail,
    });
    await ctx.services.mailer.enqueue(tx, {
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
      ip: ctx.ip,
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
  input: { requestKey: string; code: string },
  ctx: AuthedMethodContext,
) {
  const { user, customer, brand } = await callerAccount(ctx.db, ctx.caller.userId);
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
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
    if (row.status !== 'pending' || row.expiresAt <= now || row.attempts >= CHANGE_MAX_ATTEMPTS)
      return { kind: 'expired' as const };
    if (codeHash(row.id, input.code) !== row.codeHash) {
      const attempts = row.attempts + 1;
      await tx
        .update(passwordChangeRequests)
        .set({
          attempts,
          ...(attempts >= CHANGE_MAX_ATTEMPTS ? { status: 'failed', decidedAt: now } : {}),
        })
        .where(eq(passwordChangeRequests.id, row.id));
      await audit(tx, {
        action: 'password.changeWrongCode',
        userId: user.id,
        customerId: customer.id,
        ip: ctx.ip,
        details: { requestKey: row.id, attempts },
      });
      return { kind: 'wrong' as const, attemptsLeft: CHANGE_MAX_ATTEMPTS - attempts };
    }
    await tx.update(users).set({ passwordHash: row.newPasswordHash }).where(eq(users.id, user.id));
    await tx
      .update(passwordChangeRequests)
      .set({ status: 'done', decidedAt: now })
      .where(eq(passwordChangeRequests.id, row.id));
    const ended = await ctx.services.sessions.revokeOthers(
      tx,
      user.id,
      ctx.caller.sessionId,
      'passwordChange',
    );
    const text = renderMessage('passwordChanged', ctx.lang, {
      brand: brand.projectName,
      support: brand.supports.defaultEmail,
    });
    await ctx.services.mailer.enqueue(tx, {
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
      ip: ctx.ip,
      details: { requestKey: row.id, sessionsEnded: ended.length },
    });
    return { kind: 'done' as const, ended };
  });
  if (outcome.kind === 'missing') throw AppError.notFound('No such password change is waiting');
  if (outcome.kind === 'expired') throw changeExpiredError();
  if (outcome.kind === 'wrong') throw wrongCodeError('code', outcome.attemptsLeft);
  await ctx.services.sessions.closeSockets(outcome.ended, 'revoked');
  await ctx.services.realtime.publish(user.id, {
    type: 'PasswordChange',
    payload: { result: 'success' },
  });
  return { changed: true as const };
}

export async function cancelPasswordChange(
  input: { requestKey: string },
  ctx: AuthedMethodContext,
) {
  const userId = ctx.caller.userId;
  const outcome = await ctx.db.transaction(async (tx) => {
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
      customerId: ctx.caller.customerId,
      ip: ctx.ip,
      details: { requestKey: input.requestKey },
    });
    return 'canceled' as const;
  });
  if (outcome === 'missing') throw AppError.notFound('No such password change is waiting');
  if (outcome === 'expired') throw changeExpiredError();
  await ctx.services.realtime.publish(userId, {
    type: 'PasswordChange',
    payload: { result: 'canceled' },
  });
  return { canceled: true as const };
}
