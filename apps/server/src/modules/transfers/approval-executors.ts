import type { RealtimeEvent } from '@ledgerline/contract';
import type { Tx } from '../../db/client';
import type { RequestRow } from './approvals';
import type { TransferDeps, TransferMaker } from './execute';

/*
 * What pays an approved request that is not one transfer (issue 17: a mass batch). The approval
 * machinery (approval-decision.ts: the approver's factor, votes, the policy's number of approvers)
 * stays here; the module that owns the request's kind registers how it is paid when it loads, as
 * the outcome hooks are: transfers may not import it. The executor runs in the decision's
 * transaction (a savepoint): an AppError it throws leaves the request pending with its message.
 */

export interface ApprovedRequest {
  request: RequestRow;
  approverUserId: number;
  /** The initiator, as the transfers are made by them. */
  maker: TransferMaker;
}

export interface ApprovalExecution {
  /** The one transfer that paid it, when there is one. */
  transferId: string | null;
  /** Customer accounts touched (AccountChanged after commit). */
  accountIds: number[];
  events: { userId: number; event: RealtimeEvent }[];
}

export interface ApprovalExecutor {
  /** Pays the request once it has the approvals it needs. */
  pay(tx: Tx, deps: TransferDeps, approved: ApprovedRequest): Promise<ApprovalExecution>;
  /** The request was declined (it is already marked so): what the owning module does then. */
  declined(tx: Tx, request: RequestRow): Promise<{ userId: number; event: RealtimeEvent }[]>;
}

const executors = new Map<string, ApprovalExecutor>();

/** Registers how requests of a transaction type are paid and declined (a second registration replaces the first). */
export function onApprovedRequest(transactionType: string, executor: ApprovalExecutor): void {
  executors.set(transactionType, executor);
}

export function approvalExecutorFor(transactionType: string): ApprovalExecutor | undefined {
  return executors.get(transactionType);
}
