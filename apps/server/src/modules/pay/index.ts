import type { ServerModule } from '../../server-module';
import { onTransferOutcome } from '../transfers';
import { payHandlers } from './handlers';
import { paymentRequestOutcome } from './pay';
import { payPageRestRoutes } from './routes';

// A payment waiting for its second factor pays the request, or frees it, when it is decided.
onTransferOutcome(paymentRequestOutcome);

/**
 * Payment requests, the hosted pay page and refunds (issue 18 "pay"). The public API's calls that
 * create and read requests and refund payments live in the merchant API's v1 scope (its key,
 * rate limit, log and idempotency) and call the functions exported below.
 */
export const module = {
  name: 'pay',
  handlers: payHandlers,
  routes: async (app, ctx) => {
    await payPageRestRoutes(app, {
      db: ctx.db,
      site: ctx.site,
      brandHosts: ctx.config.brandHosts,
      realtime: ctx.services.realtime,
    });
  },
} satisfies ServerModule;

export {
  cancelPaymentRequest,
  companyPaymentRequest,
  createPaymentRequest,
  payLinkOrigin,
  type CreatePaymentRequestInput,
} from './requests';
export { REFUND_KIND, refundPayment } from './refunds';
