import { and, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  TRANSFER_TYPES,
  type ApprovalRequest,
  type SubmitResult,
  type TransferType,
} from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import type { Tx } from '../../db/client';
import { approvalRequests, customers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { hashRequest, moneyText } from '../ledger';
import { createRecurring, type SubscriptionFields } from './recurring';
import { accountEvents, publishAll } from './events';
import { executeTransfer, quoteOf, type TransferDeps, type TransferMaker } from './execute';
import { refuseStaffMoneyMovement, requireMayMoveMoney, transferAccessLevel } from '../customers';
import type { Actor } from '../../lib/actor';
import type { TransferRequest } from './quote';

/*
 * Business maker-checker (spec 2 §4, §6): a user with initiate access (3) creates an approval
 * request instead of a transfer. Nothing is reserved then: the money is checked and moved when a
 * full-access user (2) other than the initiator approves, as one settled transfer (the approver's
 * signed-in approval is the authorisation; no second factor is asked on top). A declined request
 * moves nothing. An approval that fails (not enough money now) leaves the request pending.
 */

type RequestRow = typeof approvalRequests.$inferSelect;
export type ApprovalPayload = TransferRequest & SubscriptionFields;

function approvalResult(row: RequestRow, fee: string): SubmitResult {
  return {
    transactionId: `approval-${row.id}`,
    operationId: null,
    approveType: 0,
    approvalSentTo: null,
    availableApprovalMethods: [],
    fee,
    status: 'approvalCreated',
  };
}

export async function createApprovalRequest(
  deps: Pick<TransferDeps, 'db'>,
  actor: Actor,
  payload: ApprovalPayload,
  key: string,
  requestHash: string,
): Promise<SubmitResult> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from ${customers} where ${customers.id} = ${actor.customerId} for update`,
    );
    const [earlier] = await tx
      .select()
      .from(approvalRequests)
      .where(
        and(
          eq(approvalRequests.customerId, actor.customerId),
          eq(approvalRequests.idempotencyKey, key),
        ),
      );
    if (earlier) {
      if (earlier.requestHash !== requestHash)
        throw AppError.invalid(
          { idempotencyKey: 'validation.idempotencyKeyReused' },
          'This idempotency key was already used for a different request',
        );
      return approvalResult(earlier, String(earlier.payload.fee ?? '0'));
    }
    // Checked now so the approver gets a sound request: own accounts, currencies, the payee.
    const quote = await quoteOf(tx, actor.customerId, payload);
    const fee = moneyText(quote.fee);
    const [row] = await tx
      .insert(approvalRequests)
      .values({
        customerId: actor.customerId,
        createdByUserId: actor.userId,
        transactionType: payload.kind,
        payload: { ...payload, fee },
        idempotencyKey: key,
        requestHash,
        amount: moneyText(quote.sourceAmount),
        currencyCode: quote.from.currencyCode,
        description: payload.kind !== 'betweenAccounts' ? (payload.description ?? null) : null,
      })
      .returning();
    if (!row) throw new Error('approval request insert returned nothing');
    await audit(tx, {
      action: 'approval.created',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { id: row.id, kind: payload.kind },
    });
    return approvalResult(row, fee);
  });
}

async function emailsOf(tx: Pick<Tx, 'select'>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.email]));
}

function toApprovalRequest(row: RequestRow, emails: Map<number, string>): ApprovalRequest {
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    transactionIds: row.transferId ? [row.transferId] : [],
    batchId: row.batchId,
    createdBy: emails.get(row.createdByUserId) ?? '',
    transactionType: (TRANSFER_TYPES as readonly string[]).includes(row.transactionType)
      ? (row.transactionType as TransferType)
      : 'betweenAccounts',
    amount: moneyText(row.amount),
    currency: row.currencyCode,
    status: row.status as ApprovalRequest['status'],
    description: row.description,
  };
}

/** Full access sees every request of the company; an initiator only their own. */
function visibleTo(actor: Actor, level: number) {
  return and(
    eq(approvalRequests.customerId, actor.customerId),
    level === ACCESS_LEVELS.fullAccess
      ? undefined
      : eq(approvalRequests.createdByUserId, actor.userId),
  );
}

export async function listApprovalRequests(
  deps: Pick<TransferDeps, 'db'>,
  actor: Actor,
  input: {
    pageNumber: number;
    pageSize: number;
    status?: string | undefined;
    fromDate?: string | undefined;
    toDate?: string | undefined;
  },
) {
  const level = transferAccessLevel(actor);
  const toDate = input.toDate ? new Date(`${input.toDate}T00:00:00Z`) : undefined;
  if (toDate) toDate.setUTCDate(toDate.getUTCDate() + 1);
  const where = and(
    visibleTo(actor, level),
    input.status ? eq(approvalRequests.status, input.status) : undefined,
    input.fromDate
      ? gte(approvalRequests.createdAt, new Date(`${input.fromDate}T00:00:00Z`))
      : undefined,
    toDate ? lt(approvalRequests.createdAt, toDate) : undefined,
  );
  const rows = await deps.db
    .select()
    .from(approvalRequests)
    .where(where)
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(input.pageSize)
    .offset((input.pageNumber - 1) * input.pageSize);
  const [total] = await deps.db.select({ value: count() }).from(approvalRequests).where(where);
  const emails = await emailsOf(deps.db, [...new Set(rows.map((row) => row.createdByUserId))]);
  return {
    requests: rows.map((row) => toApprovalRequest(row, emails)),
    total: Number(total?.value ?? 0),
  };
}

/** Pending requests waiting for this user: for an approver, those others initiated; for an initiator, their own. */
export async function approvalCounts(deps: Pick<TransferDeps, 'db'>, actor: Actor) {
  const level = transferAccessLevel(actor);
  const mine =
    level === ACCESS_LEVELS.fullAccess
      ? ne(approvalRequests.createdByUserId, actor.userId)
      : eq(approvalRequests.createdByUserId, actor.userId);
  const [row] = await deps.db
    .select({ value: count() })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.customerId, actor.customerId),
        eq(approvalRequests.status, 'pending'),
        mine,
      ),
    );
  return { pending: Number(row?.value ?? 0) };
}

async function requireApprover(
  deps: Pick<TransferDeps, 'db'>,
  actor: Actor,
  ids: number[],
): Promise<void> {
  // Approving moves the company's money: staff acting for it never decides (issue 15).
  refuseStaffMoneyMovement(actor);
  const level = transferAccessLevel(actor);
  if (level !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a user with full access may approve or decline requests');
  const unique = [...new Set(ids)];
  const found = await deps.db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(
      and(eq(approvalRequests.customerId, actor.customerId), inArray(approvalRequests.id, unique)),
    );
  // Another company's request answers as if it did not exist, and nothing is decided.
  if (found.length !== unique.length) throw AppError.notFound('Approval request not found');
}

type Outcome = {
  id: number;
  status: 'approved' | 'declined' | 'failed';
  transactionId: string | null;
  message: string | null;
};

export async function decideApprovalRequests(
  deps: TransferDeps,
  actor: Actor,
  ids: number[],
  approve: boolean,
): Promise<{ results: Outcome[] }> {
  await requireApprover(deps, actor, ids);
  const results: Outcome[] = [];
  for (const id of [...new Set(ids)]) {
    const outcome = await deps.db.transaction(
      async (tx): Promise<{ outcome: Outcome; accountIds: number[] }> => {
        const [row] = await tx
          .select()
          .from(approvalRequests)
          .where(
            and(eq(approvalRequests.id, id), eq(approvalRequests.customerId, actor.customerId)),
          )
          .for('update');
        if (!row) throw AppError.notFound('Approval request not found');
        const failed = (message: string) => ({
          outcome: { id, status: 'failed' as const, transactionId: row.transferId, message },
          accountIds: [],
        });
        if (row.status !== 'pending') return failed('This request was already decided');
        if (row.createdByUserId === actor.userId)
          return failed('You cannot approve or decline a request you initiated');
        if (!approve) {
          await tx
            .update(approvalRequests)
            .set({ status: 'declined', decidedByUserId: actor.userId, decidedAt: new Date() })
            .where(eq(approvalRequests.id, id));
          await audit(tx, {
            action: 'approval.declined',
            userId: actor.userId,
            customerId: actor.customerId,
            ip: actor.ip,
            details: { id },
          });
          return {
            outcome: { id, status: 'declined', transactionId: null, message: null },
            accountIds: [],
          };
        }
        const [initiator] = await tx
          .select({ customerId: users.customerId })
          .from(users)
          .where(eq(users.id, row.createdByUserId));
        const maker: TransferMaker = {
          userId: row.createdByUserId,
          customerId: row.customerId,
          ownCustomerId: initiator?.customerId ?? row.customerId,
          ip: actor.ip,
          lang: actor.lang,
        };
        const payload = row.payload as unknown as ApprovalPayload;
        try {
          const executed = await tx.transaction(async (inner) => {
            // The customer may have been limited since the request was made (issue 14).
            await requireMayMoveMoney(inner as Tx, row.customerId);
            const done = await executeTransfer(inner as Tx, deps, maker, payload, {
              idempotencyKey: `approval-${id}`,
              requestHash: hashRequest({ approvalRequestId: id }),
              confirm: false,
              approvedByUserId: actor.userId,
              details: { approvalRequestId: id },
            });
            if (payload.kind === 'betweenAccounts' && !done.replayed) {
              await createRecurring(
                inner,
                maker,
                { ...payload, currency: payload.currency ?? '' },
                done.transferId,
              );
            }
            return done;
          });
          await tx
            .update(approvalRequests)
            .set({
              status: 'approved',
              transferId: executed.transferId,
              decidedByUserId: actor.userId,
              decidedAt: new Date(),
            })
            .where(eq(approvalRequests.id, id));
          await audit(tx, {
            action: 'approval.approved',
            userId: actor.userId,
            customerId: actor.customerId,
            ip: actor.ip,
            details: { id, transferId: executed.transferId },
          });
          return {
            outcome: { id, status: 'approved', transactionId: executed.transferId, message: null },
            accountIds: executed.accountIds,
          };
        } catch (caught) {
          if (!(caught instanceof AppError)) throw caught;
          return failed(caught.message);
        }
      },
    );
    results.push(outcome.outcome);
    if (outcome.accountIds.length > 0)
      await publishAll(deps.realtime, await accountEvents(deps.db, outcome.accountIds));
  }
  return { results };
}
