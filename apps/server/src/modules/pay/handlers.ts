import type { payMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { payPaymentRequest, quotePaymentRequest } from './pay';

/** payPaymentRequest: a signed-in customer pays a payment request from the hosted pay page. */
export const payHandlers: MethodHandlers<typeof payMethods> = {
  quotePaymentRequest: async (input, ctx) => ({
    quote: await quotePaymentRequest({ db: ctx.db }, ctx.actor, input),
  }),
  payPaymentRequest: (input, ctx) =>
    payPaymentRequest(
      { db: ctx.db, mailer: ctx.services.mailer, realtime: ctx.services.realtime },
      ctx.actor,
      input,
    ),
};
