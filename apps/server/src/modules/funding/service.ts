import { randomInt } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FundingInvoice } from '@ledgerline/contract';
import { FUNDING_PAGE_SIZE } from '@ledgerline/contract';
import {
  FUNDING_STATUSES,
  FUNDING_STATUS_NAMES,
  newFundingReference,
  type FundingStatus,
} from '@ledgerline/domain/funding';
import type { Database, DbOrTx } from '../../db/client';
import { fundingInvoices } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { findCustomerAccount } from '../accounts';
import { audit } from '../audit';
import {
  refuseStaffMoneyMovement,
  requireBalanceAccess,
  transferPermissionFlags,
} from '../customers';
import { Money, moneyText, requireMinorUnits } from '../ledger';
import { collectionInstructions } from './collection';
import { brandIdOf } from '../customers';

export type FundingInvoiceRow = typeof fundingInvoices.$inferSelect;

/** The spec's flag for adding money (spec 2 §6 "Funding: digital"). */
export const FUNDING_FLAG = 'funding.digital';
/** The account type and status that may receive funding: an open payment account or wallet. */
const OPEN_STATUS = 2;
const FUNDABLE_TYPES = new Set([1001, 4001]);

export function statusOf(statusId: number): FundingStatus {
  return FUNDING_STATUS_NAMES.find((name) => FUNDING_STATUSES[name] === statusId) ?? 'cancelled';
}

/** What the wire carries of a funding invoice: the invoice's field names with isFunding true. */
export function toFundingInvoice(row: FundingInvoiceRow): FundingInvoice {
  return {
    id: row.id,
    number: `F-${String(row.id).padStart(6, '0')}`,
    amount: moneyText(row.amount),
    amountReceived: row.amountReceived === null ? null : moneyText(row.amountReceived),
    currencyCode: row.currencyCode,
    status: statusOf(row.statusId),
    statusId: row.statusId,
    sentDate: row.createdAt.toISOString(),
    updatedDate: row.updatedAt.toISOString(),
    paidDate: row.paidAt?.toISOString() ?? null,
    isFunding: true,
    payeeAccountId: row.accountId,
    reference: row.reference,
    instructions: collectionInstructions(row.brandId, row.currencyCode, row.reference),
  };
}

/** One of the customer's funding invoices; another customer's is not found. */
export async function findFundingInvoice(
  db: DbOrTx,
  customerId: number,
  invoiceId: number,
  options: { forUpdate?: boolean } = {},
): Promise<FundingInvoiceRow> {
  const query = db
    .select()
    .from(fundingInvoices)
    .where(and(eq(fundingInvoices.id, invoiceId), eq(fundingInvoices.customerId, customerId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Funding invoice not found');
  return row;
}

/** Refuses a user whose flags do not allow adding money for this customer (nor staff acting for it). */
async function requireFundingFlag(db: DbOrTx, actor: Actor): Promise<void> {
  refuseStaffMoneyMovement(actor);
  const flags = await transferPermissionFlags(
    db,
    actor.userId,
    actor.customerId,
    actor.accessLevel,
  );
  if (!flags[FUNDING_FLAG]) throw AppError.noAccess('Your permissions do not allow adding money');
}

/**
 * Creates a funding invoice (spec 2 §7 "funding invoice create (amount)") for one of the
 * customer's open accounts, in its currency, with a new reference. The browser's key makes a
 * retry answer the first invoice; the same key for another account or amount is refused.
 */
export async function createFundingInvoice(
  db: Database,
  actor: Actor,
  input: { accountId: number; amount: string; idempotencyKey: string },
): Promise<FundingInvoiceRow> {
  requireBalanceAccess(actor);
  await requireFundingFlag(db, actor);
  const account = await findCustomerAccount(db, actor.customerId, input.accountId);
  if (account.accountStatusId !== OPEN_STATUS || !FUNDABLE_TYPES.has(account.type))
    throw AppError.invalid(
      { accountId: 'validation.fundingAccountUnavailable' },
      'Money can be added only to an open payment account or wallet',
    );
  const amount = new Money(input.amount);
  if (!amount.gt(0))
    throw AppError.invalid(
      { amount: 'validation.positiveAmount' },
      'The amount must be above zero',
    );
  requireMinorUnits(amount, account.currencyCode, 'amount');

  return db.transaction(async (tx) => {
    const [earlier] = await tx
      .select()
      .from(fundingInvoices)
      .where(
        and(
          eq(fundingInvoices.customerId, actor.customerId),
          eq(fundingInvoices.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (earlier) {
      if (earlier.accountId !== account.id || !new Money(earlier.amount).equals(amount))
        throw AppError.invalid(
          { idempotencyKey: 'validation.idempotencyKeyReused' },
          'This key was used for another funding invoice',
        );
      return earlier;
    }
    const brandId = await brandIdOf(tx, actor.customerId);
    const [created] = await tx
      .insert(fundingInvoices)
      .values({
        customerId: actor.customerId,
        accountId: account.id,
        brandId: brandId ?? 'pebble',
        createdByUserId: actor.userId,
        reference: newFundingReference(() => randomInt(0, 1_000_000) / 1_000_000),
        amount: amount.toFixed(),
        currencyCode: account.currencyCode,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    if (!created) throw new Error('funding: the invoice was not written');
    await audit(tx, {
      action: 'fundingInvoiceCreate',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { invoiceId: created.id, accountId: account.id, amount: amount.toFixed() },
    });
    return created;
  });
}

/** The customer's funding invoices, newest first, a page of 20 (spec 2 §9). */
export async function listFundingInvoices(
  db: Database,
  actor: Actor,
  input: { page?: number | undefined; status?: FundingStatus | undefined },
) {
  requireBalanceAccess(actor);
  const page = input.page ?? 1;
  const where = and(
    eq(fundingInvoices.customerId, actor.customerId),
    input.status === undefined
      ? undefined
      : eq(fundingInvoices.statusId, FUNDING_STATUSES[input.status]),
  );
  const rows = await db
    .select()
    .from(fundingInvoices)
    .where(where)
    .orderBy(desc(fundingInvoices.createdAt), desc(fundingInvoices.id))
    .limit(FUNDING_PAGE_SIZE)
    .offset((page - 1) * FUNDING_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(fundingInvoices).where(where);
  return {
    invoices: rows.map(toFundingInvoice),
    page,
    pageSize: FUNDING_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}

/** Cancels a funding invoice still awaiting payment; a paid or cancelled one is refused. */
export async function cancelFundingInvoice(
  db: Database,
  actor: Actor,
  invoiceId: number,
): Promise<FundingInvoiceRow> {
  requireBalanceAccess(actor);
  await requireFundingFlag(db, actor);
  return db.transaction(async (tx) => {
    const row = await findFundingInvoice(tx, actor.customerId, invoiceId, { forUpdate: true });
    if (row.statusId !== FUNDING_STATUSES.awaitingPayment)
      throw AppError.invalid(
        { invoiceId: 'validation.fundingInvoiceNotOpen' },
        'Only a funding invoice awaiting payment can be cancelled',
      );
    const [updated] = await tx
      .update(fundingInvoices)
      .set({ statusId: FUNDING_STATUSES.cancelled, updatedAt: new Date() })
      .where(eq(fundingInvoices.id, row.id))
      .returning();
    await audit(tx, {
      action: 'fundingInvoiceCancel',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { invoiceId: row.id },
    });
    return updated ?? row;
  });
}
