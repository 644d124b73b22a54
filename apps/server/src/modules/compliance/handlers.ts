import type { complianceMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { decideReviewItem } from './decide';
import { requireAdmin } from './desk-access';
import { loadReviewItem, loadReviewQueue } from './queue';

export const complianceHandlers: MethodHandlers<typeof complianceMethods> = {
  async getComplianceQueue(input, ctx) {
    await requireAdmin(ctx.db, ctx.actor);
    return loadReviewQueue(ctx.db, input);
  },

  async getComplianceItem(input, ctx) {
    await requireAdmin(ctx.db, ctx.actor);
    return loadReviewItem(ctx.db, input.kind, input.id);
  },

  async decideComplianceItem(input, ctx) {
    return decideReviewItem(
      { db: ctx.db, mailer: ctx.services.mailer, realtime: ctx.services.realtime },
      ctx.actor,
      input,
    );
  },
};
