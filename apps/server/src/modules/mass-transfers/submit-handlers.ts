import type { massTransferMethods } from '@ledgerline/contract';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import type { TransferDeps } from '../transfers';
import { confirmBatchDecision, startBatchDecision } from './batch-approval';
import { batchStatus, massBatchOf, resubmitFailed } from './status';
import { submitBatch } from './submit';

/* Submitting, re-submitting, polling and approving a mass batch (issue 17E): each method calls one use case. */

type SubmitMethods = Pick<
  typeof massTransferMethods,
  | 'submitMassBatch'
  | 'resubmitMassFailedRows'
  | 'getMassBatchStatus'
  | 'massApprove'
  | 'massApproveConfirm'
>;

function depsOf(ctx: AuthedMethodContext): TransferDeps {
  return { db: ctx.db, mailer: ctx.services.mailer, realtime: ctx.services.realtime };
}

export const submitHandlers: MethodHandlers<SubmitMethods> = {
  submitMassBatch: (input, ctx) => submitBatch(depsOf(ctx), ctx.actor, input, ctx.site.origin),
  async resubmitMassFailedRows(input, ctx) {
    const batchId = await resubmitFailed(depsOf(ctx), ctx.actor, input.batchId);
    return { batch: await massBatchOf(depsOf(ctx), batchId) };
  },
  getMassBatchStatus: (input, ctx) => batchStatus(depsOf(ctx), ctx.actor, input.batchId),
  massApprove: (input, ctx) => startBatchDecision(depsOf(ctx), ctx.actor, input),
  massApproveConfirm: (input, ctx) => confirmBatchDecision(depsOf(ctx), ctx.actor, input),
};
