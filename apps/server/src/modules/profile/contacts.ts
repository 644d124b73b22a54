import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import {
  CONTACT_CODE_LIMITS,
  PROFILE_PHONE_TYPE,
  type ProfileEmail,
  type ProfilePhone,
} from '@ledgerline/contract';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { authSettings, customerEmails, customerPhones, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext } from '../../main-api/types';
import { audit } from '../audit';
import { checkContactCode, issueContactCode, retireCodes, useLinkToken } from './codes';
import { renderMessage } from './messages';
import {
  auditChange,
  brandOf,
  commitThenThrow,
  ensurePrimaryEmail,
  lockCustomer,
  type CustomerRow,
} from './shared';

/*
 * E-mail addresses and phones of the acting customer (spec 2 §7 "E-mail: … add, confirm, request,
 * delete, set primary"; "Phone check; add or replace phone"). Every lookup by id is scoped to the
 * customer: another customer's id is "not found" and nothing changes.
 */

/** More than this many addresses or phones is not contact data any more. */
const MAX_EMAILS = 10;
const MAX_PHONES = 5;
const TTL_MINUTES = CONTACT_CODE_LIMITS.ttlSeconds / 60;

type EmailRow = typeof customerEmails.$inferSelect;
type PhoneRow = typeof customerPhones.$inferSelect;

export function toEmail(row: EmailRow): ProfileEmail {
  return {
    emailId: row.id,
    email: row.email,
    isPrimary: row.isPrimary,
    confirmed: row.confirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPhone(row: PhoneRow): ProfilePhone {
  return {
    id: row.id,
    countryCode: row.countryCode,
    number: row.number,
    confirmed: row.confirmed,
    phoneType: row.phoneType,
    replacesPhoneId: row.replacesPhoneId,
  };
}

export async function listEmails(db: DbOrTx, customerId: number): Promise<EmailRow[]> {
  return db
    .select()
    .from(customerEmails)
    .where(eq(customerEmails.customerId, customerId))
    .orderBy(asc(customerEmails.id));
}

export async function listPhones(db: DbOrTx, customerId: number): Promise<PhoneRow[]> {
  return db
    .select()
    .from(customerPhones)
    .where(eq(customerPhones.customerId, customerId))
    .orderBy(asc(customerPhones.id));
}

async function findEmail(tx: Tx, customerId: number, emailId: number): Promise<EmailRow> {
  const [row] = await tx
    .select()
    .from(customerEmails)
    .where(and(eq(customerEmails.id, emailId), eq(customerEmails.customerId, customerId)));
  if (!row) throw AppError.notFound('E-mail address not found');
  return row;
}

async function findPhone(tx: Tx, customerId: number, phoneId: number): Promise<PhoneRow> {
  const [row] = await tx
    .select()
    .from(customerPhones)
    .where(and(eq(customerPhones.id, phoneId), eq(customerPhones.customerId, customerId)));
  if (!row) throw AppError.notFound('Phone not found');
  return row;
}

async function sendEmailCode(
  tx: Tx,
  ctx: AuthedMethodContext,
  customer: CustomerRow,
  row: EmailRow,
  field: string,
): Promise<void> {
  const issued = await issueContactCode(tx, {
    customerId: customer.id,
    userId: ctx.actor.userId,
    target: 'email',
    targetId: row.id,
    field,
  });
  const brand = brandOf(customer);
  const link = `${ctx.site.origin}/api/profile/email-confirmation?token=${issued.linkToken ?? ''}`;
  const text = renderMessage('emailConfirmation', ctx.lang, {
    brand: brand.projectName,
    code: issued.code,
    link,
    minutes: TTL_MINUTES,
  });
  await ctx.services.mailer.enqueue(tx, {
    channel: 'email',
    recipient: row.email,
    subject: text.subject,
    body: text.body,
    userId: ctx.actor.userId,
  });
}

export async function addEmail(ctx: AuthedMethodContext, email: string): Promise<ProfileEmail> {
  return ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, ctx.actor.customerId);
    await ensurePrimaryEmail(tx, customer.id);
    const rows = await listEmails(tx, customer.id);
    if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase())) {
      throw AppError.invalid(
        { email: 'validation.emailAlreadyAdded' },
        'This e-mail address is already on the profile',
      );
    }
    if (rows.length >= MAX_EMAILS)
      throw AppError.invalid(
        { email: 'validation.tooManyEmails' },
        'Remove an e-mail address first',
      );
    const [row] = await tx
      .insert(customerEmails)
      .values({ customerId: customer.id, email, isPrimary: false })
      .returning();
    if (!row) throw new Error('customer_emails insert returned nothing');
    await sendEmailCode(tx, ctx, customer, row, 'email');
    await auditChange(tx, ctx, 'emailAdded', { emailId: row.id, email });
    return toEmail(row);
  });
}

export async function confirmEmail(
  ctx: AuthedMethodContext,
  emailId: number,
  code: string,
): Promise<ProfileEmail> {
  return commitThenThrow(ctx.db, async (tx) => {
    await lockCustomer(tx, ctx.actor.customerId);
    const row = await findEmail(tx, ctx.actor.customerId, emailId);
    if (row.confirmedAt)
      return AppError.invalid(
        { emailId: 'validation.emailAlreadyConfirmed' },
        'This e-mail address is already confirmed',
      );
    if (!(await checkContactCode(tx, 'email', row.id, code))) {
      await auditChange(tx, ctx, 'emailConfirmationFailed', { emailId: row.id });
      return AppError.invalid(
        { confirmationCode: 'validation.codeInvalid' },
        'The code is wrong or has expired',
      );
    }
    const [confirmed] = await tx
      .update(customerEmails)
      .set({ confirmedAt: new Date() })
      .where(eq(customerEmails.id, row.id))
      .returning();
    await auditChange(tx, ctx, 'emailConfirmed', { emailId: row.id, via: 'code' });
    return toEmail(confirmed ?? row);
  });
}

export async function requestEmailConfirmation(
  ctx: AuthedMethodContext,
  emailId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, ctx.actor.customerId);
    const row = await findEmail(tx, customer.id, emailId);
    if (row.confirmedAt)
      throw AppError.invalid(
        { emailId: 'validation.emailAlreadyConfirmed' },
        'This e-mail address is already confirmed',
      );
    await sendEmailCode(tx, ctx, customer, row, 'emailId');
    await auditChange(tx, ctx, 'emailCodeSent', { emailId: row.id });
  });
}

export async function deleteEmail(ctx: AuthedMethodContext, emailId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, ctx.actor.customerId);
    const row = await findEmail(tx, ctx.actor.customerId, emailId);
    // The primary address is where the bank writes: another one must become primary first.
    if (row.isPrimary)
      throw AppError.invalid(
        { emailId: 'validation.primaryEmailDelete' },
        'The primary e-mail address cannot be deleted',
      );
    await tx.delete(customerEmails).where(eq(customerEmails.id, row.id));
    await retireCodes(tx, 'email', row.id);
    await auditChange(tx, ctx, 'emailDeleted', { emailId: row.id, email: row.email });
  });
}

export async function setPrimaryEmail(
  ctx: AuthedMethodContext,
  emailId: number,
): Promise<ProfileEmail> {
  return ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, ctx.actor.customerId);
    const row = await findEmail(tx, customer.id, emailId);
    if (!row.confirmedAt)
      throw AppError.invalid(
        { emailId: 'validation.emailNotConfirmed' },
        'Only a confirmed e-mail address can become primary',
      );
    if (row.isPrimary) return toEmail(row);
    const [previous] = await tx
      .update(customerEmails)
      .set({ isPrimary: false })
      .where(and(eq(customerEmails.customerId, customer.id), eq(customerEmails.isPrimary, true)))
      .returning();
    const [primary] = await tx
      .update(customerEmails)
      .set({ isPrimary: true })
      .where(eq(customerEmails.id, row.id))
      .returning();
    if (previous) {
      // The old address hears about it: if someone else made the change, the customer learns at once.
      const brand = brandOf(customer);
      const text = renderMessage('primaryEmailChanged', ctx.lang, {
        brand: brand.projectName,
        email: row.email,
        support: brand.supports.defaultEmail,
      });
      await ctx.services.mailer.enqueue(tx, {
        channel: 'email',
        recipient: previous.email,
        subject: text.subject,
        body: text.body,
        userId: ctx.actor.userId,
      });
    }
    await auditChange(tx, ctx, 'primaryEmailSet', {
      emailId: row.id,
      email: row.email,
      previousEmailId: previous?.id ?? null,
    });
    return toEmail(primary ?? row);
  });
}

/**
 * Confirms an e-mail from the link in the code's e-mail (no session: the link's token is the
 * proof). Answers whether it worked; nothing tells an outsider why it did not.
 */
export async function confirmEmailByLink(
  db: Database,
  token: string,
  ip: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await useLinkToken(tx, token);
    if (!used) return false;
    await lockCustomer(tx, used.customerId);
    const [row] = await tx
      .select()
      .from(customerEmails)
      .where(
        and(eq(customerEmails.id, used.targetId), eq(customerEmails.customerId, used.customerId)),
      );
    if (!row) return false;
    if (!row.confirmedAt)
      await tx
        .update(customerEmails)
        .set({ confirmedAt: new Date() })
        .where(eq(customerEmails.id, row.id));
    await retireCodes(tx, 'email', row.id);
    await audit(tx, {
      action: 'profile.emailConfirmed',
      userId: used.userId,
      customerId: used.customerId,
      ip,
      details: { emailId: row.id, via: 'link' },
    });
    return true;
  });
}

// ---- Phones ----

interface NormalisedPhone {
  /** +447700900123 */
  e164: string;
  /** +44 7700 900123, as the profile shows and stores it. */
  international: string;
}

/** The number as typed, read for the country; null when it is not a valid number of that country's calling code. */
export function normalisePhone(countryCode: string, phone: string): NormalisedPhone | null {
  if (!isSupportedCountry(countryCode)) return null;
  const parsed = parsePhoneNumberFromString(phone, countryCode as CountryCode);
  if (!parsed?.isValid()) return null;
  // "+1 …" typed with country GB is another country's number: the two must agree.
  if (parsed.countryCallingCode !== getCountryCallingCode(countryCode as CountryCode)) return null;
  return { e164: parsed.number, international: parsed.formatInternational() };
}

/** Stored numbers are formatted; compare digits with the plus sign only. */
const digitsOf = (column: typeof customerPhones.number | typeof authSettings.smsPhone) =>
  sql`regexp_replace(${column}, '[^0-9+]', '', 'g')`;

export async function checkPhone(
  db: DbOrTx,
  countryCode: string,
  phone: string,
): Promise<{ valid: boolean; exists: boolean }> {
  const normalised = normalisePhone(countryCode, phone);
  if (!normalised) return { valid: false, exists: false };
  const [held] = await db
    .select({ id: customerPhones.id })
    .from(customerPhones)
    .where(sql`${digitsOf(customerPhones.number)} = ${normalised.e164}`)
    .limit(1);
  return { valid: true, exists: held !== undefined };
}

async function sendPhoneCode(
  tx: Tx,
  ctx: AuthedMethodContext,
  customer: CustomerRow,
  row: PhoneRow,
  field: string,
): Promise<void> {
  const issued = await issueContactCode(tx, {
    customerId: customer.id,
    userId: ctx.actor.userId,
    target: 'phone',
    targetId: row.id,
    field,
  });
  const text = renderMessage('phoneConfirmation', ctx.lang, {
    brand: brandOf(customer).projectName,
    code: issued.code,
    minutes: TTL_MINUTES,
  });
  const recipient = normalisePhone(row.countryCode, row.number)?.e164 ?? row.number;
  await ctx.services.mailer.enqueue(tx, {
    channel: 'sms',
    recipient,
    body: text.body,
    userId: ctx.actor.userId,
  });
}

export async function addPhone(
  ctx: AuthedMethodContext,
  input: { phoneCountryCode: string; phone: string; phoneId?: number | undefined },
): Promise<ProfilePhone> {
  return ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, ctx.actor.customerId);
    const normalised = normalisePhone(input.phoneCountryCode, input.phone);
    if (!normalised)
      throw AppError.invalid(
        { phone: 'validation.phoneNumber' },
        'This is not a valid phone number for the country',
      );
    let replaced: PhoneRow | undefined;
    if (input.phoneId !== undefined) {
      replaced = await findPhone(tx, customer.id, input.phoneId);
      // A replacement is replaced through the phone it replaces, so the chain stays one step long.
      if (replaced.replacesPhoneId !== null)
        throw AppError.invalid(
          { phoneId: 'validation.phoneNotReplaceable' },
          'Replace the original phone number instead',
        );
      // Only the newest replacement of a phone waits for its code.
      const earlier = await tx
        .delete(customerPhones)
        .where(
          and(
            eq(customerPhones.customerId, customer.id),
            eq(customerPhones.replacesPhoneId, replaced.id),
            eq(customerPhones.confirmed, false),
          ),
        )
        .returning({ id: customerPhones.id });
      for (const item of earlier) await retireCodes(tx, 'phone', item.id);
    }
    const phones = await listPhones(tx, customer.id);
    if (
      phones.some(
        (phone) =>
          normalisePhone(phone.countryCode, phone.number)?.e164 === normalised.e164 ||
          phone.number === normalised.international,
      )
    ) {
      throw AppError.invalid(
        { phone: 'validation.phoneAlreadyAdded' },
        'This phone number is already on the profile',
      );
    }
    if (phones.length >= MAX_PHONES)
      throw AppError.invalid({ phone: 'validation.tooManyPhones' }, 'Too many phone numbers');
    const [row] = await tx
      .insert(customerPhones)
      .values({
        customerId: customer.id,
        countryCode: input.phoneCountryCode,
        number: normalised.international,
        confirmed: false,
        phoneType: PROFILE_PHONE_TYPE,
        replacesPhoneId: replaced?.id ?? null,
      })
      .returning();
    if (!row) throw new Error('customer_phones insert returned nothing');
    await sendPhoneCode(tx, ctx, customer, row, 'phone');
    await auditChange(tx, ctx, replaced ? 'phoneReplacementAdded' : 'phoneAdded', {
      phoneId: row.id,
      number: row.number,
      replacesPhoneId: replaced?.id ?? null,
    });
    return toPhone(row);
  });
}

export async function confirmPhone(
  ctx: AuthedMethodContext,
  phoneId: number,
  code: string,
): Promise<ProfilePhone> {
  return commitThenThrow(ctx.db, async (tx) => {
    await lockCustomer(tx, ctx.actor.customerId);
    const row = await findPhone(tx, ctx.actor.customerId, phoneId);
    if (row.confirmed)
      return AppError.invalid(
        { phoneId: 'validation.phoneAlreadyConfirmed' },
        'This phone number is already confirmed',
      );
    if (!(await checkContactCode(tx, 'phone', row.id, code))) {
      await auditChange(tx, ctx, 'phoneConfirmationFailed', { phoneId: row.id });
      return AppError.invalid(
        { code: 'validation.codeInvalid' },
        'The code is wrong or has expired',
      );
    }
    const [confirmed] = await tx
      .update(customerPhones)
      .set({ confirmed: true, replacesPhoneId: null })
      .where(eq(customerPhones.id, row.id))
      .returning();
    let replacedNumber: string | null = null;
    if (row.replacesPhoneId !== null) {
      const [old] = await tx
        .delete(customerPhones)
        .where(
          and(
            eq(customerPhones.id, row.replacesPhoneId),
            eq(customerPhones.customerId, ctx.actor.customerId),
          ),
        )
        .returning();
      if (old) {
        replacedNumber = old.number;
        await retireCodes(tx, 'phone', old.id);
        // SMS sign-in codes follow the number: the customer's users who received them on the old one get them on the new one.
        const oldDigits =
          normalisePhone(old.countryCode, old.number)?.e164 ?? old.number.replace(/[^0-9+]/g, '');
        const customerUsers = tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.customerId, ctx.actor.customerId));
        await tx
          .update(authSettings)
          .set({ smsPhone: row.number })
          .where(
            and(
              inArray(authSettings.userId, customerUsers),
              sql`${digitsOf(authSettings.smsPhone)} = ${oldDigits}`,
            ),
          );
      }
    }
    await auditChange(tx, ctx, 'phoneConfirmed', {
      phoneId: row.id,
      number: row.number,
      replacedNumber,
    });
    return toPhone(confirmed ?? row);
  });
}

export async function requestPhoneConfirmation(
  ctx: AuthedMethodContext,
  phoneId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, ctx.actor.customerId);
    const row = await findPhone(tx, customer.id, phoneId);
    if (row.confirmed)
      throw AppError.invalid(
        { phoneId: 'validation.phoneAlreadyConfirmed' },
        'This phone number is already confirmed',
      );
    await sendPhoneCode(tx, ctx, customer, row, 'phoneId');
    await auditChange(tx, ctx, 'phoneCodeSent', { phoneId: row.id });
  });
}
