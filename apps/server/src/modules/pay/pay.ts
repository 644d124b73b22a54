import { eq } from 'drizzle-orm';
import type { PaymentRequestQuote, SubmitResult } from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import type { DbOrTx, Tx } from '../../db/client';
import { customers, ledgerTransfers, paymentRequests } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { customerDisplayName, requireTransferRights } from '../customers';
import { hashRequest, moneyText } from '../ledger';
import {
  checkLimits,
  executeQuoted,
  limitStates,
  publishAccountChanges,
  type Quote,
  quoteInvoicePayment,
  type TransferDeps,
  type TransferOutcomeHook,
} from '../transfers';
import { enqueueWebhookEvent } from '../webhooks';
import { statusOf, type PaymentRequestRow } from './requests';
import { brandIdOf } from '../customers';

/*
 * Paying a payment request from the hosted pay page (issue 18 "pay"), read top to bottom: the
 * payer's rights as for a P2P transfer (full access), the request locked FOR UPDATE by its token,
 * who may pay it (a customer of the merchant's brand, not the merchant itself; another brand's
 * request is "not found"), its state, then the transfer through the transfers module in the same
 * transaction (quote, limits, ledger, the second factor of modes 0–4). Settled at once the
 * request is paid in that transaction, with its payment.received webhook and IPN; otherwise it
 * holds the pending payment and the confirmation's outcome hook below pays it, or frees it. The
 * row lock makes a second payment wait and then find it no longer open: a request is paid once.
 */

function refuse(reason: string, description: string): AppError {
  return AppError.invalid({ token: `validation.${reason}` }, description);
}

/** A request may be paid while open and no payment of it waits for its confirmation. */
export function requireOpen(row: PaymentRequestRow): void {
  const status = statusOf(row);
  if (status === 'paid') throw refuse('paymentRequestPaid', 'This payment request is already paid');
  if (row.paymentTransferId !== null)
    throw refuse(
      'paymentRequestPending',
      'A payment of this request is waiting for its confirmation',
    );
  if (status === 'expired') throw refuse('paymentRequestExpired', 'This payment request expired');
  if (status !== 'open')
    throw refuse('paymentRequestClosed', 'This payment request can no longer be paid');
}

/**
 * Marks the request paid by a settled transfer, with its webhook and IPN in the same transaction.
 * A card payment (card.ts) has no payer customer or account: the name on the card is the payer's.
 */
export async function markPaid(tx: Tx, row: PaymentRequestRow, transferId: string): Promise<void> {
  const [transfer] = await tx
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, transferId));
  if (!transfer) throw new Error(`payment request ${row.id}: transfer ${transferId} not found`);
  // A card payment's transfer is the merchant's own (card.ts): the payer is the name on the card.
  const card =
    typeof transfer.details.cardLast4 === 'string'
      ? { brand: transfer.details.cardBrand, last4: transfer.details.cardLast4 }
      : null;
  const payerCustomerId = card ? null : transfer.customerId;
  const payerAccountId = card ? null : Number(transfer.details.fromAccount);
  await tx
    .update(paymentRequests)
    .set({
      status: 'paid',
      paymentTransferId: transferId,
      payerCustomerId,
      payerAccountId,
      paidAt: new Date(),
    })
    .where(eq(paymentRequests.id, row.id));
  const [payer] =
    payerCustomerId === null
      ? []
      : await tx.select().from(customers).where(eq(customers.id, payerCustomerId));
  await audit(tx, {
    action: 'paymentRequest.paid',
    userId: transfer.initiatedByUserId,
    customerId: row.customerId,
    details: { paymentRequestId: row.id, transferId },
  });
  await enqueueWebhookEvent(tx, {
    customerId: row.customerId,
    type: 'payment.received',
    data: {
      transactionId: transferId,
      kind: 'paymentRequest',
      paymentRequestId: row.id,
      accountId: row.accountId,
      amount: moneyText(row.amount),
      currency: row.currencyCode,
      payerName: payer
        ? customerDisplayName(payer)
        : typeof transfer.details.payerName === 'string'
          ? transfer.details.payerName
          : null,
      description: row.description,
      reference: row.reference,
      ...(card ? { card } : {}),
    },
  });
}

/** The payment's quote: the P2P fee and limits, in the request's currency only. */
async function quoteFor(
  db: DbOrTx,
  customerId: number,
  row: PaymentRequestRow,
  merchantName: string,
  fromAccount: number,
): Promise<Quote> {
  const quote = await quoteInvoicePayment(db, customerId, {
    fromAccount,
    toAccount: row.accountId,
    toAmount: moneyText(row.amount),
    invoiceId: row.id,
    invoiceNumber: row.description,
    payeeEmail: '',
    payeeName: merchantName,
  });
  // The payer pays in the request's currency (no exchange on a merchant's page).
  if (quote.from.currencyCode !== row.currencyCode)
    throw AppError.invalid(
      { fromAccount: 'validation.currencyMismatch' },
      `Pay from an account in ${row.currencyCode}`,
    );
  checkLimits(await limitStates(db, customerId, quote.from.currencyCode), quote.sourceAmount);
  const { invoiceId: _invoice, email: _email, ...details } = quote.details;
  const payeeText = `${merchantName} · ${row.description}`;
  return {
    ...quote,
    payeeText,
    payeeKey: `payment-request:${row.id}:account:${row.accountId}`,
    details: { ...details, payeeText, paymentRequestId: row.id },
  };
}

/** The request behind a link as a payer may see it: another brand's is "not found". */
async function requestForPayer(
  db: DbOrTx,
  actor: Actor,
  token: string,
  lock: boolean,
): Promise<PaymentRequestRow> {
  const query = db.select().from(paymentRequests).where(eq(paymentRequests.token, token));
  const [row] = lock ? await query.for('update') : await query;
  const payerBrand = await brandIdOf(db, actor.customerId);
  if (!row || payerBrand !== row.brandId) throw AppError.notFound('This payment link is not valid');
  return row;
}

async function merchantNameOf(db: DbOrTx, row: PaymentRequestRow): Promise<string> {
  const [merchant] = await db.select().from(customers).where(eq(customers.id, row.customerId));
  return merchant ? customerDisplayName(merchant) : '';
}

/** What paying the request from an account costs: its amount, the fee and the total. */
export async function quotePaymentRequest(
  deps: Pick<TransferDeps, 'db'>,
  actor: Actor,
  input: { token: string; fromAccount: number },
): Promise<PaymentRequestQuote> {
  await requireTransferRights(deps.db, actor, 'p2p');
  const row = await requestForPayer(deps.db, actor, input.token, false);
  const quote = await quoteFor(
    deps.db,
    actor.customerId,
    row,
    await merchantNameOf(deps.db, row),
    input.fromAccount,
  );
  return {
    fromAccount: quote.from.id,
    amount: moneyText(quote.sourceAmount),
    fee: moneyText(quote.fee),
    total: moneyText(quote.sourceAmount.plus(quote.fee)),
    currency: quote.from.currencyCode,
  };
}

export async function payPaymentRequest(
  deps: TransferDeps,
  actor: Actor,
  input: { token: string; fromAccount: number; idempotencyKey: string },
): Promise<SubmitResult> {
  const level = await requireTransferRights(deps.db, actor, 'p2p');
  if (level !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a user with full access may pay a payment request');
  const requestHash = hashRequest({
    method: 'payPaymentRequest',
    userId: actor.userId,
    ...input,
  });
  const executed = await deps.db.transaction(async (tx) => {
    const row = await requestForPayer(tx, actor, input.token, true);
    if (row.paymentTransferId !== null) {
      const [earlier] = await tx
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, row.paymentTransferId));
      // The same request again (a retry with its idempotency key): its first answer.
      if (earlier?.requestHash === requestHash)
        return {
          result: earlier.details.submit as SubmitResult,
          replayed: true,
          accountIds: [] as number[],
        };
    }
    if (row.customerId === actor.customerId)
      throw refuse('ownPaymentRequest', 'A company cannot pay its own payment request');
    requireOpen(row);
    const merchantName = await merchantNameOf(tx, row);
    const key =
      row.paymentAttempts === 0 ? `payreq-${row.id}` : `payreq-${row.id}-${row.paymentAttempts}`;
    const done = await executeQuoted(
      tx,
      deps,
      actor,
      (inTx) => quoteFor(inTx, actor.customerId, row, merchantName, input.fromAccount),
      { idempotencyKey: key, requestHash, confirm: true },
    );
    if (done.replayed) return done;
    if (done.result.status === 'settled') {
      await markPaid(tx, row, done.transferId);
    } else {
      await tx
        .update(paymentRequests)
        .set({
          paymentTransferId: done.transferId,
          payerCustomerId: actor.customerId,
          payerAccountId: input.fromAccount,
        })
        .where(eq(paymentRequests.id, row.id));
    }
    return done;
  });
  if (executed.result.status === 'settled' && !executed.replayed)
    await publishAccountChanges(deps.realtime, deps.db, executed.accountIds);
  return executed.result;
}

/**
 * The confirmation of a request's payment was decided (transfers' outcome hook, in its
 * transaction, before the ledger moves): settled pays the request; declined or expired frees it
 * and counts the attempt, so the next payment has a new ledger key.
 */
export const paymentRequestOutcome: TransferOutcomeHook = async (tx, transferId, outcome) => {
  const [row] = await tx
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.paymentTransferId, transferId))
    .for('update');
  if (!row || row.status !== 'open') return [];
  if (outcome === 'settled') {
    await markPaid(tx, row, transferId);
    return [];
  }
  await tx
    .update(paymentRequests)
    .set({
      paymentTransferId: null,
      payerCustomerId: null,
      payerAccountId: null,
      paymentAttempts: row.paymentAttempts + 1,
    })
    .where(eq(paymentRequests.id, row.id));
  return [];
};
