import { sql } from 'drizzle-orm';
import { CUSTOMER_TYPES, ACCESS_LEVELS } from '@ledgerline/domain';
import type { Database } from './client';
import { getBrand, type BrandId } from '@ledgerline/domain/brands';
import {
  authDevices,
  authSettings,
  customerAccess,
  customers,
  termsAcceptances,
  users,
} from './schema';
import { hashPassword, PUBLIC_PASSWORD_COST, sha256 } from '../lib/crypto';
import { seedDemoCards } from './seed-cards';
import { seedComplianceDemo } from './seed-compliance';
import { seedApprovalsDemo } from './seed-approvals';
import { seedExternalTransfersDemo } from './seed-external-transfers';
import { seedAccountsDemo } from './seed-accounts';
import { seedBankDirectoryDemo } from './seed-bank-directory';
import { seedCompanyDemo } from './seed-company';
import { seedInvoicesDemo } from './seed-invoices';
import { seedHistoryDemo } from './seed-history';
import { seedDocumentsDemo } from './seed-documents';
import { seedProfileDemo } from './seed-profile';
import { seedTransfersDemo } from './seed-transfers';
import { seedPrepaidCardsDemo } from './seed-prepaid-cards';
import { seedGlobalPayoutsWebDemo } from './seed-global-payouts-web';
import { seedMassTransfersDemo } from './seed-mass';

/** The demo sign-ins README.md lists. Every demo user has the same password. */
export const DEMO_PASSWORD = 'Demo-pass-2026';

/** The TOTP secret (base32) of otp@ledgerline.test: add it to any authenticator app (README.md). */
export const DEMO_TOTP_SECRET = 'LEDGERLINEDEMOTOTPSECRETKEY23456';
/** The device secret of push@ledgerline.test's "Pixel 8" (what its phone app would send as bearer). */
export const DEMO_PUSH_DEVICE_SECRET = 'demo-pixel-8-device-secret-not-for-production';
/** The device secret of pushpay@ledgerline.test's "Pixel 9", the phone that confirms its transfers. */
export const DEMO_PUSHPAY_DEVICE_SECRET = 'demo-pixel-9-device-secret-not-for-production';
/** The device secret of security-centre@ledgerline.test's "Security Pixel" (its sign-ins without a bot check fill the login history). */
export const DEMO_SECURITY_DEVICE_SECRET = 'security-centre-device-secret-0001';
/** The phone number of sms@ledgerline.test (Ofcom's drama range, reserved for fiction). */
export const DEMO_SMS_PHONE = '+44 7700 900123';
const DAY_MS = 86_400_000;

interface DemoUser {
  email: string;
  brandId: string;
  customerType: number;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  residenceCountryCode: string;
  verified: boolean;
  isAdmin?: boolean;
  /** Further customers this user may act for, with the access level. */
  actsFor?: { email: string; accessRight: number }[];
  /** Companies (customers without a user of their own) this user may act for with full access. */
  relatedCompanies?: string[];
  isNeedKyc?: boolean;
  useOldWeb?: boolean;
  oldWebUrl?: string;
  /** Second factor (users.login_2fa_mode and auth_settings); none means 'no'. */
  secondFactor?: {
    mode: 'no' | 'otp' | 'sms' | 'push';
    totpSecret?: string;
    phone?: string;
    device?: { name: string; code: string; type: 'android' | 'ios'; secret: string };
  };
  /** Migration to push: soft with days left at seeding time, or strict. */
  migration?: { req: 'soft'; daysLeft: number } | { req: 'strict' };
  /** Accepted an earlier version of each of the brand's terms: the current ones wait (TE). */
  acceptedEarlierTerms?: boolean;
}

const pebble = 'pebble';
const personal = CUSTOMER_TYPES.personal;

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'anna@pebble.example',
    brandId: 'pebble',
    customerType: CUSTOMER_TYPES.personal,
    firstName: 'Anna',
    lastName: 'Novak',
    residenceCountryCode: 'LT',
    verified: true,
  },
  {
    email: 'tomas@northmere.example',
    brandId: 'northmere',
    customerType: CUSTOMER_TYPES.personal,
    firstName: 'Tomás',
    lastName: 'Ribeiro',
    residenceCountryCode: 'PT',
    verified: true,
  },
  {
    email: 'office@harbourlight.example',
    brandId: 'northmere',
    customerType: CUSTOMER_TYPES.business,
    businessName: 'Harbourlight Studio Ltd',
    residenceCountryCode: 'GB',
    verified: true,
  },
  {
    email: 'ioana@harbourlight.example',
    brandId: 'northmere',
    customerType: CUSTOMER_TYPES.personal,
    firstName: 'Ioana',
    lastName: 'Popescu',
    residenceCountryCode: 'RO',
    verified: true,
    actsFor: [{ email: 'office@harbourlight.example', accessRight: ACCESS_LEVELS.fullAccess }],
  },
  {
    email: 'new@thistle.example',
    brandId: 'thistle',
    customerType: CUSTOMER_TYPES.personal,
    firstName: 'Olek',
    lastName: 'Shevchenko',
    residenceCountryCode: 'GB',
    verified: false,
  },
  // The sign-in demo users (issue 3): one per flow and per start-page rule.
  {
    email: 'personal@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Petra',
    lastName: 'Lindqvist',
    residenceCountryCode: 'SE',
    verified: true,
  },
  {
    email: 'otp@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Omar',
    lastName: 'Haddad',
    residenceCountryCode: 'GB',
    verified: true,
    secondFactor: { mode: 'otp', totpSecret: DEMO_TOTP_SECRET },
  },
  {
    email: 'sms@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Sofia',
    lastName: 'Marín',
    residenceCountryCode: 'ES',
    verified: true,
    secondFactor: { mode: 'sms', phone: DEMO_SMS_PHONE },
  },
  {
    email: 'push@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Priya',
    lastName: 'Nair',
    residenceCountryCode: 'GB',
    verified: true,
    secondFactor: {
      mode: 'push',
      device: {
        name: 'Pixel 8',
        code: 'pixel-8-demo',
        type: 'android',
        secret: DEMO_PUSH_DEVICE_SECRET,
      },
    },
  },
  // Push as second factor but no phone linked yet: the verifyDevice flow links one.
  {
    email: 'newphone@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Nina',
    lastName: 'Berg',
    residenceCountryCode: 'NO',
    verified: true,
    secondFactor: { mode: 'push' },
  },
  // Accepted last year's terms: the new versions must be accepted before going on (TE).
  {
    email: 'terms@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Theo',
    lastName: 'Marsh',
    residenceCountryCode: 'IE',
    verified: true,
    acceptedEarlierTerms: true,
  },
  {
    email: 'soft@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Samuel',
    lastName: 'Okafor',
    residenceCountryCode: 'GB',
    verified: true,
    migration: { req: 'soft', daysLeft: 20 },
  },
  {
    email: 'strict@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Stella',
    lastName: 'Ricci',
    residenceCountryCode: 'IT',
    verified: true,
    migration: { req: 'strict' },
  },
  {
    email: 'business@ledgerline.test',
    brandId: pebble,
    customerType: CUSTOMER_TYPES.business,
    businessName: 'Ledgerline Demo Holdings Ltd',
    residenceCountryCode: 'GB',
    verified: true,
    relatedCompanies: ['Ledgerline Demo Trading Ltd', 'Ledgerline Demo Studio Ltd'],
  },
  {
    email: 'kyc@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Kai',
    lastName: 'Müller',
    residenceCountryCode: 'DE',
    verified: false,
    isNeedKyc: true,
  },
  {
    email: 'admin@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Adele',
    lastName: 'Moreau',
    residenceCountryCode: 'FR',
    verified: true,
    isAdmin: true,
  },
  {
    email: 'oldweb@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Oliver',
    lastName: 'Webb',
    residenceCountryCode: 'GB',
    verified: true,
    useOldWeb: true,
    oldWebUrl: 'https://old.pebble.example',
  },
  // The account-status banner states (issue 4): their verification facts come from seed-accounts.ts.
  // Six months of varied history in EUR (issue 7): the history, statement and export screens.
  {
    email: 'history@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Hanna',
    lastName: 'Kowalczyk',
    residenceCountryCode: 'PL',
    verified: true,
  },
  {
    email: 'limited@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Lena',
    lastName: 'Varga',
    residenceCountryCode: 'HU',
    verified: true,
  },
  {
    email: 'unverified@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Ugo',
    lastName: 'Bianchi',
    residenceCountryCode: 'IT',
    verified: false,
  },
  // The security centre's browser tests (issue 6): each changes its own user only.
  {
    email: 'security-password@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Paula',
    lastName: 'Sandberg',
    residenceCountryCode: 'SE',
    verified: true,
  },
  {
    email: 'security-2fa@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Tariq',
    lastName: 'Osei',
    residenceCountryCode: 'GB',
    verified: true,
  },
  {
    email: 'security-centre@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Celia',
    lastName: 'Duarte',
    residenceCountryCode: 'PT',
    verified: true,
    secondFactor: {
      mode: 'no',
      device: {
        name: 'Security Pixel',
        code: 'security-pixel-demo',
        type: 'android',
        secret: DEMO_SECURITY_DEVICE_SECRET,
      },
    },
  },
  // Signs in with the password alone but confirms every transfer on a linked phone (transaction
  // mode 1): the push-confirmed transfer of the browser tests, apart from push@'s sign-ins.
  {
    email: 'pushpay@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Paulo',
    lastName: 'Reis',
    residenceCountryCode: 'GB',
    verified: true,
    secondFactor: {
      mode: 'no',
      device: {
        name: 'Pixel 9',
        code: 'pixel-9-demo',
        type: 'android',
        secret: DEMO_PUSHPAY_DEVICE_SECRET,
      },
    },
  },
  // Documents and addresses (issue 14): e2e/tests/kyc-documents.spec.ts, facts in seed-documents.ts.
  {
    email: 'docs-rejected@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Rosa',
    lastName: 'Duval',
    residenceCountryCode: 'FR',
    verified: false,
    isNeedKyc: true,
  },
  {
    email: 'docs-expired@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Emil',
    lastName: 'Horvat',
    residenceCountryCode: 'HR',
    verified: true,
  },
  {
    email: 'docs-update@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Uma',
    lastName: 'Patel',
    residenceCountryCode: 'GB',
    verified: true,
  },
  // Issue 16B: adds money by funding invoice in its own browser test; no other test moves its money.
  {
    email: 'funding@ledgerline.test',
    brandId: pebble,
    customerType: personal,
    firstName: 'Farah',
    lastName: 'Lindgren',
    residenceCountryCode: 'SE',
    verified: true,
  },
];

/**
 * Adds the demo customers that are missing; a second run changes nothing. Nodes starting together
 * take turns through an advisory lock, so two never insert the same demo user.
 */
export async function seedDemo(
  db: Database,
  options: { cardDataKey?: string | undefined } = {},
): Promise<{ created: number }> {
  // Hash outside the transaction; one hash serves every demo user by design, at the cost for a
  // password that is public anyway (lib/crypto.ts).
  const passwordHash = await hashPassword(DEMO_PASSWORD, PUBLIC_PASSWORD_COST);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7243002)`);
    let created = 0;
    const ids = new Map<string, { userId: number; customerId: number }>();
    for (const demo of DEMO_USERS) {
      const [existing] = await tx
        .select({ id: users.id, customerId: users.customerId })
        .from(users)
        .where(sql`lower(${users.email}) = ${demo.email}`);
      if (existing) {
        ids.set(demo.email, { userId: existing.id, customerId: existing.customerId });
        continue;
      }
      const [customer] = await tx
        .insert(customers)
        .values({
          brandId: demo.brandId,
          customerType: demo.customerType,
          firstName: demo.firstName ?? null,
          lastName: demo.lastName ?? null,
          businessName: demo.businessName ?? null,
          residenceCountryCode: demo.residenceCountryCode,
          verified: demo.verified,
          isNeedKyc: demo.isNeedKyc ?? false,
          useOldWeb: demo.useOldWeb ?? false,
          oldWebUrl: demo.oldWebUrl ?? null,
        })
        .returning({ id: customers.id });
      if (!customer) throw new Error('seed: customer insert returned nothing');
      const [user] = await tx
        .insert(users)
        .values({
          customerId: customer.id,
          email: demo.email,
          passwordHash,
          isAdmin: demo.isAdmin ?? false,
          login2faMode: demo.secondFactor?.mode ?? 'no',
        })
        .returning({ id: users.id });
      if (!user) throw new Error('seed: user insert returned nothing');
      const factor = demo.secondFactor;
      if (factor || demo.migration) {
        await tx.insert(authSettings).values({
          userId: user.id,
          totpSecret: factor?.totpSecret ?? null,
          smsPhone: factor?.phone ?? null,
          migrationReq: demo.migration?.req ?? 'none',
          migrationDeadline:
            demo.migration?.req === 'soft'
              ? new Date(Date.now() + demo.migration.daysLeft * DAY_MS)
              : null,
        });
      }
      if (factor?.device) {
        await tx.insert(authDevices).values({
          userId: user.id,
          name: factor.device.name,
          code: factor.device.code,
          type: factor.device.type,
          location: 'London, United Kingdom',
          secretHash: sha256(factor.device.secret),
          approved: true,
          approvedAt: new Date(),
          lastActivityAt: new Date(),
        });
      }
      if (demo.acceptedEarlierTerms) {
        const terms = getBrand(demo.brandId as BrandId).terms;
        if (terms.length > 0) {
          await tx.insert(termsAcceptances).values(
            terms.map((term) => ({
              userId: user.id,
              brandId: demo.brandId,
              termKey: term.key,
              termValue: `${term.key}-2025-01-15`,
              versionDate: '2025-01-15',
              acceptedAt: new Date(Date.now() - 300 * DAY_MS),
            })),
          );
        }
      }
      for (const businessName of demo.relatedCompanies ?? []) {
        const [company] = await tx
          .insert(customers)
          .values({
            brandId: demo.brandId,
            customerType: CUSTOMER_TYPES.business,
            businessName,
            residenceCountryCode: demo.residenceCountryCode,
            verified: true,
          })
          .returning({ id: customers.id });
        if (!company) throw new Error('seed: company insert returned nothing');
        await tx.insert(customerAccess).values({
          userId: user.id,
          customerId: company.id,
          accessRight: ACCESS_LEVELS.fullAccess,
        });
      }
      ids.set(demo.email, { userId: user.id, customerId: customer.id });
      created += 1;
    }
    for (const demo of DEMO_USERS) {
      for (const grant of demo.actsFor ?? []) {
        const user = ids.get(demo.email);
        const target = ids.get(grant.email);
        if (!user || !target) continue;
        await tx
          .insert(customerAccess)
          .values({
            userId: user.userId,
            customerId: target.customerId,
            accessRight: grant.accessRight,
          })
          .onConflictDoNothing();
      }
    }
    await seedAccountsDemo(
      tx,
      DEMO_USERS.map((demo) => demo.email),
    );
    await seedDemoCards(tx, { cardDataKey: options.cardDataKey });
    await seedProfileDemo(
      tx,
      DEMO_USERS.map((demo) => demo.email),
    );
    // Issue 14 (documents): after the accounts' verification facts, which it adjusts.
    await seedDocumentsDemo(tx);
    await seedTransfersDemo(
      tx,
      DEMO_USERS.map((demo) => demo.email),
      { passwordHash },
    );
    // After seedTransfersDemo: it adds a brand's internal fees only while the brand has no fee rule at all.
    await seedExternalTransfersDemo(tx);
    // The compliance review desk's waiting customer (issue 14).
    await seedComplianceDemo(tx, { passwordHash });
    // Issue 15B: a second approver of Harbourlight Studio and its two-approver policy.
    await seedApprovalsDemo(tx, { passwordHash });
    await seedBankDirectoryDemo(
      tx,
      DEMO_USERS.map((demo) => demo.email),
    );
    await seedHistoryDemo(
      tx,
      DEMO_USERS.map((demo) => demo.email),
    );
    // Issue 15D: the demo businesses' company details.
    await seedCompanyDemo(tx);
    // Issue 16C: prepaid card fees and prepaid@ledgerline.test with an active prepaid card.
    await seedPrepaidCardsDemo(tx, { passwordHash, cardDataKey: options.cardDataKey });
    // Issue 16A: invoices and money requests between anna and personal (nothing paid).
    await seedInvoicesDemo(tx);
    // Issue 17D: payouts@ledgerline.test, the business that sends the browser tests' global payouts.
    await seedGlobalPayoutsWebDemo(tx, { passwordHash });
    // Issue 17B: Quayside Payroll Ltd, its clerk and two P2P payees (e2e/tests/mass-transfers.spec.ts).
    await seedMassTransfersDemo(tx, { passwordHash });
    return { created };
  });
}
