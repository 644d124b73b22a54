import type { merchantTrustMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { requireMerchantRights } from '../customers';
import {
  createIdentityRequest,
  identityRequestFeeFor,
  identityRequestHistory,
  listIdentityRequests,
} from './identity-requests';
import { reputationOf } from './reputation';

/** The trust methods of the main API (contract: merchantTrustMethods); each needs merchant rights for the acting company. */
export const merchantTrustHandlers: MethodHandlers<typeof merchantTrustMethods> = {
  async getIdentityVerificationFee(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return { fee: await identityRequestFeeFor(ctx.db, ctx.actor, input.accountId) };
  },
  async createIdentityVerificationRequest(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    return { identity: await createIdentityRequest(ctx.db, ctx.actor, input, ctx.site.origin) };
  },
  async getIdentities(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return listIdentityRequests(ctx.db, ctx.actor, input);
  },
  async getIdentityVerificationHistory(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return { events: await identityRequestHistory(ctx.db, ctx.actor, input.id) };
  },
  async getReputation(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return reputationOf(ctx.db, ctx.actor, input);
  },
};
