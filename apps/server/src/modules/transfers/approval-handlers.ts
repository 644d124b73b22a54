import type { businessApprovalMethods } from '@ledgerline/contract';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { approvalCounts, approvalUsers, listBusinessApprovals } from './approvals';
import {
  approveOne,
  confirmDecision,
  resendDecisionCode,
  startDecision,
} from './approval-decision';
import { getApprovalPolicy, setApprovalPolicy } from './approval-policy';
import type { TransferDeps } from './execute';

function depsOf(ctx: AuthedMethodContext): TransferDeps {
  return { db: ctx.db, mailer: ctx.services.mailer, realtime: ctx.services.realtime };
}

/** Business approvals (spec 2 §7 "Approvals"; issue 15): each method calls one use case. */
export const businessApprovalHandlers: MethodHandlers<typeof businessApprovalMethods> = {
  async getBusinessApprovals(input, ctx) {
    return listBusinessApprovals(depsOf(ctx), ctx.actor, input);
  },
  async getBusinessApprovalUsers(_input, ctx) {
    return approvalUsers(depsOf(ctx), ctx.actor);
  },
  async getBusinessApprovalNotificationCounts(_input, ctx) {
    return approvalCounts(depsOf(ctx), ctx.actor);
  },
  async businessApprovalsApprove(input, ctx) {
    return startDecision(depsOf(ctx), ctx.actor, {
      ids: input.transactionIds,
      declined: input.declined,
      reason: input.reason,
    });
  },
  async requestApprovalCode(input, ctx) {
    return startDecision(depsOf(ctx), ctx.actor, {
      ids: [input.trxid],
      declined: input.declined ?? false,
      reason: input.reason,
    });
  },
  async generateApprovalCode(input, ctx) {
    return resendDecisionCode(depsOf(ctx), ctx.actor, input);
  },
  async businessConfirm(input, ctx) {
    return confirmDecision(depsOf(ctx), ctx.actor, {
      ...input,
      fromEmail: ctx.envelope.fromEmail,
    });
  },
  async approveTransfer(input, ctx) {
    return approveOne(depsOf(ctx), ctx.actor, input);
  },
  async getApprovalPolicy(_input, ctx) {
    return getApprovalPolicy(ctx.db, ctx.actor);
  },
  async setApprovalPolicy(input, ctx) {
    return setApprovalPolicy(ctx.db, ctx.actor, input);
  },
};
