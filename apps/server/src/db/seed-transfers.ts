import { and, eq, inArray, sql } from 'drizzle-orm';
import { TRANSFER_PERMISSION_GROUPS } from '@ledgerline/contract';
import { ACCESS_LEVELS, CUSTOMER_TYPES } from '@ledgerline/domain';
import { BRANDS } from '@ledgerline/domain/brands';
import type { Tx } from './client';
import {
  accounts,
  customerAccess,
  customers,
  feeRules,
  transferLimits,
  transferPermissions,
  users,
} from './schema';

/*
 * Demo data of money movement (issue 5), inside seedDemo's transaction; a second run changes
 * nothing it already wrote (flags, limits and fees edited later are kept).
 * - Fees per brand: same-currency transfers between own accounts are free, with a currency change
 *   0.5 % (at least 0.50), P2P 0.2 % (at least 0.50, at most 10) — in the source currency.
 * - Every demo user may move money between own accounts and to other people for their own
 *   customer; full-access company users also for the company (with mass payments), initiate-only
 *   users too (their transfers become approval requests).
 * - Limits per customer and currency held: 10 000 a transfer, 20 000 a day, 100 000 a month.
 * - clerk@harbourlight.example: initiate-only (3) user of Harbourlight Studio Ltd, for the
 *   maker-checker flow that ioana@harbourlight.example (full access) approves.
 * - Transaction confirmation modes (spec 2 §4): push@ 1 (phone app), sms@ 2 (SMS code), otp@ 3
 *   (authenticator app); everyone else 0. Each second-factor demo user shows its own step.
 */

export const DEMO_CLERK_EMAIL = 'clerk@harbourlight.example';
const LIMITS = { single: '10000', daily: '20000', monthly: '100000' } as const;
/** customers.transaction_approve_mode of the second-factor demo users (their sign-in factor already matches). */
export const DEMO_APPROVE_MODES: Readonly<Record<string, number>> = {
  'push@ledgerline.test': 1,
  'pushpay@ledgerline.test': 1,
  'sms@ledgerline.test': 2,
  'otp@ledgerline.test': 3,
};

function flags(groups: (keyof typeof TRANSFER_PERMISSION_GROUPS)[]): Record<string, boolean> {
  return Object.fromEntries(
    groups.flatMap((group) =>
      TRANSFER_PERMISSION_GROUPS[group].map((name) => [`${group}.${name}`, true]),
    ),
  );
}

async function ensureClerk(tx: Tx, passwordHash: string): Promise<void> {
  const [office] = await tx
    .select({ customerId: users.customerId })
    .from(users)
    .where(sql`lower(${users.email}) = 'office@harbourlight.example'`);
  if (!office) return;
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_CLERK_EMAIL}`);
  if (existing) return;
  const [customer] = await tx
    .insert(customers)
    .values({
      brandId: 'northmere',
      customerType: CUSTOMER_TYPES.personal,
      firstName: 'Clara',
      lastName: 'Quinn',
      residenceCountryCode: 'GB',
      verified: true,
    })
    .returning({ id: customers.id });
  if (!customer) throw new Error('seed: clerk customer insert returned nothing');
  const [user] = await tx
    .insert(users)
    .values({ customerId: customer.id, email: DEMO_CLERK_EMAIL, passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error('seed: clerk user insert returned nothing');
  await tx
    .insert(customerAccess)
    .values({ userId: user.id, customerId: office.customerId, accessRight: ACCESS_LEVELS.initiate })
    .onConflictDoNothing();
}

async function ensureFees(tx: Tx): Promise<void> {
  for (const brandId of Object.keys(BRANDS)) {
    const [any] = await tx
      .select({ id: feeRules.id })
      .from(feeRules)
      .where(eq(feeRules.brandId, brandId))
      .limit(1);
    if (any) continue;
    await tx.insert(feeRules).values([
      { brandId, operation: 'betweenAccounts', fixed: '0', percent: '0', minFee: '0' },
      { brandId, operation: 'betweenAccountsFx', fixed: '0', percent: '0.5', minFee: '0.5' },
      { brandId, operation: 'p2p', fixed: '0', percent: '0.2', minFee: '0.5', maxFee: '10' },
    ]);
  }
}

async function ensureApproveModes(tx: Tx): Promise<void> {
  for (const [email, mode] of Object.entries(DEMO_APPROVE_MODES)) {
    const [user] = await tx
      .select({ customerId: users.customerId })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (!user) continue;
    // Only a customer still at the default: a mode changed later on the settings screen is kept.
    await tx
      .update(customers)
      .set({ transactionApproveMode: mode })
      .where(and(eq(customers.id, user.customerId), eq(customers.transactionApproveMode, 0)));
  }
}

export async function seedTransfersDemo(
  tx: Tx,
  demoEmails: readonly string[],
  options: { passwordHash: string },
): Promise<void> {
  await ensureFees(tx);
  await ensureClerk(tx, options.passwordHash);
  await ensureApproveModes(tx);
  const emails = [...demoEmails, DEMO_CLERK_EMAIL];
  const demoUsers = await tx
    .select({ id: users.id, customerId: users.customerId, customerType: customers.customerType })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(inArray(sql`lower(${users.email})`, emails));
  if (demoUsers.length === 0) return;
  const grants = await tx
    .select()
    .from(customerAccess)
    .where(
      inArray(
        customerAccess.userId,
        demoUsers.map((user) => user.id),
      ),
    );
  const rows = [
    ...demoUsers.map((user) => ({
      userId: user.id,
      customerId: user.customerId,
      // Issue 17: a business demo customer pays by batch too (spec 2 §6 mass group).
      flags: flags(
        user.customerType === 0
          ? ['ownAccount', 'otherPerson', 'funding']
          : ['ownAccount', 'otherPerson', 'mass', 'funding'],
      ),
    })),
    ...grants
      .filter(
        (grant) =>
          grant.accessRight === ACCESS_LEVELS.fullAccess ||
          grant.accessRight === ACCESS_LEVELS.initiate,
      )
      .map((grant) => ({
        userId: grant.userId,
        customerId: grant.customerId,
        flags: flags(
          grant.accessRight === ACCESS_LEVELS.fullAccess
            ? ['ownAccount', 'otherPerson', 'mass', 'funding']
            : // Issue 17: an initiate-only user's batch waits for an approver (mass approve).
              ['ownAccount', 'otherPerson', 'mass'],
        ),
      })),
  ];
  await tx.insert(transferPermissions).values(rows).onConflictDoNothing();

  const customerIds = [...new Set(rows.map((row) => row.customerId))];
  const held = await tx
    .selectDistinct({ customerId: accounts.customerId, currencyCode: accounts.currencyCode })
    .from(accounts)
    .where(and(inArray(accounts.customerId, customerIds)));
  const limits = held.flatMap((item) =>
    item.customerId === null
      ? []
      : Object.entries(LIMITS).map(([period, amount]) => ({
          customerId: item.customerId as number,
          currencyCode: item.currencyCode,
          period,
          amount,
        })),
  );
  if (limits.length > 0) await tx.insert(transferLimits).values(limits).onConflictDoNothing();
}
