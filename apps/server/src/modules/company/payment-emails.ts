import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CONTACT_CODE_LIMITS,
  MAX_COMPANY_PAYMENT_EMAILS,
  type CompanyPaymentEmail,
} from '@ledgerline/contract';
import { getBrand, isBrandId } from '@ledgerline/domain/brands';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { companyPaymentEmails } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { judgeCode } from '../../lib/one-time-code';
import { audit } from '../audit';
import { requireBalanceAccess, requireFullAccess } from '../customers';
import type { Mailer } from '../notifications';
import { loadCompany, type CustomerRow } from './business-info';
import { paymentEmailMessage } from './messages';

/*
 * The company's payment e-mail addresses (/company-emails): read by anyone who sees the company's
 * balances, changed by full access only. An address counts once confirmed with the six-digit code
 * sent to it (the profile's rules: hashed, 5 minutes, 5 wrong tries, at most 5 codes an hour per
 * address). Another company's address id is "not found" and nothing changes.
 */

type Row = typeof companyPaymentEmails.$inferSelect;
const TTL_MS = CONTACT_CODE_LIMITS.ttlSeconds * 1000;

export function toPaymentEmail(row: Row): CompanyPaymentEmail {
  return {
    emailId: row.id,
    email: row.email,
    confirmed: row.confirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

function codeHash(emailId: number, code: string): string {
  return sha256(`company-payment-email:${emailId}:${code}`);
}

async function listRows(db: DbOrTx, customerId: number): Promise<Row[]> {
  return db
    .select()
    .from(companyPaymentEmails)
    .where(eq(companyPaymentEmails.customerId, customerId))
    .orderBy(asc(companyPaymentEmails.id));
}

async function findRow(tx: Tx, customerId: number, emailId: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(companyPaymentEmails)
    .where(
      and(eq(companyPaymentEmails.id, emailId), eq(companyPaymentEmails.customerId, customerId)),
    )
    .for('update');
  if (!row) throw AppError.notFound('E-mail address not found');
  return row;
}

/** A new code for the address, e-mailed in the same transaction (the outbox sends it after commit). */
async function sendCode(
  tx: Tx,
  deps: { mailer: Mailer },
  actor: Actor,
  company: CustomerRow,
  row: Row,
): Promise<void> {
  // Codes sent in the last hour: the counter starts again an hour after the last code.
  const recent = row.codeExpiresAt && row.codeExpiresAt.getTime() - TTL_MS > Date.now() - 3_600_000;
  const sent = recent ? row.codesSent : 0;
  if (sent >= CONTACT_CODE_LIMITS.sendsPerHour)
    throw AppError.invalid(
      { emailId: 'validation.tooManyCodes' },
      'Too many codes were sent to this address; try again later',
    );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx
    .update(companyPaymentEmails)
    .set({
      codeHash: codeHash(row.id, code),
      codeExpiresAt: new Date(Date.now() + TTL_MS),
      codeAttempts: 0,
      codesSent: sent + 1,
    })
    .where(eq(companyPaymentEmails.id, row.id));
  const brand = getBrand(isBrandId(company.brandId) ? company.brandId : 'pebble');
  const text = paymentEmailMessage(actor.lang, {
    brand: brand.projectName,
    company: company.businessName ?? '',
    code,
    minutes: CONTACT_CODE_LIMITS.ttlSeconds / 60,
  });
  await deps.mailer.enqueue(tx, {
    channel: 'email',
    recipient: row.email,
    subject: text.subject,
    body: text.body,
    userId: actor.userId,
  });
}

function auditEmail(tx: DbOrTx, actor: Actor, action: string, details: Record<string, unknown>) {
  return audit(tx, {
    action: `company.${action}`,
    userId: actor.userId,
    customerId: actor.customerId,
    ip: actor.ip,
    details,
  });
}

export async function listPaymentEmails(db: DbOrTx, actor: Actor): Promise<CompanyPaymentEmail[]> {
  requireBalanceAccess(actor);
  const company = await loadCompany(db, actor);
  return (await listRows(db, company.id)).map(toPaymentEmail);
}

export async function addPaymentEmail(
  deps: { db: Database; mailer: Mailer },
  actor: Actor,
  email: string,
): Promise<CompanyPaymentEmail> {
  requireFullAccess(actor);
  return deps.db.transaction(async (tx) => {
    const company = await loadCompany(tx, actor, { lock: true });
    const rows = await listRows(tx, company.id);
    if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase()))
      throw AppError.invalid(
        { email: 'validation.emailAlreadyAdded' },
        'This e-mail address is already on the list',
      );
    if (rows.length >= MAX_COMPANY_PAYMENT_EMAILS)
      throw AppError.invalid(
        { email: 'validation.tooManyEmails' },
        'Remove an e-mail address first',
      );
    const [row] = await tx
      .insert(companyPaymentEmails)
      .values({ customerId: company.id, email })
      .returning();
    if (!row) throw new Error('company_payment_emails insert returned nothing');
    await sendCode(tx, deps, actor, company, row);
    await auditEmail(tx, actor, 'paymentEmailAdded', { emailId: row.id, email });
    return toPaymentEmail(row);
  });
}

export async function resendPaymentEmailCode(
  deps: { db: Database; mailer: Mailer },
  actor: Actor,
  emailId: number,
): Promise<void> {
  requireFullAccess(actor);
  await deps.db.transaction(async (tx) => {
    const company = await loadCompany(tx, actor, { lock: true });
    const row = await findRow(tx, company.id, emailId);
    if (row.confirmedAt)
      throw AppError.invalid(
        { emailId: 'validation.emailAlreadyConfirmed' },
        'This e-mail address is already confirmed',
      );
    await sendCode(tx, deps, actor, company, row);
    await auditEmail(tx, actor, 'paymentEmailCodeSent', { emailId: row.id });
  });
}

/**
 * Confirms an address with its code. A wrong try is counted and committed before the refusal is
 * answered, so guessing runs out after five tries.
 */
export async function confirmPaymentEmail(
  db: Database,
  actor: Actor,
  emailId: number,
  code: string,
): Promise<CompanyPaymentEmail> {
  requireFullAccess(actor);
  const outcome = await db.transaction(async (tx) => {
    const company = await loadCompany(tx, actor, { lock: true });
    const row = await findRow(tx, company.id, emailId);
    if (row.confirmedAt)
      return AppError.invalid(
        { emailId: 'validation.emailAlreadyConfirmed' },
        'This e-mail address is already confirmed',
      );
    const verdict = judgeCode(
      {
        codeHash: row.codeHash,
        attempts: row.codeAttempts,
        expiresAt: row.codeExpiresAt ?? new Date(0),
      },
      codeHash(row.id, code),
      { maxAttempts: CONTACT_CODE_LIMITS.maxAttempts, now: new Date() },
    );
    if (verdict.kind !== 'right') {
      if (verdict.kind === 'wrong')
        await tx
          .update(companyPaymentEmails)
          .set({ codeAttempts: verdict.attempts })
          .where(eq(companyPaymentEmails.id, row.id));
      await auditEmail(tx, actor, 'paymentEmailConfirmationFailed', { emailId: row.id });
      return AppError.invalid(
        { confirmationCode: 'validation.codeInvalid' },
        'The code is wrong or has expired',
      );
    }
    const [confirmed] = await tx
      .update(companyPaymentEmails)
      .set({ confirmedAt: sql`now()`, codeHash: null, codeExpiresAt: null })
      .where(eq(companyPaymentEmails.id, row.id))
      .returning();
    await auditEmail(tx, actor, 'paymentEmailConfirmed', { emailId: row.id, email: row.email });
    return toPaymentEmail(confirmed ?? row);
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

export async function deletePaymentEmail(
  db: Database,
  actor: Actor,
  emailId: number,
): Promise<void> {
  requireFullAccess(actor);
  await db.transaction(async (tx) => {
    const company = await loadCompany(tx, actor, { lock: true });
    const row = await findRow(tx, company.id, emailId);
    await tx.delete(companyPaymentEmails).where(eq(companyPaymentEmails.id, row.id));
    await auditEmail(tx, actor, 'paymentEmailDeleted', { emailId: row.id, email: row.email });
  });
}
