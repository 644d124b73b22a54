import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { MassSubmitResult } from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import type { MassTransferType } from '@ledgerline/domain/mass-transfers';
import type { Tx } from '../../db/client';
import { batchTransfers, ledgerTransfers, massBatchSubmissions } from '../../db/schema';
import { t } from '../../i18n/translate';
import type { Actor } from '../../lib/actor';
import { findCustomerAccount } from '../accounts';
import { audit } from '../audit';
import { refuseStaffMoneyMovement } from '../customers';
import { moneyText } from '../ledger';
import { confirmationPlan, sentToOf } from '../security';
import {
  publishAccountChanges,
  publishAll,
  startConfirmationOf,
  type TransferDeps,
} from '../transfers';
import { createBatchApproval } from './batch-approval';
import {
  batchChanged,
  lockOwnBatch,
  payableRows,
  refuse,
  requireMassRights,
  totalsOf,
} from './batch-rules';
import { finishBatch } from './finish';
import { payeeHashOf, payRows, type BatchRow } from './payments';

/*
 * submitMassBatch (issue 17E), read top to bottom: who may pay from this batch, the batch locked
 * and checked (uploaded, nothing left to fix, the total the customer saw), then one of three: an
 * initiate-only user's batch becomes ONE approval request bound to its total and payee hash; a
 * customer who confirms transfers gets every row reserved (pending) and one confirmation covering
 * them, answered by confirmTransaction as any transfer; otherwise every row is paid now. All in
 * one transaction with the submission row (its key answers a retry), then the events.
 */

type Submitted = { result: MassSubmitResult; accountIds: number[]; finish: boolean };

export async function submitBatch(
  deps: TransferDeps,
  actor: Actor,
  input: { batchId: number; totalAmount: string; idempotencyKey: string },
  linkOrigin: string,
): Promise<MassSubmitResult> {
  refuseStaffMoneyMovement(actor);
  const done = await deps.db.transaction(async (tx): Promise<Submitted> => {
    const batch = await lockOwnBatch(tx, actor.customerId, input.batchId);
    const [earlier] = await tx
      .select()
      .from(massBatchSubmissions)
      .where(eq(massBatchSubmissions.batchId, batch.id));
    if (earlier) {
      // A retry (or a second tab sending the same batch) answers the first submit; pays nothing.
      if (earlier.idempotencyKey === input.idempotencyKey)
        return {
          result: earlier.result as unknown as MassSubmitResult,
          accountIds: [],
          finish: false,
        };
      throw refuse('batchId', 'validation.batchSubmitted', 'This batch was already sent');
    }
    const type = batch.type as MassTransferType;
    const level = await requireMassRights(tx, actor, type);
    if (batch.status !== 'uploaded')
      throw refuse('batchId', 'validation.batchSubmitted', 'This batch was already sent');
    const rows = await payableRows(tx, batch);
    const { total, fee } = totalsOf(rows);
    if (!total.equals(input.totalAmount)) throw batchChanged();
    const account = await findCustomerAccount(tx, actor.customerId, batch.accountId);
    const payeeHash = payeeHashOf(rows);
    const base = {
      batchId: batch.id,
      totalAmount: moneyText(total),
      fee: moneyText(fee),
      currency: account.currencyCode,
    };
    const now = new Date();
    const submission = {
      batchId: batch.id,
      customerId: batch.customerId,
      userId: actor.userId,
      idempotencyKey: input.idempotencyKey,
      totalAmount: moneyText(total),
      fee: moneyText(fee),
      rowsCount: rows.length,
      payeeHash,
      linkOrigin,
    };

    if (level === ACCESS_LEVELS.initiate) {
      const request = await createBatchApproval(tx, actor, {
        batch,
        account,
        rowsCount: rows.length,
        total,
        fee,
        payeeHash,
      });
      const result: MassSubmitResult = {
        ...base,
        status: 'approvalCreated',
        operationId: null,
        approveType: 0,
        approvalSentTo: null,
        availableApprovalMethods: [],
      };
      await tx
        .update(batchTransfers)
        .set({ status: 'awaitingApproval', submittedAt: now, updatedAt: now })
        .where(eq(batchTransfers.id, batch.id));
      await tx.insert(massBatchSubmissions).values({
        ...submission,
        result,
        state: 'approval',
        approvalRequestId: request.id,
      });
      await audit(tx, {
        action: 'massBatch.approvalRequested',
        userId: actor.userId,
        customerId: actor.customerId,
        ip: actor.ip,
        details: {
          batchId: batch.id,
          requestId: request.id,
          rows: rows.length,
          total: base.totalAmount,
        },
      });
      return { result, accountIds: [], finish: false };
    }

    const plan = await confirmationPlan(tx, actor.userId, actor.ownCustomerId);
    const pending = plan.approveType !== 0;
    const paid = await payRows(tx, {
      batch,
      account,
      rows,
      maker: actor,
      pending,
      approvedByUserId: null,
    });
    let operationId: string | null = null;
    if (pending && paid.anchorTransferId) {
      operationId = randomUUID();
      const amount = `${moneyText(total.plus(fee))} ${account.currencyCode}`;
      const payee = t(actor.lang, 'mass-batches:confirmPayee', {
        name: batch.name,
        count: paid.paidCount,
      });
      await startConfirmationOf(tx, deps, {
        operationId,
        transferId: paid.anchorTransferId,
        actor,
        plan,
        amount: total,
        fee,
        currencyCode: account.currencyCode,
        payeeText: payee,
        payeeKey: `mass:${batch.id}:${payeeHash}`,
      });
      // The confirmation names this transfer but covers the batch: a resent code says so too.
      const [anchor] = await tx
        .select({ details: ledgerTransfers.details })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, paid.anchorTransferId));
      await tx
        .update(ledgerTransfers)
        .set({ details: { ...anchor?.details, confirmationCovers: { amount, payee } } })
        .where(eq(ledgerTransfers.id, paid.anchorTransferId));
    }
    const result: MassSubmitResult = {
      ...base,
      status: operationId ? 'pending' : 'processing',
      operationId,
      approveType: operationId ? plan.approveType : 0,
      approvalSentTo: operationId ? sentToOf(plan) : null,
      availableApprovalMethods: plan.available,
    };
    await tx
      .update(batchTransfers)
      .set({ status: 'processing', submittedAt: now, updatedAt: now })
      .where(eq(batchTransfers.id, batch.id));
    await tx.insert(massBatchSubmissions).values({
      ...submission,
      result,
      state: operationId ? 'pending' : 'processing',
      operationId,
    });
    await audit(tx, {
      action: 'massBatch.submitted',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        batchId: batch.id,
        rows: paid.paidCount,
        failedRows: paid.failedCount,
        total: base.totalAmount,
        fee: base.fee,
        pending: operationId !== null,
      },
    });
    return { result, accountIds: paid.accountIds, finish: operationId === null };
  });
  // After commit: balances changed; a batch with nothing left for a rail (P2P) ends now.
  if (done.accountIds.length > 0)
    await publishAccountChanges(deps.realtime, deps.db, done.accountIds);
  if (done.finish) {
    const events = await deps.db.transaction(async (tx) => {
      const batch = await lockBatchIfProcessing(tx, input.batchId);
      return batch ? finishBatch(tx, deps.mailer, batch) : [];
    });
    await publishAll(deps.realtime, events);
  }
  return done.result;
}

async function lockBatchIfProcessing(tx: Tx, batchId: number): Promise<BatchRow | null> {
  const [batch] = await tx
    .select()
    .from(batchTransfers)
    .where(and(eq(batchTransfers.id, batchId), inArray(batchTransfers.status, ['processing'])))
    .for('update', { skipLocked: true });
  return batch ?? null;
}
