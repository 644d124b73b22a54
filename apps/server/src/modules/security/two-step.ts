import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import type { SecondFactorMode, TwoStepConfirmation } from '@ledgerline/contract';
import {
  authSettings,
  customers,
  deviceRequests,
  twoStepChangeRequests,
  users,
} from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { isCodeSpent, sameCodeHash, wrongTry } from '../../lib/one-time-code';
import { audit } from '../audit';
import {
  accountBlockedError,
  accountBlockedUntil,
  devicesOf,
  maskPhoneNumber,
  registerAccountFailure,
  settingsOf,
  type SettingsRow,
} from '../auth';
import { matchingTotpStep, secretFromBase32, totpUri } from '../../lib/totp';
import { renderMessage } from './messages';
import {
  CHANGE_TTL_MS,
  callerAccount,
  changeCodeLimits,
  wrongTryChange,
  type CredentialDeps,
  changeExpiredError,
  codeHash,
  maskEmail,
  sixDigits,
  wrongCodeError,
  type CustomerRow,
  type UserRow,
} from './shared';

/*
 * Changing a second factor (issue 6 "changing the second-factor mode needs the current factor").
 * Sign-in uses users.login_2fa_mode; transactions use customers.transaction_approve_mode (spec 2
 * §4: 0 none, 1 push, 2 SMS, 3 one-time code, 4 approval code by e-mail). The proof asked for is
 * the factor the target uses NOW: a TOTP code, an SMS code, the phone app's approval, or — when
 * the target has none (or its factor is gone, e.g. no phone left) — a code e-mailed to the login.
 */

type Target = 'login' | 'transaction';
type Factor = 'none' | 'otp' | 'sms' | 'push';

const TRANSACTION_FACTOR: Record<number, Factor> = {
  0: 'none',
  1: 'push',
  2: 'sms',
  3: 'otp',
  4: 'none',
};

function loginFactor(mode: string): Factor {
  return mode === 'otp' || mode === 'sms' || mode === 'push' ? mode : 'none';
}

function factorOf(target: Target, mode: string): Factor {
  return target === 'login' ? loginFactor(mode) : (TRANSACTION_FACTOR[Number(mode)] ?? 'none');
}

function currentModeOf(target: Target, user: UserRow, customer: CustomerRow): string {
  return target === 'login' ? user.login2faMode : String(customer.transactionApproveMode);
}

/** The modes the user may switch to now: SMS needs a phone for codes, push an approved phone app. */
export function availableModes(settings: SettingsRow, approvedDevices: number) {
  const hasPhone = settings.smsPhone !== null;
  const hasDevice = approvedDevices > 0;
  const login: SecondFactorMode[] = [
    'no',
    'otp',
    ...(hasPhone ? (['sms'] as const) : []),
    ...(hasDevice ? (['push'] as const) : []),
  ];
  const transaction = [0, ...(hasDevice ? [1] : []), ...(hasPhone ? [2] : []), 3, 4];
  return { login, transaction };
}

/** The TOTP secret stays while sign-in or transactions use it; switching to otp otherwise enrols a new one. */
function totpInUse(settings: SettingsRow, user: UserRow, customer: CustomerRow): boolean {
  return (
    settings.totpSecret !== null &&
    (user.login2faMode === 'otp' || customer.transactionApproveMode === 3)
  );
}

function describeMode(target: Target, mode: string): string {
  if (target === 'login')
    return { no: 'none', otp: 'authenticator app', sms: 'SMS', push: 'phone app' }[mode] ?? mode;
  return ['none', 'phone app', 'SMS', 'authenticator app', 'approval code'][Number(mode)] ?? mode;
}

/** A wrong current TOTP code counts against the account like a failed sign-in. */
async function refuseCurrentCode(
  deps: CredentialDeps,
  actor: Actor,
  user: UserRow,
  field: string,
): Promise<never> {
  const blockedUntil = await deps.db.transaction(async (tx) => {
    const until = await registerAccountFailure(tx, user.email.toLowerCase());
    await audit(tx, {
      action: 'security.twoStepWrongCode',
      userId: user.id,
      customerId: user.customerId,
      ip: actor.ip,
      details: { field },
    });
    return until;
  });
  if (blockedUntil) throw accountBlockedError(blockedUntil, 'The code is not correct. ');
  throw AppError.invalid({ [field]: 'validation.codeWrong' }, 'The code is not correct.');
}

export async function startTwoStepChange(
  deps: CredentialDeps,
  actor: Actor,
  input: { target: Target; mode: string | number; currentCode?: string | undefined },
) {
  const { user, customer, brand } = await callerAccount(deps.db, actor.userId);
  const blocked = await accountBlockedUntil(deps.db, user.email.toLowerCase());
  if (blocked) throw accountBlockedError(blocked);
  const settings = await settingsOf(deps.db, user.id);
  const approved = await devicesOf(deps.db, user.id, { approvedOnly: true });
  const target = input.target;
  const newMode = String(input.mode);
  const fromMode = currentModeOf(target, user, customer);
  if (newMode === fromMode)
    throw AppError.invalid(
      { mode: 'validation.secondFactorUnchanged' },
      'This mode is already set',
    );
  const available = availableModes(settings, approved.length);
  const allowed =
    target === 'login'
      ? (available.login as string[]).includes(newMode)
      : available.transaction.includes(Number(newMode));
  if (!allowed)
    throw AppError.invalid(
      { mode: 'validation.secondFactorUnavailable' },
      'This mode is not available: it needs a confirmed phone number or an approved phone app',
    );

  // The proof: the current factor, falling back to an e-mail code when that factor is not usable.
  let confirmWith: TwoStepConfirmation = 'email';
  const current = factorOf(target, fromMode);
  if (current === 'otp' && settings.totpSecret) confirmWith = 'otp';
  else if (current === 'sms' && settings.smsPhone) confirmWith = 'sms';
  else if (current === 'push' && approved.length > 0) confirmWith = 'push';

  const now = new Date();
  let verifiedStep: number | null = null;
  if (confirmWith === 'otp' && input.currentCode !== undefined && settings.totpSecret) {
    verifiedStep = matchingTotpStep(
      secretFromBase32(settings.totpSecret),
      input.currentCode,
      now.getTime(),
    );
    if (
      verifiedStep === null ||
      (settings.totpLastStep !== null && verifiedStep <= settings.totpLastStep)
    )
      await refuseCurrentCode(deps, actor, user, 'currentCode');
  }

  const newSecret =
    factorOf(target, newMode) === 'otp' && !totpInUse(settings, user, customer)
      ? new Secret({ size: 20 }).base32
      : null;
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + CHANGE_TTL_MS);
  const code = confirmWith === 'sms' || confirmWith === 'email' ? sixDigits() : null;
  let sentTo: string | undefined;
  await deps.db.transaction(async (tx) => {
    await supersedePending(tx, user.id);
    let deviceRequestKey: string | null = null;
    if (confirmWith === 'push') {
      // The phone's request shares the change's key: its LoginRequestDecided event names requestKey.
      deviceRequestKey = id;
      await tx.insert(deviceRequests).values({
        id: deviceRequestKey,
        userId: user.id,
        kind: 'twoStepChange',
        title: `Change two-step verification at ${brand.projectName}?`.slice(0, 256),
        details: {
          change: `${target === 'login' ? 'Sign-in' : 'Payments'}: ${describeMode(target, fromMode)} → ${describeMode(target, newMode)}`,
          address: actor.ip,
          at: `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        },
        expiresAt,
        pendingLoginId: null,
      });
    }
    if (code && confirmWith === 'sms' && settings.smsPhone) {
      const text = renderMessage('twoStepSmsCode', actor.lang, {
        brand: brand.projectName,
        code,
        minutes: CHANGE_TTL_MS / 60_000,
      });
      await deps.mailer.enqueue(tx, {
        channel: 'sms',
        recipient: settings.smsPhone,
        body: text.body,
        userId: user.id,
      });
      sentTo = maskPhoneNumber(settings.smsPhone);
    } else if (code) {
      const text = renderMessage('twoStepEmailCode', actor.lang, {
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
      sentTo = maskEmail(user.email);
    }
    // A current code given now is used up now: it cannot confirm anything else.
    if (verifiedStep !== null)
      await tx
        .update(authSettings)
        .set({ totpLastStep: verifiedStep })
        .where(eq(authSettings.userId, user.id));
    await tx.insert(twoStepChangeRequests).values({
      id,
      userId: user.id,
      target,
      newMode,
      confirmWith,
      codeHash: code ? codeHash(id, code) : null,
      deviceRequestKey,
      factorVerifiedAt: verifiedStep !== null ? now : null,
      newTotpSecret: newSecret,
      ip: actor.ip.slice(0, 64),
      expiresAt,
    });
    await audit(tx, {
      action: 'security.twoStepRequested',
      userId: user.id,
      customerId: customer.id,
      ip: actor.ip,
      details: { requestKey: id, target, from: fromMode, to: newMode, confirmWith },
    });
  });
  await deps.realtime.publish(user.id, { type: 'TwoStepVerificationModeSet' });
  return {
    requestKey: id,
    confirmWith,
    ...(sentTo ? { sentTo } : {}),
    ...(newSecret
      ? { secret: newSecret, otpauthUri: totpUri(newSecret, brand.projectName, user.email) }
      : {}),
    expiresAt: expiresAt.toISOString(),
  };
}

/** One pending change at a time: starting another ends the older one (and its phone request). */
async function supersedePending(tx: DbOrTx, userId: number): Promise<void> {
  const older = await tx
    .update(twoStepChangeRequests)
    .set({ status: 'superseded', decidedAt: new Date() })
    .where(
      and(eq(twoStepChangeRequests.userId, userId), eq(twoStepChangeRequests.status, 'pending')),
    )
    .returning({ deviceRequestKey: twoStepChangeRequests.deviceRequestKey });
  for (const row of older) {
    if (row.deviceRequestKey) {
      await tx
        .update(deviceRequests)
        .set({ status: 'superseded', decidedAt: new Date() })
        .where(
          and(eq(deviceRequests.id, row.deviceRequestKey), eq(deviceRequests.status, 'pending')),
        );
    }
  }
}

type ConfirmOutcome =
  | { kind: 'missing' | 'expired' | 'pending' | 'declined' }
  | { kind: 'required'; field: 'code' | 'newFactorCode' }
  | { kind: 'wrong'; field: 'code' | 'newFactorCode'; attemptsLeft: number }
  | { kind: 'done'; login2faMode: SecondFactorMode; transactionApproveMode: number };

export async function confirmTwoStepChange(
  deps: CredentialDeps,
  actor: Actor,
  input: { requestKey: string; code?: string | undefined; newFactorCode?: string | undefined },
) {
  const { user, customer } = await callerAccount(deps.db, actor.userId);
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const [row] = await tx
      .select()
      .from(twoStepChangeRequests)
      .where(
        and(
          eq(twoStepChangeRequests.id, input.requestKey),
          eq(twoStepChangeRequests.userId, user.id),
        ),
      )
      .for('update');
    if (!row) return { kind: 'missing' };
    const limits = changeCodeLimits(now);
    if (row.status !== 'pending' || isCodeSpent(row, limits)) return { kind: 'expired' };
    const settings = await settingsOf(tx, user.id);

    const wrong = async (field: 'code' | 'newFactorCode'): Promise<ConfirmOutcome> => {
      const verdict = wrongTry(row, limits);
      await tx
        .update(twoStepChangeRequests)
        .set(wrongTryChange(verdict, now))
        .where(eq(twoStepChangeRequests.id, row.id));
      await audit(tx, {
        action: 'security.twoStepWrongCode',
        userId: user.id,
        customerId: customer.id,
        ip: actor.ip,
        details: { requestKey: row.id, field, attempts: verdict.attempts },
      });
      return { kind: 'wrong', field, attemptsLeft: verdict.attemptsLeft };
    };

    // 1. The current factor.
    let currentStep: number | null = null;
    if (row.confirmWith === 'push') {
      const [decision] = row.deviceRequestKey
        ? await tx
            .select({ status: deviceRequests.status })
            .from(deviceRequests)
            .where(eq(deviceRequests.id, row.deviceRequestKey))
        : [];
      if (decision?.status === 'denied') {
        await tx
          .update(twoStepChangeRequests)
          .set({ status: 'failed', decidedAt: now })
          .where(eq(twoStepChangeRequests.id, row.id));
        await audit(tx, {
          action: 'security.twoStepDeclined',
          userId: user.id,
          customerId: customer.id,
          ip: actor.ip,
          details: { requestKey: row.id },
        });
        return { kind: 'declined' };
      }
      if (decision?.status !== 'approved') return { kind: 'pending' };
    } else if (row.confirmWith === 'otp') {
      if (!row.factorVerifiedAt) {
        if (!input.code) return { kind: 'required', field: 'code' };
        currentStep = settings.totpSecret
          ? matchingTotpStep(secretFromBase32(settings.totpSecret), input.code, now.getTime())
          : null;
        if (
          currentStep === null ||
          (settings.totpLastStep !== null && currentStep <= settings.totpLastStep)
        )
          return wrong('code');
      }
    } else {
      if (!input.code) return { kind: 'required', field: 'code' };
      if (!sameCodeHash(row.codeHash, codeHash(row.id, input.code))) return wrong('code');
    }

    // 2. The new TOTP secret, when one is being enrolled: proves the app holds it.
    let newStep: number | null = null;
    if (row.newTotpSecret) {
      if (!input.newFactorCode) return { kind: 'required', field: 'newFactorCode' };
      newStep = matchingTotpStep(
        secretFromBase32(row.newTotpSecret),
        input.newFactorCode,
        now.getTime(),
      );
      if (newStep === null) return wrong('newFactorCode');
    }

    // 3. Apply.
    if (row.target === 'login') {
      await tx.update(users).set({ login2faMode: row.newMode }).where(eq(users.id, user.id));
    } else {
      await tx
        .update(customers)
        .set({ transactionApproveMode: Number(row.newMode) })
        .where(eq(customers.id, user.customerId));
    }
    const settingsChange: Partial<typeof authSettings.$inferInsert> = {};
    if (row.newTotpSecret)
      Object.assign(settingsChange, { totpSecret: row.newTotpSecret, totpLastStep: newStep });
    else if (currentStep !== null) settingsChange.totpLastStep = currentStep;
    // Push for sign-in is what a migration asks for: once on, the migration is done.
    if (row.target === 'login' && row.newMode === 'push')
      Object.assign(settingsChange, { migrationReq: 'none', migrationDeadline: null });
    if (Object.keys(settingsChange).length > 0) {
      await tx
        .insert(authSettings)
        .values({ userId: user.id, ...settingsChange })
        .onConflictDoUpdate({ target: authSettings.userId, set: settingsChange });
    }
    await tx
      .update(twoStepChangeRequests)
      .set({ status: 'done', decidedAt: now })
      .where(eq(twoStepChangeRequests.id, row.id));
    const from =
      row.target === 'login' ? user.login2faMode : String(customer.transactionApproveMode);
    await audit(tx, {
      action: 'security.twoStepChanged',
      userId: user.id,
      customerId: customer.id,
      ip: actor.ip,
      details: {
        requestKey: row.id,
        target: row.target,
        from,
        to: row.newMode,
        confirmedWith: row.confirmWith,
      },
    });
    const [fresh] = await tx
      .select({
        login2faMode: users.login2faMode,
        transactionApproveMode: customers.transactionApproveMode,
      })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(eq(users.id, user.id));
    return {
      kind: 'done',
      login2faMode: loginModeOf(fresh?.login2faMode ?? 'no'),
      transactionApproveMode: fresh?.transactionApproveMode ?? 0,
    };
  });

  switch (outcome.kind) {
    case 'missing':
      throw AppError.notFound('No such two-step verification change is waiting');
    case 'expired':
      throw changeExpiredError();
    case 'pending':
      throw new AppError('VF', 'Waiting for approval in your phone app.', {
        httpStatus: 409,
        extra: { reason: 'pending' },
      });
    case 'declined':
      throw AppError.invalid(
        { requestKey: 'validation.twoStepDeclined' },
        'The change was declined in your phone app.',
      );
    case 'required':
      throw AppError.invalid(
        { [outcome.field]: 'validation.required' },
        outcome.field === 'code' ? 'Enter the code' : 'Enter the code from your authenticator app',
      );
    case 'wrong':
      throw wrongCodeError(outcome.field, outcome.attemptsLeft);
    case 'done':
      await deps.realtime.publish(user.id, { type: 'TwoStepVerificationConfirmed' });
      return {
        login2faMode: outcome.login2faMode,
        transactionApproveMode: outcome.transactionApproveMode,
      };
  }
}

export function loginModeOf(mode: string): SecondFactorMode {
  return mode === 'otp' || mode === 'sms' || mode === 'push' ? mode : 'no';
}
