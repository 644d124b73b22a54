import type { fundingMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { requireBalanceAccess } from '../customers';
import { fundingPdfLink } from './pdf-link';
import {
  cancelFundingInvoice,
  createFundingInvoice,
  findFundingInvoice,
  listFundingInvoices,
  toFundingInvoice,
} from './service';

export const fundingHandlers: MethodHandlers<typeof fundingMethods> = {
  async fundingInvoiceCreate(input, ctx) {
    return { invoice: toFundingInvoice(await createFundingInvoice(ctx.db, ctx.actor, input)) };
  },

  async getFundingInvoices(input, ctx) {
    return listFundingInvoices(ctx.db, ctx.actor, input);
  },

  async getFundingInvoice(input, ctx) {
    requireBalanceAccess(ctx.actor);
    return {
      invoice: toFundingInvoice(
        await findFundingInvoice(ctx.db, ctx.actor.customerId, input.invoiceId),
      ),
    };
  },

  async fundingInvoiceCancel(input, ctx) {
    return {
      invoice: toFundingInvoice(await cancelFundingInvoice(ctx.db, ctx.actor, input.invoiceId)),
    };
  },

  async getFundingInvoicePdf(input, ctx) {
    requireBalanceAccess(ctx.actor);
    return {
      urlPdf: await fundingPdfLink(ctx.db, {
        customerId: ctx.actor.customerId,
        userId: ctx.actor.userId,
        invoiceId: input.invoiceId,
        lang: ctx.lang,
        origin: ctx.site.origin,
      }),
    };
  },
};
