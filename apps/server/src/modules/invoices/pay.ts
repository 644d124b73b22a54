import { eq } from 'drizzle-orm';
import type { InvoicePayQuote, SubmitResult } from '@ledgerline/contract';
import { ACCESS_LEVELS, getBrand, isBrandId } from '@ledgerline/domain';
import type { Tx } from '../../db/client';
import { invoices, ledgerTransfers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { customerDisplayName, requireTransferRights } from '../customers';
import { hashRequest, Money, moneyText } from '../ledger';
import {
  accountEvents,
  executeTransfer,
  quoteInvoicePayment,
  type TransferOutcomeHook,
} from '../transfers';
import type { InvoiceDeps } from './deps';
import { invoiceEvents, mailAbout, type Published } from './notify';
import { publish } from './create';
import { findInvoiceFor, loadCustomer, type InvoiceRow } from './repository';
import { invoiceNumber, isOpen, payeeEmailOf } from './view';

/*
 * Paying an invoice (issue 16A), read top to bottom: the payer's rights (as a P2P transfer:
 * full access, the otherPerson.p2p flag, a customer who may move money), the invoice locked FOR
 * UPDATE, its state, then the transfer through the transfers module in the same transaction
 * (quote, limits, ledger with the key invoice-<id>, the second factor). Settled at once (mode 0)
 * the invoice is paid in that transaction; otherwise it waits (awaitingPayment) and the
 * confirmation's outcome hook below pays it, or opens it again when the payment is declined or
 * expires. The row lock makes a second payment (another tab, another user, another customer with
 * the e-mail) wait and then find the invoice no longer open: an invoice is paid once.
 */

function notOpen(): AppError {
  return AppError.invalid(
    { invoiceId: 'validation.invoiceNotOpen' },
    'This invoice can no longer be paid',
  );
}

function paymentRequest(
  row: InvoiceRow,
  fromAccount: number,
  payeeEmail: string,
  payeeName: string,
) {
  return {
    kind: 'invoicePayment' as const,
    fromAccount,
    toAccount: row.payeeAccountId,
    toAmount: moneyText(row.amount),
    invoiceId: row.id,
    invoiceNumber: invoiceNumber(row),
    payeeEmail,
    payeeName,
  };
}

async function payableBy(
  tx: Tx | InvoiceDeps['db'],
  actor: Actor,
  invoiceId: number,
  lock: boolean,
) {
  const found = await findInvoiceFor(tx, actor.customerId, invoiceId, { forUpdate: lock });
  if (found.role !== 'payer') throw AppError.notFound('Invoice not found');
  return found.row;
}

export async function quoteInvoice(
  deps: InvoiceDeps,
  actor: Actor,
  input: { invoiceId: number; fromAccount: number },
): Promise<{ quote: InvoicePayQuote }> {
  await requireTransferRights(deps.db, actor, 'p2p');
  const row = await payableBy(deps.db, actor, input.invoiceId, false);
  if (!isOpen(row)) throw notOpen();
  const payee = await loadCustomer(deps.db, row.payeeCustomerId);
  const quote = await quoteInvoicePayment(
    deps.db,
    actor.customerId,
    paymentRequest(
      row,
      input.fromAccount,
      await payeeEmailOf(deps.db, row),
      customerDisplayName(payee),
    ),
  );
  return {
    quote: {
      invoiceId: row.id,
      fromAccount: quote.from.id,
      amount: moneyText(quote.sourceAmount),
      currency: quote.from.currencyCode,
      fee: moneyText(quote.fee),
      total: moneyText(quote.sourceAmount.plus(quote.fee)),
      toAmount: moneyText(quote.toAmount),
      toCurrency: quote.to.currencyCode,
      rate: quote.rate,
      isExchange: quote.from.currencyCode !== quote.to.currencyCode,
    },
  };
}

/** Marks the invoice paid by a settled transfer, with the e-mails to both parties; answers its events. */
async function markPaid(tx: Tx, row: InvoiceRow, transferId: string): Promise<Published> {
  const [transfer] = await tx
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, transferId));
  if (!transfer) throw new Error(`invoice ${row.id}: payment transfer ${transferId} not found`);
  const fromAccount = Number(transfer.details.fromAccount);
  const [paid] = await tx
    .update(invoices)
    .set({
      status: 'paid',
      paymentTransferId: transferId,
      payerCustomerId: transfer.customerId,
      payerAccountId: fromAccount,
      paidAt: new Date(),
      paidFee: moneyText(transfer.fee),
      paidTotal: moneyText(new Money(transfer.amount).plus(transfer.fee)),
      paidCurrencyCode: transfer.currencyCode,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, row.id))
    .returning();
  if (!paid) throw new Error(`invoice ${row.id} vanished`);
  const payee = await loadCustomer(tx, paid.payeeCustomerId);
  const payer = transfer.customerId === null ? null : await loadCustomer(tx, transfer.customerId);
  const values = {
    brand: getBrand(isBrandId(paid.brandId) ? paid.brandId : 'pebble').projectName,
    payee: customerDisplayName(payee),
    payer: payer ? customerDisplayName(payer) : paid.payerEmail,
    amount: `${moneyText(paid.amount)} ${paid.currencyCode}`,
    account: `#${paid.payeeAccountId}`,
  };
  await mailAbout(tx, paid, 'paidPayee', values);
  await mailAbout(tx, paid, 'paidPayer', {
    ...values,
    paid: `${moneyText(paid.paidTotal ?? '0')} ${paid.paidCurrencyCode ?? ''}`,
  });
  await audit(tx, {
    action: 'invoice.paid',
    userId: transfer.initiatedByUserId,
    customerId: transfer.customerId,
    details: { invoiceId: paid.id, transferId },
  });
  return invoiceEvents(tx, paid);
}

export async function payInvoice(
  deps: InvoiceDeps,
  actor: Actor,
  input: { invoiceId: number; fromAccount: number; idempotencyKey: string },
): Promise<SubmitResult> {
  const level = await requireTransferRights(deps.db, actor, 'p2p');
  // An initiate-only business user's payment would wait for an approver while the invoice stays
  // open to others: refused for now (docs/decisions.md).
  if (level !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a user with full access may pay an invoice');
  const requestHash = hashRequest({
    method: 'payInvoice',
    userId: actor.userId,
    invoiceId: input.invoiceId,
    fromAccount: input.fromAccount,
    idempotencyKey: input.idempotencyKey,
  });
  let events: Published = [];
  const result = await deps.db.transaction(async (tx): Promise<SubmitResult> => {
    const row = await payableBy(tx, actor, input.invoiceId, true);
    if (row.paymentTransferId !== null) {
      const [earlier] = await tx
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, row.paymentTransferId));
      // The same request again (a retry with its idempotency key): its first answer.
      if (earlier?.requestHash === requestHash) return earlier.details.submit as SubmitResult;
    }
    if (row.status === 'paid')
      throw AppError.invalid(
        { invoiceId: 'validation.invoiceAlreadyPaid' },
        'This invoice is already paid',
      );
    if (row.status === 'awaitingPayment')
      throw AppError.invalid(
        { invoiceId: 'validation.invoicePaymentPending' },
        'A payment of this invoice is waiting for its confirmation',
      );
    if (!isOpen(row)) throw notOpen();
    const payee = await loadCustomer(tx, row.payeeCustomerId);
    const key =
      row.paymentAttempts === 0 ? `invoice-${row.id}` : `invoice-${row.id}-${row.paymentAttempts}`;
    const executed = await executeTransfer(
      tx,
      deps,
      actor,
      paymentRequest(
        row,
        input.fromAccount,
        await payeeEmailOf(tx, row),
        customerDisplayName(payee),
      ),
      { idempotencyKey: key, requestHash, confirm: true },
    );
    if (executed.result.status === 'settled') {
      events = [
        ...(await markPaid(tx, row, executed.transferId)),
        ...(await accountEvents(tx, executed.accountIds)),
      ];
    } else {
      const [waiting] = await tx
        .update(invoices)
        .set({
          status: 'awaitingPayment',
          paymentTransferId: executed.transferId,
          payerCustomerId: actor.customerId,
          payerAccountId: input.fromAccount,
          updatedAt: new Date(),
        })
        .where(eq(invoices.id, row.id))
        .returning();
      if (waiting) events = await invoiceEvents(tx, waiting);
    }
    return executed.result;
  });
  await publish(deps, events);
  return result;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The confirmation of an invoice's payment was decided (transfers' outcome hook, in its
 * transaction, before the ledger moves): settled pays the invoice; declined or expired opens it
 * again (overdue when its day has passed) and counts the attempt, so the next payment has a new
 * ledger key.
 */
export const invoicePaymentOutcome: TransferOutcomeHook = async (tx, transferId, outcome) => {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.paymentTransferId, transferId))
    .for('update');
  if (!row || row.status !== 'awaitingPayment') return [];
  if (outcome === 'settled') return markPaid(tx, row, transferId);
  const [reopened] = await tx
    .update(invoices)
    .set({
      status: row.dueDate < today() ? 'overdue' : 'unpaid',
      paymentTransferId: null,
      payerAccountId: null,
      paymentAttempts: row.paymentAttempts + 1,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, row.id))
    .returning();
  return reopened ? invoiceEvents(tx, reopened) : [];
};
