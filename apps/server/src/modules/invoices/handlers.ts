import type { invoiceMethods } from '@ledgerline/contract';
import { AppError } from '../../lib/errors';
import type { MethodHandlers } from '../../main-api/types';

const notYet = () => Promise.reject(AppError.notFound('Invoice not found'));

/** Placeholder while the module is built (issue 16A): every call answers not found. */
export const invoiceHandlers: MethodHandlers<typeof invoiceMethods> = {
  getReceivedInvoices: notYet,
  getSentInvoices: notYet,
  getInvoice: notYet,
  getInvoicePdf: notYet,
  createInvoice: notYet,
  requestMoney: notYet,
  rejectInvoice: notYet,
  cancelInvoice: notYet,
  getInvoicePayQuote: notYet,
  payInvoice: notYet,
  getPublicInvoice: notYet,
};
