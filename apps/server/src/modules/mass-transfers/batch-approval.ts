import { and, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { massTransferMethods } from '@ledgerline/contract';
import type { Tx } from '../../db/client';
import {
  approvalDecisions,
  approvalRequests,
  batchTransfers,
  massBatchSubmissions,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { findCustomerAccount, type AccountRow } from '../accounts';
import { audit } from '../audit';
import { moneyText, type Money } from '../ledger';
import {
  confirmDecision,
  requiredApprovalsFor,
  startDecision,
  type ApprovalExecution,
  type ApprovalExecutor,
  type TransferDeps,
} from '../transfers';
import { payeeHashOf, payRows, type BatchRow } from './payments';
import { lockOwnBatch, payableRows, refuse, totalsOf } from './batch-rules';

/*
 * Batch approvals (issue 17E; spec 2 §4 "Business approval requests are approved or declined,
 * singly or as a mass batch", §7 "mass approve (batchId, declined)"). An initiate-only user's
 * submit makes ONE approval request for the batch (approval_requests.batch_id), whose amount is
 * the batch's total and whose payee key is the hash of its rows (number, cells, amount): the
 * approver's code is bound to both (transfers' approval-decision.ts), and paying it checks them
 * again, so a batch fixed, dropped or restored after the request cannot be paid. The company's
 * policy (N approvers above X) applies as to a single transfer; the request row's lock makes two
 * approvers at once pay it once (and the rows' idempotency keys would too).
 */

/** approval_requests.transaction_type of a batch request. */
export const MASS_APPROVAL_TYPE = 'massBatch';

type Payload = { batchId: number; totalAmount: string; fee: string; payeeHash: string };

export async function createBatchApproval(
  tx: Tx,
  actor: Actor,
  input: {
    batch: BatchRow;
    account: AccountRow;
    rowsCount: number;
    total: Money;
    fee: Money;
    payeeHash: string;
  },
) {
  const { batch, account } = input;
  const payload: Payload = {
    batchId: batch.id,
    totalAmount: moneyText(input.total),
    fee: moneyText(input.fee),
    payeeHash: input.payeeHash,
  };
  const payeeText = `${batch.name} (${input.rowsCount})`;
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      customerId: batch.customerId,
      createdByUserId: actor.userId,
      transactionType: MASS_APPROVAL_TYPE,
      payload,
      idempotencyKey: `mass-batch-${batch.id}`,
      requestHash: input.payeeHash,
      amount: moneyText(input.total),
      currencyCode: account.currencyCode,
      description: batch.name.slice(0, 256),
      batchId: batch.id,
      requiredApprovals: await requiredApprovalsFor(
        tx,
        batch.customerId,
        input.total,
        account.currencyCode,
      ),
      // What the approver is shown (transfers' ApprovalSnapshot): the account, the batch, the sums.
      snapshot: {
        source: {
          kind: 'ownAccount',
          name: account.name,
          accountId: account.id,
          iban: null,
          email: null,
          currency: account.currencyCode,
        },
        destination: {
          kind: 'external',
          name: payeeText,
          accountId: null,
          iban: null,
          email: null,
          currency: account.currencyCode,
        },
        sourceAmount: moneyText(input.total),
        toAmount: moneyText(input.total),
        toCurrency: account.currencyCode,
        rate: '1',
        fee: moneyText(input.fee),
        reference: batch.name.slice(0, 140),
        payeeKey: `mass:${batch.id}:${input.payeeHash}`,
        payeeText,
      },
    })
    .returning();
  if (!row) throw new Error('mass approval request insert returned nothing');
  return row;
}

/** Pays an approved batch request: the batch as it was asked for, or nothing. */
const pay: ApprovalExecutor['pay'] = async (tx, _deps, approved): Promise<ApprovalExecution> => {
  const payload = approved.request.payload as unknown as Payload;
  const batch = await lockOwnBatch(tx, approved.request.customerId, payload.batchId);
  if (batch.status !== 'awaitingApproval')
    throw refuse('batchId', 'validation.batchSubmitted', 'This batch was already decided');
  const changed = () =>
    refuse(
      'batchId',
      'validation.batchChanged',
      'The batch changed after its approval was asked for: it cannot be paid. Decline it and send it again.',
    );
  let rows;
  try {
    rows = await payableRows(tx, batch);
  } catch (error) {
    if (error instanceof AppError) throw changed();
    throw error;
  }
  const { total } = totalsOf(rows);
  if (!total.equals(payload.totalAmount) || payeeHashOf(rows) !== payload.payeeHash)
    throw changed();
  const source = await findCustomerAccount(tx, batch.customerId, batch.accountId);
  const paid = await payRows(tx, {
    batch,
    account: source,
    rows,
    maker: approved.maker,
    pending: false,
    approvedByUserId: approved.approverUserId,
  });
  const now = new Date();
  await tx
    .update(batchTransfers)
    .set({ status: 'processing', updatedAt: now })
    .where(eq(batchTransfers.id, batch.id));
  await tx
    .update(massBatchSubmissions)
    .set({ state: 'processing' })
    .where(eq(massBatchSubmissions.batchId, batch.id));
  await audit(tx, {
    action: 'massBatch.approved',
    userId: approved.approverUserId,
    customerId: batch.customerId,
    details: { batchId: batch.id, rows: paid.paidCount, failedRows: paid.failedCount },
  });
  return { transferId: null, accountIds: paid.accountIds, events: [] };
};

/** A declined batch request: the batch is declined and nothing moves. */
const declined: ApprovalExecutor['declined'] = async (tx, request) => {
  const payload = request.payload as unknown as Payload;
  const now = new Date();
  await tx
    .update(batchTransfers)
    .set({ status: 'declined', updatedAt: now })
    .where(
      and(eq(batchTransfers.id, payload.batchId), eq(batchTransfers.status, 'awaitingApproval')),
    );
  await tx
    .update(massBatchSubmissions)
    .set({ state: 'declined', finishedAt: now })
    .where(eq(massBatchSubmissions.batchId, payload.batchId));
  return [];
};

export const batchApprovalExecutor: ApprovalExecutor = { pay, declined };

type MassApproveInput = z.output<(typeof massTransferMethods)['massApprove']['request']>;

/** massApprove: starts an approver's decision on the batch's pending request (sends their code). */
export async function startBatchDecision(
  deps: TransferDeps,
  actor: Actor,
  input: MassApproveInput,
) {
  const [request] = await deps.db
    .select({ id: approvalRequests.id, status: approvalRequests.status })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.customerId, actor.customerId),
        eq(approvalRequests.batchId, input.batchId),
        eq(approvalRequests.transactionType, MASS_APPROVAL_TYPE),
      ),
    );
  // Another customer's batch, or one nobody asked approval for, is as if it did not exist.
  if (!request) throw AppError.notFound('Batch not found');
  const started = await startDecision(deps, actor, {
    ids: [request.id],
    declined: input.declined,
    reason: input.reason,
  });
  return {
    approvalTransactionId: started.approvalTransactionId,
    approveType: started.approveType,
    approvalSentTo: started.approvalSentTo,
    availableApprovalMethods: started.availableApprovalMethods,
    batchId: input.batchId,
    declined: input.declined,
  };
}

/** massApproveConfirm: the approver's code for a batch decision; the decision applies as any approval's. */
export async function confirmBatchDecision(
  deps: TransferDeps,
  actor: Actor,
  input: { approvalTransactionId: string; code?: string | undefined },
) {
  const [decision] = await deps.db
    .select({ requestIds: approvalDecisions.requestIds })
    .from(approvalDecisions)
    .where(
      and(
        eq(approvalDecisions.id, input.approvalTransactionId),
        eq(approvalDecisions.userId, actor.userId),
        eq(approvalDecisions.customerId, actor.customerId),
      ),
    );
  const requestId = decision?.requestIds.length === 1 ? decision.requestIds[0] : undefined;
  const [request] =
    requestId === undefined
      ? []
      : await deps.db
          .select({ batchId: approvalRequests.batchId })
          .from(approvalRequests)
          .where(
            and(
              eq(approvalRequests.id, requestId),
              eq(approvalRequests.transactionType, MASS_APPROVAL_TYPE),
              isNotNull(approvalRequests.batchId),
            ),
          );
  // Only a decision on one batch is finished here (others through businessConfirm).
  if (!request?.batchId) throw AppError.notFound('Operation not found');
  const { results } = await confirmDecision(deps, actor, input);
  const outcome = results[0];
  return {
    batchId: request.batchId,
    status: outcome?.status ?? 'failed',
    message: outcome?.message ?? null,
  };
}
