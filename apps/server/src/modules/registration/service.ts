import countries from 'i18n-iso-countries';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CUSTOMER_TYPES,
  RESPONSE_CODES,
  isBusinessCustomerType,
  isLanguage,
  type Language,
} from '@ledgerline/domain';
import { getBrand, type BrandConfig } from '@ledgerline/domain/brands';
import {
  ACCOUNT_CODE_LIMITS,
  EMAIL_CHECK_STATUS,
  activationLinkPath,
  isBusinessTypeOffered,
  isIndustryGroupOffered,
  isPersonalTypeOffered,
  missingTerms,
  type RegistrationKind,
  type ServerEmailCheckStatus,
} from '@ledgerline/domain/registration';
import type { Database, DbOrTx } from '../../db/client';
import {
  customerAccess,
  customers,
  registrations,
  sessions,
  termsAcceptances,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { randomToken } from '../../lib/crypto';
import type { MethodContext } from '../../main-api/types';
import { audit } from '../audit';
import { INDUSTRY_GROUPS } from '../dictionaries';
import { checkResetCode, codesSentLastHour, issueCode, useActivationCode } from './codes';
import { renderEmail } from './emails';

const ACTIVATION_TTL_SECONDS = ACCOUNT_CODE_LIMITS.activationTtlMs / 1000;
const RESET_TTL_SECONDS = ACCOUNT_CODE_LIMITS.passwordResetTtlMs / 1000;

export interface RegistrationInput {
  brandId: BrandConfig['id'];
  registrationType: string;
  firstName: string;
  lastName: string;
  countryCode: string;
  email: string;
  password: string;
  acceptedTerms: string[];
  altcha?: string | undefined;
  businessName?: string;
  industryId?: number;
}

async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users, customer: customers })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let current: unknown = error;
    current instanceof Error || (typeof current === 'object' && current !== null);
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
    if (current === undefined) break;
  }
  return false;
}

const emailTaken = () =>
  AppError.invalid(
    { email: 'validation.emailTaken' },
    'An account with this e-mail address already exists',
  );
const activationRefused = () =>
  AppError.invalid(
    { activationCode: 'validation.activationCodeInvalid' },
    'This activation link is not valid or has expired',
  );
const resetCodeRefused = () =>
  AppError.invalid({ code: 'validation.resetCodeInvalid' }, 'The code is wrong or has expired');

/** E-mail existence check (spec 2 §5): 0 free, 1 exists, 3 exists as an authorised user (access right 5, spec 1 §6). */
export async function checkEmailExists(
  db: Database,
  email: string,
): Promise<ServerEmailCheckStatus> {
  const found = await findUserByEmail(db, email);
  if (!found) return EMAIL_CHECK_STATUS.free;
  const [employee] = await db
    .select({ id: customerAccess.id })
    .from(customerAccess)
    .where(and(eq(customerAccess.userId, found.user.id), eq(customerAccess.accessRight, 5)))
    .limit(1);
  return employee ? EMAIL_CHECK_STATUS.employee : EMAIL_CHECK_STATUS.exists;
}

function activationEmail(
  ctx: MethodContext,
  brand: BrandConfig,
  to: { email: string; name: string; userId: number; business: boolean },
  code: string,
) {
  const link = `${ctx.site.origin}${activationLinkPath(to.business ? 'activationBusiness' : 'activation', to.email, code)}`;
  const text = renderEmail('activation', ctx.lang, {
    name: to.name,
    brand: brand.projectName,
    link,
    hours: ACTIVATION_TTL_SECONDS / 3600,
  });
  return {
    channel: 'email' as const,
    recipient: to.email,
    subject: text.subject,
    body: text.body,
    userId: to.userId,
  };
}

/** Checks what the brand allows; throws a named error for the first thing it does not. */
function checkAgainstBrand(
  brand: BrandConfig,
  kind: RegistrationKind,
  input: RegistrationInput,
): void {
  if (!brand.allowRegistration) {
    throw new AppError(
      RESPONSE_CODES.accessDenied,
      `Opening an account online is not available for ${brand.projectName}`,
    );
  }
  const typeOffered =
    kind === 'personal'
      ? isPersonalTypeOffered(brand, input.registrationType)
      : isBusinessTypeOffered(brand, input.registrationType);
  const problems: Record<string, string> = {};
  if (!typeOffered) problems.registrationType = 'validation.chooseOne';
  if (!countries.isValid(input.countryCode)) problems.countryCode = 'validation.chooseOne';
  if (missingTerms(brand, input.acceptedTerms).length > 0)
    problems.acceptedTerms = 'validation.termsRequired';
  if (kind === 'business') {
    const group = INDUSTRY_GROUPS.find((candidate) =>
      candidate.industries.some((industry) => industry.id === input.industryId),
    );
    if (!group || !isIndustryGroupOffered(brand, group.label))
      problems.industryId = 'validation.chooseOne';
  }
  if (Object.keys(problems).length > 0) throw AppError.invalid(problems);
}

/**
 * Opens a personal or business account (spec 1 §2): the user waits for activation, the terms are
 * recorded in the version accepted, and the activation e-mail is written to the outbox in the
 * same transaction.
 */
export async function register(
  ctx: MethodContext,
  kind: RegistrationKind,
  input: RegistrationInput,
) {
  // A host mapped to a brand decides the brand; the ?brand= demo choice applies elsewhere.
  const brand = getBrand(ctx.site.brandId ?? input.brandId);
  checkAgainstBrand(brand, kind, input);
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  // Last of the checks: a solution works once, so a form refused for its fields can be sent again.
  await ctx.services.botCheck.verify(input.altcha, {
    brandId: brand.id,
    ip: ctx.ip,
    action: 'registration',
    username: input.email,
  });

  // Hashing is slow on purpose: it happens before the transaction, never inside it.
  const passwordHash = await ctx.services.passwords.hash(input.password);
  const business = kind === 'business';
  try {
    await ctx.db.transaction(async (tx) => {
      const [customer] = await tx
        .insert(customers)
        .values({
          brandId: brand.id,
          customerType: business ? CUSTOMER_TYPES.business : CUSTOMER_TYPES.personal,
          firstName: input.firstName,
          lastName: input.lastName,
          businessName: business ? (input.businessName ?? null) : null,
          residenceCountryCode: input.countryCode,
          verified: false,
          // A new customer proves who they are before money moves (spec 1 §4: KYC-needing users go to /kyc).
          isNeedKyc: true,
        })
        .returning({ id: customers.id });
      if (!customer) throw new Error('customer insert returned nothing');
      const [user] = await tx
        .insert(users)
        .values({
          customerId: customer.id,
          email: input.email,
          passwordHash,
          language: ctx.lang,
          status: 'pendingActivation',
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(registrations).values({
        userId: user.id,
        customerId: customer.id,
        brandId: brand.id,
        kind,
        registrationType: input.registrationType,
        industryId: business ? (input.industryId ?? null) : null,
        ip: ctx.ip,
      });
      await tx.insert(termsAcceptances).values(
        brand.terms.map((term) => ({
          userId: user.id,
          brandId: brand.id,
          termKey: term.key,
          termValue: term.value,
          versionDate: term.versionDate ?? null,
          ip: ctx.ip,
        })),
      );
      const { code } = await issueCode(tx, user.id, 'activation');
      await ctx.services.mailer.enqueue(
        tx,
        activationEmail(
          ctx,
          brand,
          { email: input.email, name: input.firstName, userId: user.id, business },
          code,
        ),
      );
      await audit(tx, {
        action: 'registration.created',
        userId: user.id,
        customerId: customer.id,
        ip: ctx.ip,
        details: {
          brandId: brand.id,
          kind,
          registrationType: input.registrationType,
          terms: brand.terms.map((term) => term.value),
        },
      });
    });
  } catch (error) {
    // Two registrations with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return {
    email: input.email,
    status: 'pendingActivation' as const,
    activationExpiresInSeconds: ACTIVATION_TTL_SECONDS,
  };
}

/**
 * Activates an account from its e-mailed code: once, before it expires, and only for the kind
 * of account the link was for. Every refusal reads the same, so a link reveals nothing more.
 */
export async function activate(
  ctx: MethodContext,
  kind: RegistrationKind,
  email: string,
  code: string,
) {
  const found = await findUserByEmail(ctx.db, email);
  if (!found || found.user.status !== 'pendingActivation' || found.user.disabled)
    throw activationRefused();
  const { user, customer } = found;
  if (isBusinessCustomerType(customer.customerType) !== (kind === 'business'))
    throw activationRefused();
  const activated = await ctx.db.transaction(async (tx) => {
    if (!(await useActivationCode(tx, user.id, code))) return false;
    await tx
      .update(users)
      .set({ status: 'active' })
      .where(and(eq(users.id, user.id), eq(users.status, 'pendingActivation')));
    await tx
      .update(registrations)
      .set({ activatedAt: new Date() })
      .where(and(eq(registrations.userId, user.id), isNull(registrations.activatedAt)));
    await audit(tx, {
      action: 'account.activated',
      userId: user.id,
      customerId: customer.id,
      ip: ctx.ip,
      details: { kind },
    });
    return true;
  });
  if (!activated) throw activationRefused();
  return { email: user.email, status: 'active' as const, customerType: customer.customerType };
}

/** A new activation link for an account still waiting; the answer is the same for every address. */
export async function resendActivation(ctx: MethodContext, email: string) {
  const found = await findUserByEmail(ctx.db, email);
  if (found && found.user.status === 'pendingActivation' && !found.user.disabled) {
    const { user, customer } = found;
    if (
      (await codesSentLastHour(ctx.db, user.id, 'activation')) < ACCOUNT_CODE_LIMITS.sendsPerHour
    ) {
      const brand = getBrand(customer.brandId as BrandConfig['id']);
      await ctx.db.transaction(async (tx) => {
        const { code } = await issueCode(tx, user.id, 'activation');
        const business = isBusinessCustomerType(customer.customerType);
        const name = customer.firstName ?? customer.businessName ?? user.email;
        await ctx.services.mailer.enqueue(
          tx,
          activationEmail(
            { ...ctx, lang: languageOf(user.language, ctx) },
            brand,
            { email: user.email, name, userId: user.id, business },
            code,
          ),
        );
        await audit(tx, {
          action: 'activation.resent',
          userId: user.id,
          customerId: customer.id,
          ip: ctx.ip,
        });
      });
    }
  }
  return { activationExpiresInSeconds: ACTIVATION_TTL_SECONDS };
}

/** E-mails to an existing account go in the language it registered with. */
function languageOf(stored: string, ctx: MethodContext): Language {
  return isLanguage(stored) ? stored : ctx.lang;
}

/**
 * Password reset, step one: e-mails a six-digit code valid for 5 minutes. The answer never says
 * whether the address has an account ("if an account exists, we sent a code").
 */
export async function requestPasswordReset(ctx: MethodContext, email: string) {
  const found = await findUserByEmail(ctx.db, email);
  if (found && found.user.status === 'active' && !found.user.disabled) {
    const { user, customer } = found;
    if (
      (await codesSentLastHour(ctx.db, user.id, 'passwordReset')) < ACCOUNT_CODE_LIMITS.sendsPerHour
    ) {
      const brand = getBrand(customer.brandId as BrandConfig['id']);
      await ctx.db.transaction(async (tx) => {
        const { code } = await issueCode(tx, user.id, 'passwordReset');
        const text = renderEmail('passwordResetCode', languageOf(user.language, ctx), {
          brand: brand.projectName,
          code,
          minutes: RESET_TTL_SECONDS / 60,
        });
        await ctx.services.mailer.enqueue(tx, {
          channel: 'email',
          recipient: user.email,
          subject: text.subject,
          body: text.body,
          userId: user.id,
        });
        await audit(tx, {
          action: 'passwordReset.requested',
          userId: user.id,
          customerId: customer.id,
          ip: ctx.ip,
        });
      });
    }
  }
  return {
    taskId: randomToken(12),
    verificationStatus: 'codeSent' as const,
    isRetryable: true,
    codeExpiresInSeconds: RESET_TTL_SECONDS,
    maxAttempts: ACCOUNT_CODE_LIMITS.passwordResetMaxAttempts,
  };
}

async function activeUser(db: Database, email: string) {
  const found = await findUserByEmail(db, email);
  return found && found.user.status === 'active' && !found.user.disabled ? found : undefined;
}

/** Password reset, step two: is the code right? A wrong one counts as one of the 5 attempts. */
export async function checkPasswordResetCode(ctx: MethodContext, email: string, code: string) {
  const found = await activeUser(ctx.db, email);
  const accepted = found
    ? await ctx.db.transaction((tx) => checkResetCode(tx, found.user.id, code, false))
    : false;
  if (!accepted) throw resetCodeRefused();
  return { verificationStatus: 'codeAccepted' as const };
}

/**
 * Password reset, last step: the code is used up, the password changes, every session of the
 * account ends (in the same transaction as the audit row), and the customer is told by e-mail.
 */
export async function changePasswordWithCode(
  ctx: MethodContext,
  email: string,
  code: string,
  password: string,
) {
  const found = await activeUser(ctx.db, email);
  if (!found) throw resetCodeRefused();
  const { user, customer } = found;
  const passwordHash = await ctx.services.passwords.hash(password);
  const brand = getBrand(customer.brandId as BrandConfig['id']);
  const revoked = await ctx.db.transaction(async (tx) => {
    if (!(await checkResetCode(tx, user.id, code, true))) return undefined;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'passwordReset' })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    const text = renderEmail('passwordChanged', languageOf(user.language, ctx), {
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
      action: 'password.reset',
      userId: user.id,
      customerId: customer.id,
      ip: ctx.ip,
      details: { sessionsEnded: ended.length },
    });
    return ended.map((session) => session.id);
  });
  if (!revoked) throw resetCodeRefused();
  // After commit: open realtime sockets of the ended sessions close.
  for (const sessionId of revoked) await ctx.services.realtime.closeSession(sessionId, 'revoked');
  return { verificationStatus: 'passwordChanged' as const };
}
