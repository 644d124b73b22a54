import type { customerMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { loadCustomerAccessInfo } from './access-info';
import { loadCustomerInfo } from './customer-info';
import { acceptPendingTerms } from './terms';

export const customerHandlers: MethodHandlers<typeof customerMethods> = {
  async getCustomerInfo(_input, ctx) {
    return loadCustomerInfo(ctx.db, ctx.actor);
  },

  async getCustomerAccessInfo(_input, ctx) {
    return loadCustomerAccessInfo(ctx.db, ctx.actor);
  },

  async acceptTerms(input, ctx) {
    return { accepted: await acceptPendingTerms(ctx.db, ctx.actor, input.terms) };
  },
};
