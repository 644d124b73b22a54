import type { ServerModule } from '../../server-module';
import { onTransferOutcome } from '../transfers';
import { INVOICE_DOCUMENT, serveInvoiceDocument } from './documents';
import { invoiceHandlers } from './handlers';
import { invoicePaymentOutcome } from './pay';
import { startInvoiceSchedule } from './reminders';

// A payment waiting for its second factor pays the invoice, or opens it again, when it is decided.
onTransferOutcome(invoicePaymentOutcome);

/** What invoices gives the app (server-module.ts): invoices and money requests (issue 16A). */
export const module = {
  name: 'invoices',
  handlers: invoiceHandlers,
  // Reminders before and on the due date, and overdue marking; any node may run it (SKIP LOCKED).
  jobs: [
    (ctx) =>
      startInvoiceSchedule({
        db: ctx.db,
        mailer: ctx.services.mailer,
        realtime: ctx.services.realtime,
        log: ctx.log,
      }),
  ],
  linkedDocuments: [
    { handles: (document) => document === INVOICE_DOCUMENT, serve: serveInvoiceDocument },
  ],
} satisfies ServerModule;

export { runInvoiceSchedule, REMINDER_DAYS } from './reminders';
