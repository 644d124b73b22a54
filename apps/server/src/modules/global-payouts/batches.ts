import { and, count, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import {
  GLOBAL_PAY_FILE_COLUMNS,
  GLOBAL_PAY_PAGE_SIZE,
  globalPaymentInputSchema,
  positiveAmountSchema,
  type GlobalPaymentInput,
} from '@ledgerline/contract';
import { parseCsv } from '@ledgerline/domain/csv';
import {
  countryMethods,
  GLOBAL_PAY_MAX_PAYMENTS,
  GLOBAL_PAYMENT_STATUSES,
  GLOBAL_SUMMARY_STATUSES,
  type GlobalPaymentStatus,
} from '@ledgerline/domain/global-pay';
import { hasValidMinorUnits } from '@ledgerline/domain';
import { selectRows, type Database, type DbOrTx } from '../../db/client';
import { globalPayBatches, globalPayPayments } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { findCustomerAccount } from '../accounts';
import { audit } from '../audit';
import {
  refuseStaffMoneyMovement,
  transferAccessLevel,
  transferPermissionFlags,
} from '../customers';
import { hashRequest, Money, moneyText } from '../ledger';
import { AppError } from '../../lib/errors';
import {
  batchView,
  findBatch,
  payoutFee,
  refusal,
  totalsOf,
  type BatchRow,
  type PaymentRow,
} from './repository';
import { brandIdOf } from '../customers';

/** The spec's mass permission for global payouts (spec 2 §6 "Mass group: … global"). */
export const GLOBAL_FLAG = 'mass.global';
const OPEN_STATUS = 2;

/**
 * A sender: a user who may start transfers for the customer (full access or initiate) and holds
 * the mass global flag; staff acting for a customer never moves money (decision 73).
 */
export async function requireSender(db: DbOrTx, actor: Actor): Promise<number> {
  refuseStaffMoneyMovement(actor);
  const level = transferAccessLevel(actor);
  const flags = await transferPermissionFlags(db, actor.userId, actor.customerId, level);
  if (!flags[GLOBAL_FLAG]) throw AppError.noAccess('Your permissions do not allow global payouts');
  return level;
}

type ParsedPayment = {
  values: Required<Omit<GlobalPaymentInput, 'language'>> & { language: string | null };
  rowErrors: Record<string, string>;
};

/** A payment's own problems beyond its schema: an amount finer than the currency, a country we do not pay to, an amount the fee would eat. */
function paymentProblems(
  payment: ParsedPayment['values'],
  currencyCode: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!hasValidMinorUnits(payment.amount, currencyCode))
    problems.amount = 'globalPay.amountMinorUnits';
  else if (
    payment.feeShare === 'beneficiary' &&
    !new Money(payment.amount).greaterThan(payoutFee(new Money(payment.amount), currencyCode))
  )
    problems.amount = 'globalPay.amountBelowFee';
  if (countryMethods(payment.beneficiaryCountryCode).length === 0)
    problems.beneficiaryCountryCode = 'globalPay.countryNotServed';
  return problems;
}

function normalised(input: GlobalPaymentInput): ParsedPayment['values'] {
  const parsed = globalPaymentInputSchema.parse(input);
  return {
    amount: new Money(parsed.amount).toFixed(),
    description: parsed.description,
    beneficiaryType: parsed.beneficiaryType,
    beneficiaryName: parsed.beneficiaryName,
    beneficiaryEmail: parsed.beneficiaryEmail.toLowerCase(),
    beneficiaryCountryCode: parsed.beneficiaryCountryCode,
    feeShare: parsed.feeShare,
    language: parsed.language ?? null,
  };
}

/** Refuses a list where any payment has a problem, naming the row and field (payments.3.amount). */
function requireClean(payments: ParsedPayment['values'][], currencyCode: string, prefix: string) {
  const errors: Record<string, string> = {};
  payments.forEach((payment, index) => {
    for (const [field, key] of Object.entries(paymentProblems(payment, currencyCode)))
      errors[`${prefix}.${index}.${field}`] = key;
  });
  if (Object.keys(errors).length > 0)
    throw AppError.invalid(errors, 'Some payments cannot be sent');
}

/** What makes two batches identical (spec 2 §8, 92): the account and the same payments in the same order. */
function contentHashOf(accountId: number, payments: { values: ParsedPayment['values'] }[]): string {
  return hashRequest({ accountId, payments: payments.map((payment) => payment.values) });
}

function rowValues(batch: BatchRow, payment: ParsedPayment, position: number) {
  const amount = new Money(payment.values.amount);
  return {
    batchId: batch.id,
    customerId: batch.customerId,
    position,
    amount: amount.toFixed(),
    fee: payoutFee(amount, batch.currencyCode).toFixed(),
    currencyCode: batch.currencyCode,
    description: payment.values.description,
    beneficiaryType: payment.values.beneficiaryType,
    beneficiaryName: payment.values.beneficiaryName,
    beneficiaryEmail: payment.values.beneficiaryEmail,
    beneficiaryCountryCode: payment.values.beneficiaryCountryCode,
    feeShare: payment.values.feeShare,
    language: payment.values.language,
    rowErrors: payment.rowErrors,
  };
}

async function insertPayments(
  db: DbOrTx,
  batch: BatchRow,
  payments: ParsedPayment[],
  from: number,
) {
  // Inserted in slices: one statement's parameters stay well under PostgreSQL's 65,535.
  for (let start = 0; start < payments.length; start += 1000) {
    await db
      .insert(globalPayPayments)
      .values(
        payments
          .slice(start, start + 1000)
          .map((payment, index) => rowValues(batch, payment, from + start + index)),
      );
  }
}

type CreateAnswer = {
  responseCode?: '00' | '92';
  responseDescription?: string;
  batchId: number;
  date: string;
  batch: Awaited<ReturnType<typeof batchView>> | null;
};

/**
 * Makes a draft batch of the payments (from a list or a file's rows). An identical batch of the
 * customer's that was not rejected answers 92 with its date and batchId, unless the caller
 * confirmed with ignoreIdenticalBatch (spec 2 §4 "Global-pay batch").
 */
async function createDraft(
  db: Database,
  actor: Actor,
  input: { batchName: string; accountId: number; ignoreIdenticalBatch: boolean },
  payments: ParsedPayment[],
  origin: 'list' | 'file',
): Promise<CreateAnswer> {
  const account = await findCustomerAccount(db, actor.customerId, input.accountId);
  if (account.accountStatusId !== OPEN_STATUS)
    throw refusal('accountId', 'accountUnavailable', 'The account cannot send payments');
  const contentHash = contentHashOf(account.id, payments);
  if (!input.ignoreIdenticalBatch) {
    const [identical] = await db
      .select()
      .from(globalPayBatches)
      .where(
        and(
          eq(globalPayBatches.customerId, actor.customerId),
          eq(globalPayBatches.contentHash, contentHash),
          ne(globalPayBatches.status, 'rejected'),
        ),
      )
      .orderBy(desc(globalPayBatches.createdAt))
      .limit(1);
    if (identical)
      return {
        responseCode: '92',
        responseDescription: 'An identical batch exists',
        batchId: identical.id,
        date: identical.createdAt.toISOString(),
        batch: null,
      };
  }
  const batch = await db.transaction(async (tx) => {
    const brandId = await brandIdOf(tx, actor.customerId);
    const [created] = await tx
      .insert(globalPayBatches)
      .values({
        customerId: actor.customerId,
        accountId: account.id,
        brandId: brandId ?? 'pebble',
        createdByUserId: actor.userId,
        batchName: input.batchName,
        currencyCode: account.currencyCode,
        contentHash,
      })
      .returning();
    if (!created) throw new Error('global-payouts: the batch was not written');
    await insertPayments(tx, created, payments, 1);
    await audit(tx, {
      action: 'globalPay.batchCreated',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { batchId: created.id, payments: payments.length, origin },
    });
    return created;
  });
  return {
    batchId: batch.id,
    date: batch.createdAt.toISOString(),
    batch: await batchView(db, batch),
  };
}

export async function createBatch(
  db: Database,
  actor: Actor,
  input: {
    batchName: string;
    accountId: number;
    ignoreIdenticalBatch: boolean;
    payments: GlobalPaymentInput[];
  },
): Promise<CreateAnswer> {
  await requireSender(db, actor);
  const account = await findCustomerAccount(db, actor.customerId, input.accountId);
  const values = input.payments.map(normalised);
  requireClean(values, account.currencyCode, 'payments');
  return createDraft(
    db,
    actor,
    input,
    values.map((payment) => ({ values: payment, rowErrors: {} })),
    'list',
  );
}

/** Reads a CSV file's rows into payments; a row with problems is kept with its reasons (rowErrors). */
function paymentsOfFile(fileName: string, content: string, currencyCode: string): ParsedPayment[] {
  if (!/\.csv$/i.test(fileName))
    throw refusal('attachedFile', 'fileType', 'Upload a CSV file (see the sample)');
  const rows = parseCsv(content).filter((row) => row.some((cell) => cell.trim() !== ''));
  const [header, ...body] = rows;
  const columns = (header ?? []).map((cell) => cell.trim());
  const missing = GLOBAL_PAY_FILE_COLUMNS.filter(
    (column) =>
      !columns.includes(column) &&
      column !== 'description' &&
      column !== 'beneficiaryType' &&
      column !== 'feeShare',
  );
  const unknown = columns.filter(
    (column) => !(GLOBAL_PAY_FILE_COLUMNS as readonly string[]).includes(column),
  );
  if (missing.length > 0 || unknown.length > 0)
    throw refusal('attachedFile', 'fileColumns', 'The file does not have the sample’s columns');
  if (body.length === 0) throw refusal('attachedFile', 'fileEmpty', 'The file has no payments');
  if (body.length > GLOBAL_PAY_MAX_PAYMENTS)
    throw refusal('attachedFile', 'tooManyRows', 'A batch has at most 10,000 payments');
  return body.map((cells) => {
    const raw: Record<string, string> = {};
    columns.forEach((column, index) => {
      const cell = (cells[index] ?? '').trim();
      if (cell !== '') raw[column] = cell;
    });
    const parsed = globalPaymentInputSchema.safeParse(raw);
    if (parsed.success) {
      const values = normalised(parsed.data);
      return { values, rowErrors: paymentProblems(values, currencyCode) };
    }
    const rowErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      rowErrors[String(issue.path[0] ?? '_')] ??= issue.message;
    // A row that does not parse is kept as it was written (cut to the column's size) for the sender to fix.
    const amount = positiveAmountSchema.safeParse(raw.amount).success ? raw.amount! : '0';
    return {
      values: {
        amount,
        description: (raw.description ?? '').slice(0, 140),
        beneficiaryType: raw.beneficiaryType === 'business' ? 'business' : 'individual',
        beneficiaryName: (raw.beneficiaryName ?? '').slice(0, 140),
        beneficiaryEmail: (raw.beneficiaryEmail ?? '').slice(0, 254),
        beneficiaryCountryCode: (raw.beneficiaryCountryCode ?? '').slice(0, 2),
        feeShare: raw.feeShare === 'beneficiary' ? 'beneficiary' : 'sender',
        language: null,
      },
      rowErrors,
    };
  });
}

export async function uploadBatch(
  db: Database,
  actor: Actor,
  input: {
    batchName: string;
    accountId: number;
    ignoreIdenticalBatch: boolean;
    attachedFile: { fileName: string; content: string };
  },
): Promise<CreateAnswer> {
  await requireSender(db, actor);
  const account = await findCustomerAccount(db, actor.customerId, input.accountId);
  const payments = paymentsOfFile(
    input.attachedFile.fileName,
    input.attachedFile.content,
    account.currencyCode,
  );
  return createDraft(db, actor, input, payments, 'file');
}

export async function getBatch(db: Database, actor: Actor, batchId: number) {
  await requireSender(db, actor);
  return batchView(db, await findBatch(db, actor.customerId, batchId));
}

export async function batchStatus(db: Database, actor: Actor, batchId: number) {
  await requireSender(db, actor);
  const batch = await findBatch(db, actor.customerId, batchId);
  const rows = await db
    .select({ status: globalPayPayments.status, n: count() })
    .from(globalPayPayments)
    .where(eq(globalPayPayments.batchId, batch.id))
    .groupBy(globalPayPayments.status);
  const counts = Object.fromEntries(GLOBAL_PAYMENT_STATUSES.map((status) => [status, 0])) as Record<
    GlobalPaymentStatus,
    number
  >;
  for (const row of rows)
    if ((GLOBAL_PAYMENT_STATUSES as readonly string[]).includes(row.status))
      counts[row.status as GlobalPaymentStatus] = row.n;
  return { batchId: batch.id, status: batch.status as 'draft', counts };
}

/** Adds, updates, removes and restores payments of a draft batch (in that order), in one transaction. */
export async function updatePayments(
  db: Database,
  actor: Actor,
  input: {
    batchId: number;
    add: GlobalPaymentInput[];
    update: { id: number; payment: GlobalPaymentInput }[];
    remove: number[];
    restore: number[];
  },
) {
  await requireSender(db, actor);
  const batch = await db.transaction(async (tx) => {
    const row = await findBatch(tx, actor.customerId, input.batchId, { forUpdate: true });
    // A draft whose total waits for the sender's second factor is what they are confirming.
    if (row.status !== 'draft' || row.reserveTransferId !== null)
      throw refusal('batchId', 'batchNotDraft', 'Only a batch not sent yet can be changed');
    const added = input.add.map(normalised);
    requireClean(added, row.currencyCode, 'add');
    const updated = input.update.map((item) => ({ id: item.id, values: normalised(item.payment) }));
    requireClean(
      updated.map((item) => item.values),
      row.currencyCode,
      'update',
    );
    const named = [...updated.map((item) => item.id), ...input.remove, ...input.restore];
    if (named.length > 0) {
      const found = await tx
        .select({ id: globalPayPayments.id, status: globalPayPayments.status })
        .from(globalPayPayments)
        .where(and(eq(globalPayPayments.batchId, row.id), inArray(globalPayPayments.id, named)));
      const byId = new Map(found.map((payment) => [payment.id, payment.status]));
      // Another batch's (or customer's) payment is not found, whatever else the request held.
      for (const id of named) if (!byId.has(id)) throw AppError.notFound('Payment not found');
    }
    if (added.length > 0) {
      const [last] = await tx
        .select({ position: max(globalPayPayments.position) })
        .from(globalPayPayments)
        .where(eq(globalPayPayments.batchId, row.id));
      await insertPayments(
        tx,
        row,
        added.map((values) => ({ values, rowErrors: {} })),
        (last?.position ?? 0) + 1,
      );
    }
    for (const item of updated) {
      const {
        batchId: _batchId,
        customerId: _customerId,
        position: _position,
        ...values
      } = rowValues(row, { values: item.values, rowErrors: {} }, 0);
      await tx
        .update(globalPayPayments)
        .set(values)
        .where(and(eq(globalPayPayments.id, item.id), eq(globalPayPayments.batchId, row.id)));
    }
    if (input.remove.length > 0)
      await tx
        .update(globalPayPayments)
        .set({ status: 'removed' })
        .where(
          and(
            eq(globalPayPayments.batchId, row.id),
            inArray(globalPayPayments.id, input.remove),
            eq(globalPayPayments.status, 'draft'),
          ),
        );
    if (input.restore.length > 0)
      await tx
        .update(globalPayPayments)
        .set({ status: 'draft' })
        .where(
          and(
            eq(globalPayPayments.batchId, row.id),
            inArray(globalPayPayments.id, input.restore),
            eq(globalPayPayments.status, 'removed'),
          ),
        );
    // The batch's content changed: an identical batch is judged by what it holds now.
    const payments = await tx
      .select()
      .from(globalPayPayments)
      .where(and(eq(globalPayPayments.batchId, row.id), eq(globalPayPayments.status, 'draft')))
      .orderBy(globalPayPayments.position);
    const contentHash = contentHashOf(
      row.accountId,
      payments.map((payment) => ({ values: valuesOfRow(payment) })),
    );
    const [saved] = await tx
      .update(globalPayBatches)
      .set({ contentHash })
      .where(eq(globalPayBatches.id, row.id))
      .returning();
    await audit(tx, {
      action: 'globalPay.paymentsUpdated',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        batchId: row.id,
        added: added.length,
        updated: updated.length,
        removed: input.remove.length,
        restored: input.restore.length,
      },
    });
    return saved ?? row;
  });
  return batchView(db, batch);
}

function valuesOfRow(row: PaymentRow): ParsedPayment['values'] {
  return {
    amount: new Money(row.amount).toFixed(),
    description: row.description,
    beneficiaryType: row.beneficiaryType as 'individual',
    beneficiaryName: row.beneficiaryName,
    beneficiaryEmail: row.beneficiaryEmail,
    beneficiaryCountryCode: row.beneficiaryCountryCode,
    feeShare: row.feeShare as 'sender',
    language: row.language,
  };
}

/** /transfer/external/global-summary: money by status and currency over every batch, and the batches a page. */
export async function globalSummary(db: Database, actor: Actor, page: number) {
  await requireSender(db, actor);
  const totals = await selectRows<{ status: string; currency: string; n: number; amount: string }>(
    db,
    sql`select status, currency_code as currency, count(*)::int as n, coalesce(sum(amount), 0)::text as amount
        from ${globalPayPayments}
        where customer_id = ${actor.customerId}
          and status in (${sql.join(
            GLOBAL_SUMMARY_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})
        group by status, currency_code
        order by currency_code, status`,
  );
  const where = eq(globalPayBatches.customerId, actor.customerId);
  const batches = await db
    .select()
    .from(globalPayBatches)
    .where(where)
    .orderBy(desc(globalPayBatches.createdAt), desc(globalPayBatches.id))
    .limit(GLOBAL_PAY_PAGE_SIZE)
    .offset((page - 1) * GLOBAL_PAY_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(globalPayBatches).where(where);
  const lines = [];
  for (const batch of batches) {
    const payments = await db
      .select()
      .from(globalPayPayments)
      .where(eq(globalPayPayments.batchId, batch.id));
    const sums = totalsOf(payments);
    lines.push({
      batchId: batch.id,
      batchName: batch.batchName,
      currencyCode: batch.currencyCode,
      status: batch.status as 'draft',
      createdDate: batch.createdAt.toISOString(),
      submittedDate: batch.submittedAt?.toISOString() ?? null,
      count: sums.count,
      amount: sums.amount,
    });
  }
  return {
    totals: totals.map((row) => ({
      status: row.status as (typeof GLOBAL_SUMMARY_STATUSES)[number],
      count: row.n,
      amount: moneyText(row.amount),
      currencyCode: row.currency,
    })),
    batches: lines,
    page,
    pageSize: GLOBAL_PAY_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}
