import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { isValidBIC } from 'ibantools';
import type {
  EftBankDetails,
  PaymentTemplate,
  PaymentTemplateType,
  WireBankDetails,
} from '@ledgerline/contract';
import { eftBankDetailsSchema, wireBankDetailsSchema } from '@ledgerline/contract';
import { ACCESS_LEVELS, needsBankAndBranchCode } from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import { customers, paymentTemplates } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { transferAccessLevel, transferPermissionFlags } from '../customers';
import type { Actor } from '../../lib/actor';
import { branchesOf, findBank, findBySwift, hasBanksIn, resolveIban } from './directory';

/*
 * The customer's wire and EFT payment templates (spec 2 §3 "Beneficiaries"). They belong to the
 * acting customer: a company's users share them. Full-access and initiate users read them; only
 * full access changes them, since a payee's bank details are what an approver relies on. Another
 * customer's template is "not found" and stays as it was.
 */

export const MAX_TEMPLATES_PER_CUSTOMER = 100;
type TemplateRow = typeof paymentTemplates.$inferSelect;

/**
 * Checks a wire beneficiary's bank details against ibantools and the directory (the same check an
 * external transfer makes): the IBAN's check digits and country, the BIC's format; the bank's name
 * and BIC are filled from the directory when it knows the IBAN's bank, and a BIC is required when
 * it does not. Field errors are TA1 under `prefix` (e.g. 'bankDetails.').
 */
export async function checkWireBeneficiary(
  db: DbOrTx,
  details: WireBankDetails,
  prefix = '',
): Promise<WireBankDetails> {
  const out: WireBankDetails = { ...details };
  if (details.swift !== undefined && !isValidBIC(details.swift))
    throw AppError.invalid(
      { [`${prefix}swift`]: 'validation.swift' },
      'Not a valid SWIFT/BIC code',
    );
  if (details.iban !== undefined) {
    const resolved = await resolveIban(db, details.iban, `${prefix}iban`);
    if (resolved.countryCode !== details.countryCode)
      throw AppError.invalid(
        { [`${prefix}iban`]: 'validation.ibanCountry' },
        'The IBAN belongs to another country',
      );
    out.iban = resolved.iban;
    if (resolved.bank) {
      out.bankName ??= resolved.bank.name;
      const swift = resolved.branch?.swift ?? resolved.bank.swift;
      if (swift !== null) out.swift ??= swift;
    }
    if (out.swift === undefined)
      throw AppError.invalid(
        { [`${prefix}swift`]: 'validation.required' },
        'The SWIFT/BIC code of the beneficiary bank is needed',
      );
    return out;
  }
  if (details.swift !== undefined) {
    const found = await findBySwift(db, details.swift);
    if (found) out.bankName ??= found.bank.name;
  }
  return out;
}

/**
 * Checks an EFT beneficiary's bank and branch codes against the directory: where the directory
 * holds the country's banks (always for BR, JP, HK and LK, which need both codes — spec 2 §5) the
 * bank must be one of them and the branch one of its branches.
 */
export async function checkEftBeneficiary(
  db: DbOrTx,
  details: EftBankDetails,
  prefix = '',
): Promise<EftBankDetails> {
  const needsBoth = needsBankAndBranchCode(details.countryCode);
  if (needsBoth && details.branchCode === undefined)
    throw AppError.invalid(
      { [`${prefix}branchCode`]: 'validation.required' },
      'A branch code is needed for this country',
    );
  if (!needsBoth && !(await hasBanksIn(db, details.countryCode))) return details;
  const bank = await findBank(db, details.countryCode, details.bankCode.toUpperCase());
  if (!bank)
    throw AppError.invalid(
      { [`${prefix}bankCode`]: 'validation.bankNotFound' },
      `No bank with code ${details.bankCode} in ${details.countryCode}`,
    );
  if (details.branchCode !== undefined) {
    const branches = await branchesOf(db, bank.id);
    if (
      (needsBoth || branches.length > 0) &&
      !branches.some((branch) => branch.code === details.branchCode)
    ) {
      throw AppError.invalid(
        { [`${prefix}branchCode`]: 'validation.branchNotFound' },
        `${bank.name} has no branch ${details.branchCode}`,
      );
    }
  }
  return { ...details, bankCode: bank.bankCode };
}

/** A stored row as the contract's template; the status follows the user's permission flag of its type. */
function toTemplate(row: TemplateRow, flags: Record<string, boolean>): PaymentTemplate {
  const base = {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.type === 'eft') {
    return {
      ...base,
      type: 'eft',
      bankDetails: eftBankDetailsSchema.parse(row.bankDetails),
      wireStatus: null,
      eftStatus: flags['otherPerson.eft'] ? 'active' : 'disabled',
    };
  }
  return {
    ...base,
    type: 'wire',
    bankDetails: wireBankDetailsSchema.parse(row.bankDetails),
    wireStatus: flags['otherPerson.wire'] ? 'active' : 'disabled',
    eftStatus: null,
  };
}

async function flagsOf(db: DbOrTx, actor: Actor): Promise<Record<string, boolean>> {
  const level = transferAccessLevel(actor);
  return transferPermissionFlags(db, actor.userId, actor.customerId, level);
}

export async function listTemplates(
  db: DbOrTx,
  actor: Actor,
  type?: PaymentTemplateType,
): Promise<PaymentTemplate[]> {
  const flags = await flagsOf(db, actor);
  const rows = await db
    .select()
    .from(paymentTemplates)
    .where(
      type
        ? and(eq(paymentTemplates.customerId, actor.customerId), eq(paymentTemplates.type, type))
        : eq(paymentTemplates.customerId, actor.customerId),
    )
    .orderBy(asc(sql`lower(${paymentTemplates.name})`), asc(paymentTemplates.id));
  return rows.map((row) => toTemplate(row, flags));
}

async function requireFullAccess(db: DbOrTx, actor: Actor): Promise<void> {
  const level = transferAccessLevel(actor);
  if (level !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a user with full access may change payment templates');
}

export type SaveTemplateInput = { id?: number | undefined; name: string } & (
  { type: 'wire'; bankDetails: WireBankDetails } | { type: 'eft'; bankDetails: EftBankDetails }
);

/** Creates or updates a template after checking its bank details; names are unique per customer and type. */
export async function saveTemplate(
  db: Database,
  actor: Actor,
  input: SaveTemplateInput,
): Promise<PaymentTemplate> {
  await requireFullAccess(db, actor);
  const bankDetails =
    input.type === 'wire'
      ? await checkWireBeneficiary(db, input.bankDetails, 'bankDetails.')
      : await checkEftBeneficiary(db, input.bankDetails, 'bankDetails.');
  const row = await db.transaction(async (tx) => {
    // One customer's saves run one after the other, so the count limit and the name check hold.
    await tx.execute(
      sql`select id from ${customers} where ${customers.id} = ${actor.customerId} for update`,
    );
    if (input.id !== undefined) {
      const [existing] = await tx
        .select({ id: paymentTemplates.id })
        .from(paymentTemplates)
        .where(
          and(eq(paymentTemplates.id, input.id), eq(paymentTemplates.customerId, actor.customerId)),
        );
      if (!existing) throw AppError.notFound('Payment template not found');
    } else {
      const [counted] = await tx
        .select({ n: count() })
        .from(paymentTemplates)
        .where(eq(paymentTemplates.customerId, actor.customerId));
      if ((counted?.n ?? 0) >= MAX_TEMPLATES_PER_CUSTOMER)
        throw AppError.invalid(
          { name: 'validation.templateLimit' },
          `At most ${MAX_TEMPLATES_PER_CUSTOMER} payment templates`,
        );
    }
    const [clash] = await tx
      .select({ id: paymentTemplates.id })
      .from(paymentTemplates)
      .where(
        and(
          eq(paymentTemplates.customerId, actor.customerId),
          eq(paymentTemplates.type, input.type),
          sql`lower(${paymentTemplates.name}) = lower(${input.name})`,
          input.id !== undefined ? ne(paymentTemplates.id, input.id) : undefined,
        ),
      );
    if (clash)
      throw AppError.invalid(
        { name: 'validation.templateNameTaken' },
        'A template of this type already has this name',
      );
    const values = {
      type: input.type,
      name: input.name,
      bankDetails: bankDetails as Record<string, string>,
    };
    const [saved] =
      input.id !== undefined
        ? await tx
            .update(paymentTemplates)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(paymentTemplates.id, input.id))
            .returning()
        : await tx
            .insert(paymentTemplates)
            .values({ ...values, customerId: actor.customerId, createdByUserId: actor.userId })
            .returning();
    if (!saved) throw new Error('payment template write returned nothing');
    await audit(tx, {
      action: input.id !== undefined ? 'paymentTemplate.update' : 'paymentTemplate.create',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { templateId: saved.id, type: saved.type },
    });
    return saved;
  });
  return toTemplate(row, await flagsOf(db, actor));
}

/** Deletes one of the acting customer's templates and answers the ones left. */
export async function deleteTemplate(
  db: Database,
  actor: Actor,
  id: number,
): Promise<PaymentTemplate[]> {
  await requireFullAccess(db, actor);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(paymentTemplates)
      .where(and(eq(paymentTemplates.id, id), eq(paymentTemplates.customerId, actor.customerId)))
      .returning({ id: paymentTemplates.id, type: paymentTemplates.type });
    if (!deleted) throw AppError.notFound('Payment template not found');
    await audit(tx, {
      action: 'paymentTemplate.delete',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { templateId: deleted.id, type: deleted.type },
    });
  });
  return listTemplates(db, actor);
}
