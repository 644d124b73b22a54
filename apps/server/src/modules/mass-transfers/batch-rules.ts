import { and, count, eq } from 'drizzle-orm';
import { MASS_TYPE_PERMISSION, type MassTransferType } from '@ledgerline/domain/mass-transfers';
import type { DbOrTx, Tx } from '../../db/client';
import { batchTransferRows, batchTransfers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import {
  refuseStaffMoneyMovement,
  transferAccessLevel,
  transferPermissionFlags,
} from '../customers';
import { Money } from '../ledger';
import { rowsOf, type BatchRow, type RowRecord } from './payments';

/* What every use case of a submitted batch checks first (issue 17E): who may, whose batch, which rows. */

export const refuse = (field: string, key: string, text: string) =>
  AppError.invalid({ [field]: key }, text);

/** Access level, the mass permission flag of the batch's type, and a customer who may move money. */
export async function requireMassRights(
  db: DbOrTx,
  actor: Actor,
  type: MassTransferType,
): Promise<number> {
  refuseStaffMoneyMovement(actor);
  const level = transferAccessLevel(actor);
  const flags = await transferPermissionFlags(db, actor.userId, actor.customerId, level);
  // The flags are all false for a customer who may not move money (unverified, limited).
  if (!flags[`mass.${MASS_TYPE_PERMISSION[type]}`])
    throw AppError.noAccess('Your permissions do not allow this mass transfer');
  return level;
}

/** The acting customer's batch, locked; another customer's answers as if it did not exist. */
export async function lockOwnBatch(tx: Tx, customerId: number, batchId: number): Promise<BatchRow> {
  const [batch] = await tx
    .select()
    .from(batchTransfers)
    .where(and(eq(batchTransfers.id, batchId), eq(batchTransfers.customerId, customerId)))
    .for('update');
  if (!batch) throw AppError.notFound('Batch not found');
  return batch;
}

/** The rows submit pays: the valid ones, refused while any row still has an error. */
export async function payableRows(tx: Tx, batch: BatchRow): Promise<RowRecord[]> {
  const [invalid] = await tx
    .select({ value: count() })
    .from(batchTransferRows)
    .where(and(eq(batchTransferRows.batchId, batch.id), eq(batchTransferRows.status, 'invalid')));
  const rows = await rowsOf(tx, batch.id, ['valid']);
  if (Number(invalid?.value ?? 0) > 0 || rows.length === 0)
    throw refuse(
      'batchId',
      'validation.batchNotReady',
      'Fix or drop the rows with errors first: only a batch with valid rows can be sent',
    );
  return rows;
}

export function totalsOf(rows: RowRecord[]): { total: Money; fee: Money } {
  return rows.reduce(
    (sum, row) => ({
      total: sum.total.plus(row.amount ?? '0'),
      fee: sum.fee.plus(row.fee ?? '0'),
    }),
    { total: new Money(0), fee: new Money(0) },
  );
}

export const batchChanged = () =>
  refuse(
    'totalAmount',
    'validation.batchChanged',
    'The batch changed since its totals were shown: check them and send it again',
  );
