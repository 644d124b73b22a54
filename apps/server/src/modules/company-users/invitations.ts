import { and, eq, sql } from 'drizzle-orm';
import { CUSTOMER_TYPES, type Language } from '@ledgerline/domain';
import { getBrand, type BrandId } from '@ledgerline/domain/brands';
import { ACCOUNT_CODE_LIMITS, activationLinkPath } from '@ledgerline/domain/registration';
import type { Tx } from '../../db/client';
import { customerAccess, customers, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { t } from '../../i18n/translate';
import { isLanguage } from '@ledgerline/domain/languages';
import { audit } from '../audit';
import { publishAccessChanged, type CompanyUsersDeps } from './deps';
import {
  EMPLOYEE_ACTIVATION_TTL_MS,
  invitationsSentLastHour,
  issueInvitationCode,
} from './invitation-codes';
import { writePermissions } from './rights';
import { loadCompany, loadRoster, requireGrantedUser, requireManager, type Roster } from './roster';

/*
 * Adding a company user by e-mail (spec 2 §5 e-mail check, §7 "authorised user create and
 * resend"). A free address (status 0) becomes an authorised user: a login waiting for activation,
 * its rights at the company, and an invitation e-mail with a single-use link. An address that
 * already signs in at this brand (status 1, or 3 for an authorised user elsewhere, which spec 2
 * §5 lets be a user too) is granted access to the company. An address of another brand is refused.
 */

export const ACTIVATION_TTL_SECONDS = EMPLOYEE_ACTIVATION_TTL_MS / 1000;

/** A password nobody can type (verifyPassword refuses anything but an scrypt record): the invitee sets theirs on activation. */
const NO_PASSWORD_YET = '!invited';

export interface AddUserInput {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  accessRight: number;
  permissions: string[];
  language?: Language | undefined;
}

function invitationEmail(
  lang: Language,
  origin: string,
  company: Roster['company'],
  to: { email: string; userId: number },
  code: string,
) {
  const brand = getBrand(company.brandId as BrandId);
  const values = {
    company: company.name,
    brand: brand.projectName,
    link: `${origin}${activationLinkPath('activationEmployee', to.email, code)}`,
    hours: ACTIVATION_TTL_SECONDS / 3600,
  };
  return {
    channel: 'email' as const,
    recipient: to.email,
    subject: t(lang, 'company-users:invitation.subject', values),
    body: t(lang, 'company-users:invitation.body', values),
    userId: to.userId,
  };
}

async function findLogin(tx: Tx, email: string) {
  const [row] = await tx
    .select({ userId: users.id, customerId: users.customerId, brandId: customers.brandId })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

async function inviteNewPerson(
  tx: Tx,
  actor: Actor,
  company: Roster['company'],
  input: AddUserInput,
): Promise<number> {
  const lang = input.language ?? actor.lang;
  const [person] = await tx
    .insert(customers)
    .values({
      brandId: company.brandId,
      customerType: CUSTOMER_TYPES.personal,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
    })
    .returning({ id: customers.id });
  if (!person) throw new Error('customer insert returned nothing');
  const [user] = await tx
    .insert(users)
    .values({
      customerId: person.id,
      email: input.email,
      passwordHash: NO_PASSWORD_YET,
      status: 'pendingActivation',
      language: lang,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  await tx.insert(customerAccess).values({
    userId: user.id,
    customerId: company.id,
    accessRight: input.accessRight,
  });
  return user.id;
}

export async function addCompanyUser(
  deps: CompanyUsersDeps,
  actor: Actor,
  input: AddUserInput,
  origin: string,
) {
  requireManager(actor);
  const result = await deps.db.transaction(async (tx) => {
    const company = await loadCompany(tx, actor.customerId, { lock: true });
    const existing = await findLogin(tx, input.email);
    let userId: number;
    let outcome: 'invited' | 'granted';
    if (!existing) {
      userId = await inviteNewPerson(tx, actor, company, input);
      outcome = 'invited';
      const code = await issueInvitationCode(tx, userId);
      await deps.mailer.enqueue(
        tx,
        invitationEmail(
          input.language ?? actor.lang,
          origin,
          company,
          { email: input.email, userId },
          code,
        ),
      );
    } else {
      if (existing.brandId !== company.brandId)
        throw AppError.invalid(
          { email: 'validation.emailOtherBrand' },
          'This e-mail address signs in elsewhere and cannot be added here',
        );
      const roster = await loadRoster(tx, actor, company);
      if (roster.some((user) => user.userId === existing.userId))
        throw AppError.invalid(
          { email: 'validation.alreadyCompanyUser' },
          'This person is already a user of the company',
        );
      userId = existing.userId;
      outcome = 'granted';
      await tx.insert(customerAccess).values({
        userId,
        customerId: company.id,
        accessRight: input.accessRight,
      });
    }
    await writePermissions(tx, userId, company.id, input.permissions);
    await audit(tx, {
      action: outcome === 'invited' ? 'companyUser.invited' : 'companyUser.granted',
      userId: actor.userId,
      customerId: company.id,
      ip: actor.ip,
      details: {
        targetUserId: userId,
        accessRight: input.accessRight,
        permissions: [...new Set(input.permissions)].sort(),
      },
    });
    const user = (await loadRoster(tx, actor, company)).find((row) => row.userId === userId);
    if (!user) throw new Error('company user vanished inside its own transaction');
    return { outcome, user, companyId: company.id };
  });
  if (result.outcome === 'granted')
    await publishAccessChanged(deps.realtime, result.user.userId, result.companyId);
  return { outcome: result.outcome, user: result.user };
}

/** Resend (spec 2 §7): a new link for an invitee who has not activated; the old one stops working. */
export async function resendInvitation(
  deps: CompanyUsersDeps,
  actor: Actor,
  userId: number,
  origin: string,
) {
  requireManager(actor);
  await deps.db.transaction(async (tx) => {
    const company = await loadCompany(tx, actor.customerId, { lock: true });
    const target = requireGrantedUser(await loadRoster(tx, actor, company), userId);
    if (target.status !== 'invited')
      throw AppError.invalid(
        { userId: 'validation.notInvitedUser' },
        'This user has already activated their login',
      );
    if ((await invitationsSentLastHour(tx, userId)) >= ACCOUNT_CODE_LIMITS.sendsPerHour)
      throw AppError.invalid(
        { userId: 'validation.tooManyInvitations' },
        'Too many invitations were sent to this address in the last hour',
      );
    const [login] = await tx
      .select({ language: users.language })
      .from(users)
      .where(and(eq(users.id, userId)));
    const code = await issueInvitationCode(tx, userId);
    const lang = isLanguage(login?.language) ? login.language : actor.lang;
    await deps.mailer.enqueue(
      tx,
      invitationEmail(lang, origin, company, { email: target.email, userId }, code),
    );
    await audit(tx, {
      action: 'companyUser.invitationResent',
      userId: actor.userId,
      customerId: company.id,
      ip: actor.ip,
      details: { targetUserId: userId },
    });
  });
  return { activationExpiresInSeconds: ACTIVATION_TTL_SECONDS };
}
