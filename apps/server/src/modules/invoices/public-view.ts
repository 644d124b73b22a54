import { eq } from 'drizzle-orm';
import type { InvoiceKind, InvoiceStatus, PublicInvoice } from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { invoiceLinks, invoices } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { customerDisplayName } from '../customers';
import { moneyText } from '../ledger';
import { loadCustomer } from './repository';
import { invoiceNumber } from './view';

/**
 * The public view of an e-mailed or shared link (no sign-in): who asks, how much, why, the due
 * date and the status, nothing more (no e-mails, accounts or ids). An unknown token is not found.
 */
export async function publicInvoice(db: DbOrTx, token: string): Promise<PublicInvoice> {
  const [found] = await db
    .select({ row: invoices })
    .from(invoiceLinks)
    .innerJoin(invoices, eq(invoices.id, invoiceLinks.invoiceId))
    .where(eq(invoiceLinks.tokenHash, sha256(token)));
  if (!found) throw AppError.notFound('Invoice not found');
  const { row } = found;
  const payee = await loadCustomer(db, row.payeeCustomerId);
  return {
    number: invoiceNumber(row),
    kind: row.kind as InvoiceKind,
    payeeName: customerDisplayName(payee),
    amount: moneyText(row.amount),
    currencyCode: row.currencyCode,
    noteBody: row.noteBody,
    dueDate: row.dueDate,
    status: row.status as InvoiceStatus,
    brandId: row.brandId,
  };
}
