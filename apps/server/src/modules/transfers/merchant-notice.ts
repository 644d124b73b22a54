import { eq } from 'drizzle-orm';
import { isBusinessCustomerType } from '@ledgerline/domain';
import type { Tx } from '../../db/client';
import { customers, ledgerTransfers } from '../../db/schema';
import { customerDisplayName } from '../customers';
import { enqueueWebhookEvent } from '../webhooks';

/*
 * A P2P payment into a business is a payment the merchant hears of (issue 18 "pay"): once the
 * transfer settles, in its transaction, the payee company's webhooks and IPN get
 * payment.received, as an incoming bank transfer's do (rails/incoming.ts). Settled at submit
 * (execute.ts) or when its second factor is confirmed (confirmation.ts). A payment request's
 * payment is told by the pay module itself, with the request in it.
 */
export async function noticeMerchantOfPayment(tx: Tx, transferId: string): Promise<void> {
  const [transfer] = await tx
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, transferId));
  if (transfer) await noticeMerchantOfTransfer(tx, transfer);
}

/**
 * The same for a transfer the caller holds: execute.ts tells it before posting (the transfer's id
 * is chosen beforehand), so the hot payee's account row stays locked for one statement only.
 */
export async function noticeMerchantOfTransfer(
  tx: Tx,
  transfer: Pick<
    typeof ledgerTransfers.$inferSelect,
    'id' | 'kind' | 'status' | 'customerId' | 'details'
  >,
  /** Whether the payee is a business, when the caller already knows (else it is read). */
  payeeIsBusiness?: boolean,
): Promise<void> {
  if (transfer.kind !== 'p2p' || transfer.status !== 'settled') return;
  const details = transfer.details;
  if (details.paymentRequestId !== undefined) return;
  const payeeCustomerId = Number(details.payeeCustomerId);
  if (!Number.isInteger(payeeCustomerId) || payeeCustomerId <= 0) return;
  if (payeeIsBusiness === false) return;
  if (payeeIsBusiness === undefined) {
    const [payee] = await tx
      .select({ customerType: customers.customerType })
      .from(customers)
      .where(eq(customers.id, payeeCustomerId));
    if (!payee || !isBusinessCustomerType(payee.customerType)) return;
  }
  const [payer] =
    transfer.customerId === null
      ? []
      : await tx.select().from(customers).where(eq(customers.id, transfer.customerId));
  await enqueueWebhookEvent(tx, {
    customerId: payeeCustomerId,
    type: 'payment.received',
    data: {
      transactionId: transfer.id,
      kind: 'p2p',
      accountId: Number(details.payeeAccountId),
      amount: String(details.toAmount),
      currency: String(details.toCurrency),
      payerName: payer ? customerDisplayName(payer) : null,
      description: typeof details.description === 'string' ? details.description : null,
    },
  });
}
