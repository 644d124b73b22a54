import { eq } from 'drizzle-orm';
import { getBrand, isBrandId } from '@ledgerline/domain';
import { invoices } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { customerDisplayName, refuseStaffMoneyMovement, transferAccessLevel } from '../customers';
import { moneyText } from '../ledger';
import type { InvoiceDeps } from './deps';
import { findInvoiceFor, loadCustomer } from './repository';
import { invoiceEvents, mailAbout, type Published } from './notify';
import { publish } from './create';
import { isOpen, partiesOf, toInvoice } from './view';

/*
 * The payer rejects an open invoice with a note; the sender cancels one. Open means unpaid or
 * overdue: a payment waiting for its second factor, a paid, rejected or cancelled invoice is not
 * changed (validation.invoiceNotOpen). The other party gets an e-mail; both get InvoiceChanged.
 */

function notOpen(): AppError {
  return AppError.invalid(
    { invoiceId: 'validation.invoiceNotOpen' },
    'This invoice can no longer be changed',
  );
}

async function decide(
  deps: InvoiceDeps,
  actor: Actor,
  invoiceId: number,
  decision: { role: 'payee' | 'payer'; status: 'rejected' | 'cancelled'; note?: string },
) {
  refuseStaffMoneyMovement(actor);
  transferAccessLevel(actor);
  let events: Published = [];
  const row = await deps.db.transaction(async (tx) => {
    const found = await findInvoiceFor(tx, actor.customerId, invoiceId, { forUpdate: true });
    // The sender cannot reject and the payer cannot cancel: to them it is not there to decide.
    if (found.role !== decision.role) throw AppError.notFound('Invoice not found');
    if (!isOpen(found.row)) throw notOpen();
    const [updated] = await tx
      .update(invoices)
      .set({
        status: decision.status,
        rejectNote: decision.note ?? null,
        // The payer who rejects it is the payer from now on (matched by a confirmed e-mail before).
        payerCustomerId: decision.role === 'payer' ? actor.customerId : found.row.payerCustomerId,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, found.row.id))
      .returning();
    if (!updated) throw notOpen();
    const payee = await loadCustomer(tx, updated.payeeCustomerId);
    await mailAbout(tx, updated, decision.status, {
      brand: getBrand(isBrandId(updated.brandId) ? updated.brandId : 'pebble').projectName,
      payee: customerDisplayName(payee),
      payer: updated.payerEmail,
      amount: `${moneyText(updated.amount)} ${updated.currencyCode}`,
      reason: decision.note ?? '',
    });
    await audit(tx, {
      action: `invoice.${decision.status}`,
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { invoiceId: updated.id },
    });
    events = await invoiceEvents(tx, updated);
    return updated;
  });
  await publish(deps, events);
  return { invoice: toInvoice(row, decision.role, await partiesOf(deps.db, [row])) };
}

export function rejectInvoice(deps: InvoiceDeps, actor: Actor, invoiceId: number, note: string) {
  return decide(deps, actor, invoiceId, { role: 'payer', status: 'rejected', note });
}

export function cancelInvoice(deps: InvoiceDeps, actor: Actor, invoiceId: number) {
  return decide(deps, actor, invoiceId, { role: 'payee', status: 'cancelled' });
}
