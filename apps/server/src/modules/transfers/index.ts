import type { ServerModule } from '../../server-module';
import { decideApprovalRequest } from './approval-decision';
import { businessApprovalHandlers } from './approval-handlers';
import { decideTransactionRequest } from './confirmation';
import { externalTransferHandlers } from './external-handlers';
import { transferHandlers } from './handlers';
import { startTransferScheduler } from './recurring';

/** What transfers gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'transfers',
  handlers: { ...transferHandlers, ...externalTransferHandlers, ...businessApprovalHandlers },
  // Confirmations that ran out are rejected and recurring transfers run.
  jobs: [
    (ctx) =>
      startTransferScheduler({
        db: ctx.db,
        mailer: ctx.services.mailer,
        realtime: ctx.services.realtime,
        log: ctx.log,
      }),
  ],
  // A transfer's push approval, and an approver's, are decided on the phone (auth's device requests).
  deviceRequestHooks: {
    transaction: decideTransactionRequest,
    approval: decideApprovalRequest,
  },
} satisfies ServerModule;

export { accountEvents, publishAccountChanges, publishAll, usersOfCustomer } from './events';
export { executeTransfer, postingsOf } from './execute';
export { quoteInvoicePayment } from './quote';
export { onTransferOutcome } from './outcome-hooks';
export type { TransferOutcome, TransferOutcomeEvents, TransferOutcomeHook } from './outcome-hooks';
export { railStatusOf } from './external';
export { returnMessage } from './external-messages';
export { roundToCurrency } from './fees';
export { brandFee, submitQuotedTransfer } from './quoted-submit';
export type { TransferDeps } from './execute';
/** For mass transfers (issue 17): each batch row is quoted and limited by the single transfer's own rules. */
export { quoteOf } from './execute';
/** Issue 18 (pay): a payment request is paid as a quoted transfer in the request's own transaction. */
export { executeQuoted } from './execute';
export { QuoteReads } from './quote-reads';
export { checkLimits, limitStates } from './limits';
export type { TransferRequest } from './quote';
export type { Quote } from './quote';
// Issue 17: a mass batch is confirmed, limited and approved as transfers are (modules/mass-transfers).
export { onApprovedRequest } from './approval-executors';
export type { ApprovalExecution, ApprovalExecutor } from './approval-executors';
export { approvalEvents } from './approvals';
export { confirmDecision, startDecision } from './approval-decision';
export { requiredApprovalsFor } from './approval-policy';
export { checkBatchLimits } from './limits';
export { startConfirmationOf } from './second-factor';
