import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { globalPayBatches, globalPayPayments } from '../../db/schema';
import { audit } from '../audit';
import { hashRequest, postTransfer, systemAccount } from '../ledger';
import { reservedOf, type PaymentRow } from './repository';

/*
 * The money of a global payout (docs/decisions.md). Submit moves each batch's total (amounts plus
 * the fees the sender pays) from the sender's account to the clearing account in one ledger
 * transfer. A payment that ends without being paid (refused, expired, cancelled) gives back
 * exactly what it reserved, once: its row is locked and the ledger key names the payment.
 */

/** The ledger kinds: the reservation shows in the sender's history as a global payout, a return as a refund. */
export const RESERVE_KIND = 'global_payout';
export const RETURN_KIND = 'refund';
export const PAYOUT_KIND = 'globalPayoutRail';

export type ClosedStatus = 'refused' | 'expired' | 'cancelled';

/**
 * Returns a reserved payment's money to the sender's account and closes it with `status`, in the
 * caller's transaction. The caller holds the payment's row lock and has checked it is reserved.
 * Answers the sender's account id (for AccountChanged after commit).
 */
export async function returnToSender(
  tx: Tx,
  payment: PaymentRow,
  status: ClosedStatus,
  who: { userId: number | null; ip: string | null },
): Promise<number> {
  const [batch] = await tx
    .select()
    .from(globalPayBatches)
    .where(eq(globalPayBatches.id, payment.batchId));
  if (!batch) throw new Error('global-payouts: a payment without its batch');
  const amount = reservedOf(payment);
  const clearing = await systemAccount(tx, 'clearing', payment.currencyCode);
  const request = { paymentId: payment.id, amount: amount.toFixed() };
  const transfer = await postTransfer(tx, {
    kind: RETURN_KIND,
    customerId: payment.customerId,
    initiatedByUserId: null,
    idempotencyKey: `global-pay-return-${payment.id}`,
    requestHash: hashRequest(request),
    status: 'settled',
    postings: [
      { accountId: clearing.id, amount: amount.negated().toFixed() },
      { accountId: batch.accountId, amount: amount.toFixed() },
    ],
    details: {
      globalPaymentId: payment.id,
      batchId: batch.id,
      payeeText: payment.beneficiaryName,
      reason: status,
    },
  });
  const now = new Date();
  await tx
    .update(globalPayPayments)
    .set({ status, closedAt: now, returnTransferId: transfer.id })
    .where(eq(globalPayPayments.id, payment.id));
  await audit(tx, {
    action: `globalPay.${status}`,
    userId: who.userId,
    customerId: payment.customerId,
    ip: who.ip,
    details: { paymentId: payment.id, batchId: batch.id, transferId: transfer.id },
  });
  await finishBatchIfDone(tx, batch.id);
  return batch.accountId;
}

/** A running batch with no payment left waiting (reserved or claimed) is done. */
export async function finishBatchIfDone(tx: Tx, batchId: number): Promise<void> {
  const [waiting] = await tx
    .select({ id: globalPayPayments.id })
    .from(globalPayPayments)
    .where(
      and(
        eq(globalPayPayments.batchId, batchId),
        inArray(globalPayPayments.status, ['reserved', 'claimed']),
      ),
    )
    .limit(1);
  if (!waiting)
    await tx
      .update(globalPayBatches)
      .set({ status: 'done' })
      .where(and(eq(globalPayBatches.id, batchId), eq(globalPayBatches.status, 'running')));
}
