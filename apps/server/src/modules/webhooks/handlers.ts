import type { ipnMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import {
  confirmIpnMessage,
  getIpnMessage,
  getIpnSettings,
  listIpnMessages,
  updateIpnSettings,
} from './ipn';
import { requireMerchantRights } from '../customers';

/** The IPN methods of the main API (contract: ipnMethods); each needs merchant rights for the acting company. */
export const ipnHandlers: MethodHandlers<typeof ipnMethods> = {
  async getIpnSettings(_input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return { settings: await getIpnSettings(ctx.db, ctx.actor) };
  },
  async updateIpnSettings(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    return updateIpnSettings(ctx.db, ctx.actor, input, ctx.services.webhookAddresses);
  },
  async getIpnList(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return listIpnMessages(ctx.db, ctx.actor, input.pageNumber);
  },
  async getIpn(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return { ipnMessage: await getIpnMessage(ctx.db, ctx.actor, input.id) };
  },
  async confirmIpn(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    return { ipnMessage: await confirmIpnMessage(ctx.db, ctx.actor, input.id) };
  },
};
