import { and, eq } from 'drizzle-orm';
import { MASS_ROW_STATUSES, type MassRowStatus } from '@ledgerline/domain/mass-transfers';
import { batchTransferRows, batchTransfers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { csvLine } from '@ledgerline/domain/csv';
import { MASS_COLUMNS, type MassTransferType } from '@ledgerline/domain/mass-transfers';
import { requireBalanceAccess } from '../customers';
import { audit } from '../audit';
import { Money } from '../ledger';
import { publishAll, type TransferDeps } from '../transfers';
import { finishBatch, lockBatchRow, rowCounts } from './finish';
import { lockOwnBatch, refuse, requireMassRights } from './batch-rules';
import { rowsOf } from './payments';

/*
 * getMassBatchStatus and resubmitMassFailedRows (issue 17E). Polling a processing batch brings it
 * up to date at once (rows take their rail's answer, the batch ends when none is left), so the
 * screen never waits for the background finisher. Re-submit makes ONE new uploaded batch of
 * exactly the failed and returned rows (same account and type, rows renumbered from 1), which
 * goes through the workbench and submit like any batch; asking again answers the same new batch.
 */

export async function batchStatus(deps: TransferDeps, actor: Actor, batchId: number) {
  requireBalanceAccess(actor);
  const events = await deps.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: batchTransfers.id })
      .from(batchTransfers)
      .where(and(eq(batchTransfers.id, batchId), eq(batchTransfers.customerId, actor.customerId)));
    if (!own) throw AppError.notFound('Batch not found');
    const batch = await lockBatchRow(tx, batchId, true);
    return batch ? finishBatch(tx, deps.mailer, batch) : [];
  });
  await publishAll(deps.realtime, events);
  const [batch] = await deps.db.select().from(batchTransfers).where(eq(batchTransfers.id, batchId));
  if (!batch) throw AppError.notFound('Batch not found');
  const counted = await rowCounts(deps.db, batchId);
  const counts = Object.fromEntries(
    MASS_ROW_STATUSES.map((status) => [status, counted[status] ?? 0]),
  ) as Record<MassRowStatus, number>;
  return {
    batchId,
    status: batch.status as 'uploaded',
    counts,
    updatedAt: batch.updatedAt.toISOString(),
  };
}

const FINAL = ['completed', 'partiallyCompleted', 'failed'];

export async function resubmitFailed(deps: TransferDeps, actor: Actor, batchId: number) {
  return deps.db.transaction(async (tx) => {
    const batch = await lockOwnBatch(tx, actor.customerId, batchId);
    const type = batch.type as MassTransferType;
    await requireMassRights(tx, actor, type);
    const [earlier] = await tx
      .select()
      .from(batchTransfers)
      .where(
        and(
          eq(batchTransfers.resubmitOfBatchId, batch.id),
          eq(batchTransfers.customerId, actor.customerId),
        ),
      );
    if (earlier) return earlier.id;
    if (!FINAL.includes(batch.status))
      throw refuse(
        'batchId',
        'validation.batchNotFinished',
        'Failed rows can be sent again once the batch has finished',
      );
    const failed = await rowsOf(tx, batch.id, ['failed', 'returned']);
    if (failed.length === 0)
      throw refuse('batchId', 'validation.nothingToResubmit', 'No row of this batch failed');
    const columns = MASS_COLUMNS[type];
    const fileContent = [
      csvLine(columns.map((column) => column.header)),
      ...failed.map((row) => csvLine(columns.map((column) => row.fields[column.key] ?? ''))),
    ].join('');
    const [created] = await tx
      .insert(batchTransfers)
      .values({
        customerId: batch.customerId,
        accountId: batch.accountId,
        createdByUserId: actor.userId,
        name: batch.name,
        type: batch.type,
        status: 'uploaded',
        paymentsCount: failed.length,
        totalAmount: failed
          .reduce((sum, row) => sum.plus(row.amount ?? '0'), new Money(0))
          .toFixed(),
        currencyCode: batch.currencyCode,
        fileName: batch.fileName,
        contentType: 'text/csv',
        fileContent,
        resubmitOfBatchId: batch.id,
      })
      .returning();
    if (!created) throw new Error('re-submitted batch insert returned nothing');
    // The rows as they were sent: valid then, checked again by the workbench when fixed.
    await tx.insert(batchTransferRows).values(
      failed.map((row, index) => ({
        batchId: created.id,
        rowNumber: index + 1,
        fields: row.fields,
        errors: {},
        status: 'valid',
        amount: row.amount,
        fee: row.fee,
      })),
    );
    await audit(tx, {
      action: 'massBatch.resubmitted',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { batchId: batch.id, newBatchId: created.id, rows: failed.length },
    });
    return created.id;
  });
}

/** The batch as the workbench lists it (massBatchSchema), for the re-submit answer. */
export async function massBatchOf(deps: TransferDeps, batchId: number) {
  const [batch] = await deps.db.select().from(batchTransfers).where(eq(batchTransfers.id, batchId));
  if (!batch) throw AppError.notFound('Batch not found');
  const counts = await rowCounts(deps.db, batchId);
  const valid = await rowsOf(deps.db, batchId, ['valid']);
  const invalidCount = counts.invalid ?? 0;
  return {
    batchId: batch.id,
    name: batch.name,
    type: batch.type as MassTransferType,
    accountId: batch.accountId,
    currency: batch.currencyCode,
    status: batch.status as 'uploaded',
    fileName: batch.fileName,
    createdAt: batch.createdAt.toISOString(),
    rowsCount: Object.values(counts).reduce((sum, value) => sum + value, 0),
    validCount: valid.length,
    invalidCount,
    removedCount: counts.removed ?? 0,
    totalAmount: valid.reduce((sum, row) => sum.plus(row.amount ?? '0'), new Money(0)).toFixed(),
    resubmitOf: batch.resubmitOfBatchId,
    canSubmit: batch.status === 'uploaded' && invalidCount === 0 && valid.length > 0,
  };
}
