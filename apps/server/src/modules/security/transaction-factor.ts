import { eq } from 'drizzle-orm';
import { BRANDS, isBrandId } from '@ledgerline/domain/brands';
import type { DbOrTx } from '../../db/client';
import { authSettings, customers, users } from '../../db/schema';
import { matchingTotpStep, secretFromBase32 } from '../../lib/totp';
import { devicesOf, maskPhoneNumber, settingsOf } from '../auth';
import { maskEmail } from './shared';

/*
 * The second factor a user confirms sensitive operations with (spec 2 §4 "Transaction approval"):
 * transfers (transfers/second-factor.ts) and the step-up before card secrets are shown
 * (cards/secret-reveal.ts) both ask the plan here, so one setting on the security screen governs
 * both. 0 none, 1 push (phone app), 2 SMS code, 3 one-time code (TOTP), 4 approval code by e-mail.
 */

/** The second factor a user confirms transactions with: the customer's mode if usable, else an e-mailed approval code. */
export async function confirmationPlan(db: DbOrTx, userId: number, ownCustomerId: number) {
  const [own] = await db
    .select({ mode: customers.transactionApproveMode, brandId: customers.brandId })
    .from(customers)
    .where(eq(customers.id, ownCustomerId));
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const settings = await settingsOf(db, userId);
  const devices = await devicesOf(db, userId, { approvedOnly: true });
  const available = [
    ...(devices.length > 0 ? [1] : []),
    ...(settings.smsPhone ? [2] : []),
    ...(settings.totpSecret ? [3] : []),
    4,
  ];
  const mode = own?.mode ?? 0;
  const approveType = mode === 0 ? 0 : available.includes(mode) ? mode : 4;
  const brand = BRANDS[own && isBrandId(own.brandId) ? own.brandId : 'pebble'];
  return {
    approveType,
    available: mode === 0 ? [0] : available,
    /** What the user could confirm with whatever the customer's mode: the step-up choices. */
    usable: available,
    smsPhone: settings.smsPhone,
    email: user?.email ?? '',
    brandName: brand.projectName,
  };
}

export type ConfirmationPlan = Awaited<ReturnType<typeof confirmationPlan>>;

/** Where a code went, masked (SMS: the phone; e-mail: the address); null for push, TOTP and none. */
export function sentToOf(
  plan: Pick<ConfirmationPlan, 'approveType' | 'smsPhone' | 'email'>,
): string | null {
  if (plan.approveType === 2 && plan.smsPhone) return maskPhoneNumber(plan.smsPhone);
  if (plan.approveType === 4) return maskEmail(plan.email);
  return null;
}

/**
 * Checks a code from the user's authenticator app and, when right, uses its time step up (a TOTP
 * code works once, for sign-in and transactions alike). Answers whether the code was right.
 */
export async function useTotpCode(
  tx: DbOrTx,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const settings = await settingsOf(tx, userId);
  const step = settings.totpSecret
    ? matchingTotpStep(secretFromBase32(settings.totpSecret), code, now.getTime())
    : null;
  if (step === null || (settings.totpLastStep !== null && step <= settings.totpLastStep))
    return false;
  await tx.update(authSettings).set({ totpLastStep: step }).where(eq(authSettings.userId, userId));
  return true;
}
