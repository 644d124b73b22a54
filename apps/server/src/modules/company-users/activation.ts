import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { getBrand, type BrandId } from '@ledgerline/domain/brands';
import type { Database } from '../../db/client';
import { authSettings, customerAccess, customers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/crypto';
import { matchingTotpStep, secretFromBase32, totpUri } from '../../lib/totp';
import { audit } from '../audit';
import { customerDisplayName } from '../customers';
import { isInvitationCodeLive, useInvitationCode } from './invitation-codes';

/*
 * Employee activation (spec 1 §2 /activate?action=activationEmployee, spec 2 §4 "Employee
 * activation opens a popup"): the invitee opens the e-mailed link, gets a TOTP secret to scan,
 * and finishes with a password and the authenticator's code. The link works once and expires;
 * every refusal reads the same, so a link reveals nothing more.
 */

const linkRefused = () =>
  AppError.invalid(
    { activationCode: 'validation.activationCodeInvalid' },
    'This activation link is not valid or has expired',
  );

/** The invitee behind a link: a login still waiting, with access to at least one company. */
async function findInvitee(db: Database, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, status: users.status, disabled: users.disabled })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user || user.status !== 'pendingActivation' || user.disabled) return undefined;
  const [company] = await db
    .select({
      id: customers.id,
      brandId: customers.brandId,
      customerType: customers.customerType,
      businessName: customers.businessName,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customerAccess)
    .innerJoin(customers, eq(customers.id, customerAccess.customerId))
    .where(and(eq(customerAccess.userId, user.id), gt(customerAccess.accessRight, 0)))
    .orderBy(asc(customerAccess.id))
    .limit(1);
  if (!company) return undefined;
  return { user, company };
}

export async function startEmployeeActivation(db: Database, email: string, code: string) {
  const found = await findInvitee(db, email);
  if (!found || !(await isInvitationCodeLive(db, found.user.id, code))) throw linkRefused();
  const { user, company } = found;
  // A new secret on every visit: nothing counts until activateEmployee proves the app holds it.
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(authSettings)
    .values({ userId: user.id, totpSecret: secret, totpLastStep: null })
    .onConflictDoUpdate({
      target: authSettings.userId,
      set: { totpSecret: secret, totpLastStep: null },
    });
  const brand = getBrand(company.brandId as BrandId);
  return {
    email: user.email,
    companyName: customerDisplayName(company),
    totpSecret: secret,
    totpUri: totpUri(secret, brand.projectName, user.email),
  };
}

export async function activateEmployee(
  deps: { db: Database; passwords: PasswordHasher },
  input: { email: string; activationCode: string; password: string; totpCode: string },
  ip: string,
) {
  const found = await findInvitee(deps.db, input.email);
  if (!found) throw linkRefused();
  const { user, company } = found;
  const [settings] = await deps.db
    .select({ totpSecret: authSettings.totpSecret })
    .from(authSettings)
    .where(eq(authSettings.userId, user.id));
  if (
    !settings?.totpSecret ||
    !(await isInvitationCodeLive(deps.db, user.id, input.activationCode))
  )
    throw linkRefused();
  const step = matchingTotpStep(secretFromBase32(settings.totpSecret), input.totpCode, Date.now());
  if (step === null)
    throw AppError.invalid({ totpCode: 'validation.codeWrong' }, 'The code is wrong');
  // Hashing is slow: before the transaction, never inside it.
  const passwordHash = await deps.passwords.hash(input.password);
  const activated = await deps.db.transaction(async (tx) => {
    if (!(await useInvitationCode(tx, user.id, input.activationCode))) return false;
    await tx
      .update(users)
      .set({ passwordHash, login2faMode: 'otp', status: 'active' })
      .where(and(eq(users.id, user.id), eq(users.status, 'pendingActivation')));
    await tx
      .update(authSettings)
      .set({ totpLastStep: step })
      .where(eq(authSettings.userId, user.id));
    await audit(tx, {
      action: 'companyUser.activated',
      userId: user.id,
      customerId: company.id,
      ip,
      details: { secondFactor: 'otp' },
    });
    return true;
  });
  if (!activated) throw linkRefused();
  return { email: user.email, status: 'active' as const };
}
