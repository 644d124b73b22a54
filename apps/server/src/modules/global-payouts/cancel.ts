import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { globalPayBatches, globalPayPayments } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import type { RealtimeHub } from '../realtime';
import { publishAccountChanges } from '../transfers';
import { requireSender } from './batches';
import { returnToSender } from './money';
import { batchView, findBatch, refusal, toPayment } from './repository';

/**
 * The sender cancels one payment nobody has claimed yet: its reserved money returns to the
 * account once (row lock, ledger key per payment). Another customer's payment is not found.
 */
export async function cancelPayment(
  db: Database,
  deps: { realtime: RealtimeHub },
  actor: Actor,
  paymentId: number,
) {
  await requireSender(db, actor);
  const { row, accountId } = await db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(globalPayPayments)
      .where(
        and(
          eq(globalPayPayments.id, paymentId),
          eq(globalPayPayments.customerId, actor.customerId),
        ),
      )
      .for('update');
    if (!payment) throw AppError.notFound('Payment not found');
    if (payment.status !== 'reserved')
      throw refusal(
        'paymentId',
        'notCancellable',
        'Only a payment nobody has claimed can be cancelled',
      );
    const accountId = await returnToSender(tx, payment, 'cancelled', {
      userId: actor.userId,
      ip: actor.ip,
    });
    const [after] = await tx
      .select()
      .from(globalPayPayments)
      .where(eq(globalPayPayments.id, paymentId));
    return { row: after ?? payment, accountId };
  });
  await publishAccountChanges(deps.realtime, db, [accountId]);
  return { payment: toPayment(row) };
}

/**
 * Rejects a draft batch (nothing was reserved), or cancels every unclaimed payment of a running
 * one, returning their money; claimed and paid payments stay as they are.
 */
export async function rejectBatch(
  db: Database,
  deps: { realtime: RealtimeHub },
  actor: Actor,
  batchId: number,
) {
  await requireSender(db, actor);
  const { batch, returned } = await db.transaction(async (tx) => {
    const row = await findBatch(tx, actor.customerId, batchId, { forUpdate: true });
    if (row.status === 'draft' && row.reserveTransferId !== null)
      throw refusal('batchId', 'batchNotDraft', 'The batch waits for your confirmation code');
    if (row.status === 'draft') {
      await tx
        .update(globalPayPayments)
        .set({ status: 'cancelled', closedAt: new Date() })
        .where(eq(globalPayPayments.batchId, row.id));
      const [saved] = await tx
        .update(globalPayBatches)
        .set({ status: 'rejected' })
        .where(eq(globalPayBatches.id, row.id))
        .returning();
      await audit(tx, {
        action: 'globalPay.batchRejected',
        userId: actor.userId,
        customerId: actor.customerId,
        ip: actor.ip,
        details: { batchId: row.id },
      });
      return { batch: saved ?? row, returned: 0 };
    }
    if (row.status !== 'running')
      throw refusal('batchId', 'batchClosed', 'This batch has nothing left to cancel');
    const waiting = await tx
      .select()
      .from(globalPayPayments)
      .where(and(eq(globalPayPayments.batchId, row.id), eq(globalPayPayments.status, 'reserved')))
      .orderBy(globalPayPayments.id)
      .for('update');
    for (const payment of waiting)
      await returnToSender(tx, payment, 'cancelled', { userId: actor.userId, ip: actor.ip });
    const [saved] = await tx.select().from(globalPayBatches).where(eq(globalPayBatches.id, row.id));
    return { batch: saved ?? row, returned: waiting.length };
  });
  if (returned > 0) await publishAccountChanges(deps.realtime, db, [batch.accountId]);
  return batchView(db, batch);
}
