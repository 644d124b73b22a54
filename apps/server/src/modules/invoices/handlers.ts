import type { invoiceMethods } from '@ledgerline/contract';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { requireBalanceAccess } from '../customers';
import { cancelInvoice, rejectInvoice } from './decide';
import { createInvoice, requestMoney } from './create';
import type { InvoiceDeps } from './deps';
import { invoicePdfLink } from './documents';
import { payInvoice, quoteInvoice } from './pay';
import { publicInvoice } from './public-view';
import { findInvoiceFor, listInvoices } from './repository';
import { partiesOf, toInvoice } from './view';

function depsOf(ctx: AuthedMethodContext): InvoiceDeps {
  return { db: ctx.db, mailer: ctx.services.mailer, realtime: ctx.services.realtime };
}

async function list(
  ctx: AuthedMethodContext,
  side: 'received' | 'sent',
  input: {
    status?: string | undefined;
    kind?: string | undefined;
    pageNumber: number;
    pageSize: number;
  },
) {
  requireBalanceAccess(ctx.actor);
  const { rows, total } = await listInvoices(
    ctx.db,
    ctx.actor.customerId,
    side,
    input as Parameters<typeof listInvoices>[3],
    input,
  );
  const parties = await partiesOf(ctx.db, rows);
  return {
    invoices: rows.map((row) => toInvoice(row, side === 'sent' ? 'payee' : 'payer', parties)),
    total,
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}

export const invoiceHandlers: MethodHandlers<typeof invoiceMethods> = {
  getReceivedInvoices: (input, ctx) => list(ctx, 'received', input),
  getSentInvoices: (input, ctx) => list(ctx, 'sent', input),

  async getInvoice(input, ctx) {
    requireBalanceAccess(ctx.actor);
    const { row, role } = await findInvoiceFor(ctx.db, ctx.actor.customerId, input.invoiceId);
    const link = await invoicePdfLink(ctx.db, ctx.actor, row.id, ctx.site.origin);
    return { invoice: toInvoice(row, role, await partiesOf(ctx.db, [row]), link) };
  },

  async getInvoicePdf(input, ctx) {
    requireBalanceAccess(ctx.actor);
    return {
      redirectLink: await invoicePdfLink(ctx.db, ctx.actor, input.invoiceId, ctx.site.origin),
    };
  },

  createInvoice: (input, ctx) => createInvoice(depsOf(ctx), ctx.actor, input, ctx.site.origin),
  requestMoney: (input, ctx) => requestMoney(depsOf(ctx), ctx.actor, input, ctx.site.origin),
  rejectInvoice: (input, ctx) => rejectInvoice(depsOf(ctx), ctx.actor, input.invoiceId, input.note),
  cancelInvoice: (input, ctx) => cancelInvoice(depsOf(ctx), ctx.actor, input.invoiceId),
  getInvoicePayQuote: (input, ctx) => quoteInvoice(depsOf(ctx), ctx.actor, input),
  payInvoice: (input, ctx) => payInvoice(depsOf(ctx), ctx.actor, input),

  async getPublicInvoice(input, ctx) {
    if (!input.token) throw AppError.notFound('Invoice not found');
    return { invoice: await publicInvoice(ctx.db, input.token) };
  },
};
