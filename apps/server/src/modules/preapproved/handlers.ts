import type { preapprovedMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { requireMerchantRights } from '../customers';
import {
  cancelPreapproval,
  confirmPreapproval,
  createPreapproval,
  listPreapprovals,
} from './customer';
import { cancelSubscription, listInstalments, listSubscribers } from './merchant';

/** The pre-approval methods of the main API (contract: preapprovedMethods). */
export const preapprovedHandlers: MethodHandlers<typeof preapprovedMethods> = {
  createPreapprovedPayment(input, ctx) {
    return createPreapproval({ db: ctx.db, mailer: ctx.services.mailer }, ctx.actor, input);
  },
  confirmPreapprovedPayment(input, ctx) {
    return confirmPreapproval(ctx.db, ctx.actor, input);
  },
  getPreapprovedPayments(input, ctx) {
    return listPreapprovals(ctx.db, ctx.actor, input);
  },
  cancelPreapprovedPayment(input, ctx) {
    return cancelPreapproval(ctx.db, ctx.actor, input.id);
  },
  async getSubscribers(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return listSubscribers(ctx.db, ctx.actor, input.pageNumber);
  },
  async getSubscriptionInstalments(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return listInstalments(ctx.db, ctx.actor, input);
  },
  async cancelSubscription(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    return cancelSubscription(ctx.db, ctx.actor, input.subscriptionId);
  },
};
