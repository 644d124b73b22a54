import type { adminMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { startActing, stopActing } from './acting';
import { customerOfBrand, requireAdminBrand } from './admin-access';
import { loadAdminCustomer } from './customer-summary';
import { adminAssignDocument, adminDeleteRepresentative, adminRemoveDocument } from './powers';
import { searchCustomers } from './search';

export const adminHandlers: MethodHandlers<typeof adminMethods> = {
  async searchCustomers(input, ctx) {
    const brandId = await requireAdminBrand(ctx.db, ctx.actor);
    return searchCustomers(ctx.db, brandId, input);
  },

  async getAdminCustomer(input, ctx) {
    const brandId = await requireAdminBrand(ctx.db, ctx.actor);
    return loadAdminCustomer(ctx.db, await customerOfBrand(ctx.db, brandId, input.customerId));
  },

  async startActingForCustomer(input, ctx) {
    return startActing(ctx.db, ctx.actor, input.customerId);
  },

  async stopActingForCustomer(input, ctx) {
    return stopActing(ctx.db, ctx.actor, input.customerId);
  },

  async adminAssignDocument(input, ctx) {
    return adminAssignDocument(ctx.db, ctx.actor, input);
  },

  async adminRemoveDocument(input, ctx) {
    return adminRemoveDocument(ctx.db, ctx.actor, input);
  },

  async adminDeleteRepresentative(input, ctx) {
    return adminDeleteRepresentative(ctx.db, ctx.actor, input);
  },
};
