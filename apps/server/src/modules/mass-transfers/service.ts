import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MassBatch, MassRow, MassUploadData, MassUploadResult } from '@ledgerline/contract';
import { csvLine } from '@ledgerline/domain/csv';
import { availableBalance } from '@ledgerline/domain/accounts';
import {
  MASS_COLUMNS,
  MASS_TYPE_PERMISSION,
  type MassRowStatus,
  type MassTransferType,
} from '@ledgerline/domain/mass-transfers';
import { insertStatements, runInTurn } from '../../db/bulk';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { batchTransferRows, batchTransfers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { findCustomerAccount } from '../accounts';
import {
  refuseStaffMoneyMovement,
  requireTransferPermission,
  transferAccessLevel,
} from '../customers';
import { Money, moneyText } from '../ledger';
import { limitStates, QuoteReads } from '../transfers';
import { readBatchFile } from './parse';
import { checkRow, visibleFields, type RowCheck, type RowEnv } from './validate';

/*
 * Upload and the workbench of a mass batch (issue 17, part A). A batch is the acting customer's
 * (fromCustomerId for a business); another customer's batch id is ENOA 404 and nothing changes.
 * Uploading and changing rows need the type's flag of the mass group (spec 2 §6); reading needs
 * transfer rights (full access or initiate). Rows change only while the batch is 'uploaded'.
 */

type BatchRow = typeof batchTransfers.$inferSelect;
type StoredRow = typeof batchTransferRows.$inferSelect;

/** Refuses a caller without the type's mass flag (and staff acting for the customer). */
export async function requireMassRights(
  db: DbOrTx,
  actor: Actor,
  type: MassTransferType,
): Promise<void> {
  refuseStaffMoneyMovement(actor);
  const level = transferAccessLevel(actor);
  await requireTransferPermission(
    db,
    actor.userId,
    actor.customerId,
    level,
    `mass.${MASS_TYPE_PERMISSION[type]}`,
  );
}

export async function findBatch(
  db: DbOrTx,
  customerId: number,
  batchId: number,
  options: { forUpdate?: boolean } = {},
): Promise<BatchRow> {
  const query = db
    .select()
    .from(batchTransfers)
    .where(and(eq(batchTransfers.id, batchId), eq(batchTransfers.customerId, customerId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  // Global-pay batches (part C) live elsewhere; a seeded global_payout row is not a workbench batch.
  if (!row || !(row.type in MASS_COLUMNS)) throw AppError.notFound('Batch not found');
  return row;
}

interface Counts {
  byStatus: Partial<Record<MassRowStatus, number>>;
  /** The rows to pay, summed: the valid ones while the batch is prepared, the sent ones after. */
  payTotal: Money;
}

async function countRows(db: DbOrTx, batchId: number): Promise<Counts> {
  const rows = await db
    .select({
      status: batchTransferRows.status,
      rows: count(),
      total: sql<string>`coalesce(sum(${batchTransferRows.amount}), 0)::text`,
    })
    .from(batchTransferRows)
    .where(eq(batchTransferRows.batchId, batchId))
    .groupBy(batchTransferRows.status);
  const byStatus: Counts['byStatus'] = {};
  let payTotal = new Money(0);
  for (const row of rows) {
    byStatus[row.status as MassRowStatus] = row.rows;
    if (row.status !== 'invalid' && row.status !== 'removed') payTotal = payTotal.plus(row.total);
  }
  return { byStatus, payTotal };
}

export function toMassBatch(batch: BatchRow, counts: Counts): MassBatch {
  const of = (status: MassRowStatus) => counts.byStatus[status] ?? 0;
  const rowsCount = Object.values(counts.byStatus).reduce((sum, value) => sum + value, 0);
  return {
    batchId: batch.id,
    name: batch.name,
    type: batch.type as MassTransferType,
    accountId: batch.accountId,
    currency: batch.currencyCode,
    status: batch.status as MassBatch['status'],
    fileName: batch.fileName,
    createdAt: batch.createdAt.toISOString(),
    rowsCount,
    validCount: of('valid'),
    invalidCount: of('invalid'),
    removedCount: of('removed'),
    totalAmount: moneyText(counts.payTotal),
    resubmitOf: batch.resubmitOfBatchId,
    canSubmit: batch.status === 'uploaded' && of('valid') > 0 && of('invalid') === 0,
  };
}

export function toMassRow(type: MassTransferType, row: StoredRow): MassRow {
  return {
    rowNumber: row.rowNumber,
    fields: visibleFields(type, row.fields),
    errors: row.errors,
    status: row.status as MassRowStatus,
    amount: row.amount === null ? null : moneyText(row.amount),
    fee: row.fee === null ? null : moneyText(row.fee),
    transactionId: row.transferId,
    failureReason: row.failureReason,
  };
}

/** The batch as the workbench shows it, with its counts; history's list reads paymentsCount and totalAmount. */
async function refreshBatch(
  tx: DbOrTx,
  batch: BatchRow,
  also: { fileContent?: string } = {},
): Promise<MassBatch> {
  const counts = await countRows(tx, batch.id);
  const [updated] = await tx
    .update(batchTransfers)
    .set({
      paymentsCount: counts.byStatus.valid ?? 0,
      totalAmount: counts.payTotal.toFixed(),
      updatedAt: new Date(),
      ...also,
    })
    .where(eq(batchTransfers.id, batch.id))
    .returning();
  return toMassBatch(updated ?? batch, counts);
}

async function rowEnv(
  db: DbOrTx,
  actor: Actor,
  type: MassTransferType,
  account: { id: number; currencyCode: string },
  fingerprint: (value: string) => string,
): Promise<RowEnv> {
  return {
    type,
    customerId: actor.customerId,
    account,
    limits: await limitStates(db, actor.customerId, account.currencyCode),
    fingerprint,
    reads: QuoteReads.batch(db),
  };
}

export interface UploadSource {
  fileName: string;
  /** The file's bytes, or the pasted text. */
  source: { bytes: Uint8Array } | { text: string };
}

/** Rows checked and stored per insert when a file is uploaded. */
const ROWS_PER_PART = 1_000;

/** Upload: read the file, answer 92 for an identical batch, else store the batch with every row checked. */
export async function uploadBatch(
  db: Database,
  actor: Actor,
  data: MassUploadData,
  upload: UploadSource,
  fingerprint: (value: string) => string,
): Promise<MassUploadResult> {
  await requireMassRights(db, actor, data.type);
  const account = await findCustomerAccount(db, actor.customerId, data.accountId);
  const read = await readBatchFile(data.type, upload.source);
  const bytes =
    'bytes' in upload.source ? upload.source.bytes : new TextEncoder().encode(upload.source.text);
  const fileHash = createHash('sha256').update(bytes).digest('hex');

  if (data.ignoreIdenticalBatch !== true) {
    const [identical] = await db
      .select({ id: batchTransfers.id, createdAt: batchTransfers.createdAt })
      .from(batchTransfers)
      .where(
        and(
          eq(batchTransfers.customerId, actor.customerId),
          eq(batchTransfers.accountId, account.id),
          eq(batchTransfers.fileHash, fileHash),
        ),
      )
      .orderBy(desc(batchTransfers.createdAt))
      .limit(1);
    if (identical)
      return {
        responseCode: '92',
        responseDescription: 'An identical batch was uploaded before: confirm to send it again',
        result: 'identicalBatch',
        date: identical.createdAt.toISOString(),
        batchId: identical.id,
      };
  }

  const columns = MASS_COLUMNS[data.type];
  const batch = await db.transaction(async (tx) => {
    const env = await rowEnv(tx, actor, data.type, account, fingerprint);
    const [created] = await tx
      .insert(batchTransfers)
      .values({
        customerId: actor.customerId,
        accountId: account.id,
        createdByUserId: actor.userId,
        name: data.batchName,
        type: data.type,
        status: 'uploaded',
        paymentsCount: 0,
        totalAmount: '0',
        currencyCode: account.currencyCode,
        fileName: upload.fileName,
        contentType: 'text/csv',
        // The file as checked: written with the counts below, once every row is checked.
        fileContent: '',
        fileHash,
      })
      .returning();
    if (!created) throw new Error('The batch was not stored');
    // Rows are checked and stored a part at a time, each part checked while the database stores
    // the one before (db/bulk.ts runInTurn).
    // The file as checked (masked secrets), written line by line as its rows are checked.
    const lines = [csvLine(columns.map((column) => column.header))];
    await runInTurn(
      tx,
      (async function* () {
        for (let start = 0; start < read.rows.length; start += ROWS_PER_PART) {
          const part: RowCheck[] = [];
          for (const cells of read.rows.slice(start, start + ROWS_PER_PART))
            part.push(await checkRow(tx, env, cells));
          yield* insertStatements(
            batchTransferRows,
            part.map((row, index) => ({
              batchId: created.id,
              rowNumber: start + index + 1,
              fields: row.fields,
              errors: row.errors,
              status: row.status,
              amount: row.amount,
              fee: row.fee,
            })),
            ROWS_PER_PART,
          );
          for (const row of part)
            lines.push(csvLine(columns.map((column) => row.fields[column.key] ?? '')));
        }
      })(),
    );
    await refreshBatch(tx, created, { fileContent: lines.join('') });
    return created;
  });
  return {
    responseCode: '00',
    responseDescription: 'Success',
    result: 'created',
    date: batch.createdAt.toISOString(),
    batchId: batch.id,
  };
}

const FILTER_STATUSES: Record<'invalid' | 'removed' | 'failed', MassRowStatus[]> = {
  invalid: ['invalid'],
  removed: ['removed'],
  failed: ['failed', 'returned'],
};

export async function getBatch(
  db: DbOrTx,
  actor: Actor,
  input: {
    batchId: number;
    pageNumber: number;
    pageSize: number;
    filter: 'all' | 'invalid' | 'removed' | 'failed';
  },
) {
  transferAccessLevel(actor);
  const batch = await findBatch(db, actor.customerId, input.batchId);
  const where = and(
    eq(batchTransferRows.batchId, batch.id),
    input.filter === 'all'
      ? undefined
      : inArray(batchTransferRows.status, FILTER_STATUSES[input.filter]),
  );
  const rows = await db
    .select()
    .from(batchTransferRows)
    .where(where)
    .orderBy(asc(batchTransferRows.rowNumber))
    .limit(input.pageSize)
    .offset((input.pageNumber - 1) * input.pageSize);
  const [total] = await db.select({ value: count() }).from(batchTransferRows).where(where);
  const type = batch.type as MassTransferType;
  return {
    batch: toMassBatch(batch, await countRows(db, batch.id)),
    rows: rows.map((row) => toMassRow(type, row)),
    total: total?.value ?? 0,
  };
}

type RowChange =
  { kind: 'update'; fields: Record<string, string> } | { kind: 'remove' } | { kind: 'restore' };

/** Fix, drop or restore one row of an uploaded batch, in one transaction with the batch locked. */
export async function changeRow(
  db: Database,
  actor: Actor,
  input: { batchId: number; rowNumber: number },
  change: RowChange,
  fingerprint: (value: string) => string,
): Promise<{ batch: MassBatch; row: MassRow }> {
  return db.transaction(async (tx: Tx) => {
    const batch = await findBatch(tx, actor.customerId, input.batchId, { forUpdate: true });
    const type = batch.type as MassTransferType;
    await requireMassRights(tx, actor, type);
    if (batch.status !== 'uploaded')
      throw AppError.invalid(
        { batchId: 'validation.massBatchLocked' },
        'This batch was submitted: its rows can no longer change',
      );
    const [stored] = await tx
      .select()
      .from(batchTransferRows)
      .where(
        and(
          eq(batchTransferRows.batchId, batch.id),
          eq(batchTransferRows.rowNumber, input.rowNumber),
        ),
      );
    if (!stored) throw AppError.notFound('Row not found');

    let next: Partial<StoredRow>;
    if (change.kind === 'remove') {
      next = { status: 'removed' };
    } else {
      if (change.kind === 'restore' && stored.status !== 'removed')
        throw AppError.invalid(
          { rowNumber: 'validation.massRowNotRemoved' },
          'The row is not removed',
        );
      if (change.kind === 'update' && stored.status === 'removed')
        throw AppError.invalid({ rowNumber: 'validation.massRowRemoved' }, 'Restore the row first');
      const known = new Set(MASS_COLUMNS[type].map((column) => column.key));
      const unknown = Object.keys(change.kind === 'update' ? change.fields : {}).find(
        (key) => !known.has(key),
      );
      if (unknown)
        throw AppError.invalid({ [`fields.${unknown.slice(0, 32)}`]: 'validation.unknownField' });
      const cells =
        change.kind === 'update'
          ? {
              ...stored.fields,
              ...Object.fromEntries(
                Object.entries(change.fields).map(([key, value]) => [key, value.trim()]),
              ),
            }
          : stored.fields;
      const account = await findCustomerAccount(tx, actor.customerId, batch.accountId);
      const env = await rowEnv(tx, actor, type, account, fingerprint);
      const checked = await checkRow(tx, env, cells);
      next = {
        fields: checked.fields,
        errors: checked.errors,
        status: checked.status,
        amount: checked.amount,
        fee: checked.fee,
      };
    }
    const [row] = await tx
      .update(batchTransferRows)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(batchTransferRows.id, stored.id))
      .returning();
    if (!row) throw new Error('The row was not updated');
    return { batch: await refreshBatch(tx, batch), row: toMassRow(type, row) };
  });
}

/** Dry run: the valid rows' totals, fees and the debit, against what the account has. Moves nothing. */
export async function dryRun(db: DbOrTx, actor: Actor, batchId: number) {
  transferAccessLevel(actor);
  const batch = await findBatch(db, actor.customerId, batchId);
  const account = await findCustomerAccount(db, actor.customerId, batch.accountId);
  const [sums] = await db
    .select({
      rows: count(),
      amount: sql<string>`coalesce(sum(${batchTransferRows.amount}), 0)::text`,
      fee: sql<string>`coalesce(sum(${batchTransferRows.fee}), 0)::text`,
    })
    .from(batchTransferRows)
    .where(and(eq(batchTransferRows.batchId, batch.id), eq(batchTransferRows.status, 'valid')));
  const counts = await countRows(db, batch.id);
  const mass = toMassBatch(batch, counts);
  const amount = new Money(sums?.amount ?? '0');
  const fee = new Money(sums?.fee ?? '0');
  const debit = amount.plus(fee);
  const available = new Money(availableBalance(account));
  const isFundsSufficient = !debit.greaterThan(available);
  // Every row is in the account's currency (the single transfers' rule), so one line at rate 1.
  const totals =
    mass.validCount === 0
      ? []
      : [
          {
            currency: account.currencyCode,
            count: mass.validCount,
            amount: moneyText(amount),
            fee: moneyText(fee),
            exchangeRate: '1',
            debitAmount: moneyText(debit),
          },
        ];
  return {
    batchId: batch.id,
    accountId: account.id,
    accountCurrency: account.currencyCode,
    validCount: mass.validCount,
    invalidCount: mass.invalidCount,
    removedCount: mass.removedCount,
    totals,
    totalDebit: moneyText(debit),
    availableBalance: moneyText(available),
    isFundsSufficient,
    canSubmit: mass.canSubmit && isFundsSufficient,
  };
}
