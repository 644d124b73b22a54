import type { massTransferMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { sampleLinks } from './samples';
import { changeRow, dryRun, getBatch } from './service';

type WorkbenchMethods = Pick<
  typeof massTransferMethods,
  | 'getMassSampleLinks'
  | 'getMassBatch'
  | 'updateMassBatchRow'
  | 'removeMassBatchRow'
  | 'restoreMassBatchRow'
  | 'getMassBatchDryRun'
>;

/** The workbench (issue 17 part A): samples, a batch with its rows, fix, drop, restore and the dry run. */
export const workbenchHandlers: MethodHandlers<WorkbenchMethods> = {
  async getMassSampleLinks() {
    return { samples: sampleLinks() };
  },

  async getMassBatch(input, ctx) {
    return getBatch(ctx.db, ctx.actor, input);
  },

  async updateMassBatchRow(input, ctx) {
    return changeRow(ctx.db, ctx.actor, input, { kind: 'update', fields: input.fields }, (value) =>
      ctx.services.cardVault.fingerprint(value),
    );
  },

  async removeMassBatchRow(input, ctx) {
    return changeRow(ctx.db, ctx.actor, input, { kind: 'remove' }, (value) =>
      ctx.services.cardVault.fingerprint(value),
    );
  },

  async restoreMassBatchRow(input, ctx) {
    return changeRow(ctx.db, ctx.actor, input, { kind: 'restore' }, (value) =>
      ctx.services.cardVault.fingerprint(value),
    );
  },

  async getMassBatchDryRun(input, ctx) {
    return dryRun(ctx.db, ctx.actor, input.batchId);
  },
};
