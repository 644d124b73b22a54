import { and, asc, count, desc, eq, gte, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import {
  TRANSFER_TYPES,
  type BusinessApproval,
  type RealtimeEvent,
  type SubmitResult,
  type TransferType,
} from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { approvalRequests, approvalVotes, customers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { moneyText } from '../ledger';
import type { SubscriptionFields } from './recurring';
import { publishAll, usersOfCustomer } from './events';
import { quoteOf, type TransferDeps } from './execute';
import { transferAccessLevel } from '../customers';
import type { Actor } from '../../lib/actor';
import type { TransferRequest } from './quote';
import { approverIds, requiredApprovalsFor } from './approval-policy';
import { snapshotOf, type ApprovalSnapshot } from './approval-snapshot';

/*
 * Business maker-checker (spec 2 §4, §6; issue 15): a user with initiate access (3) creates an
 * approval request instead of a transfer. Nothing is reserved then: the money is checked and moved
 * when enough full-access users other than the initiator approved it with their own second factor
 * (approval-decision.ts). The request keeps what the approver is shown (approval-snapshot.ts) and
 * how many approvals it needs (approval-policy.ts). Everyone who sees the company's requests gets
 * ApprovalRequestChanged when one is made or decided.
 */

export type RequestRow = typeof approvalRequests.$inferSelect;
export type ApprovalPayload = TransferRequest & SubscriptionFields;
type Published = { userId: number; event: RealtimeEvent }[];

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

/** ApprovalRequestChanged to everyone who sees the company's requests; the initiator's says it is theirs. */
export async function approvalEvents(db: DbOrTx, row: RequestRow): Promise<Published> {
  const status = row.status as 'pending' | 'approved' | 'declined';
  return (await usersOfCustomer(db, row.customerId)).map((userId) => ({
    userId,
    event: {
      type: 'ApprovalRequestChanged',
      payload: {
        id: row.id,
        status,
        isOwn: userId === row.createdByUserId,
        declineReason: row.declineReason,
      },
    },
  }));
}

export async function createApprovalRequest(
  deps: TransferDeps,
  actor: Actor,
  payload: ApprovalPayload,
  key: string,
  requestHash: string,
): Promise<SubmitResult> {
  const created = await deps.db.transaction(async (tx) => {
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
      return { result: approvalResult(earlier, String(earlier.payload.fee ?? '0')), row: null };
    }
    // Checked now so the approver gets a sound request: own accounts, currencies, the payee.
    const quote = await quoteOf(tx, actor.customerId, payload);
    const fee = moneyText(quote.fee);
    const snapshot = await snapshotOf(tx, quote);
    const requiredApprovals = await requiredApprovalsFor(
      tx,
      actor.customerId,
      quote.sourceAmount,
      quote.from.currencyCode,
    );
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
        description:
          payload.kind !== 'betweenAccounts' && payload.kind !== 'invoicePayment'
            ? (payload.description ?? null)
            : null,
        requiredApprovals,
        snapshot: { ...snapshot },
      })
      .returning();
    if (!row) throw new Error('approval request insert returned nothing');
    await audit(tx, {
      action: 'approval.created',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { id: row.id, kind: payload.kind, requiredApprovals },
    });
    return { result: approvalResult(row, fee), row };
  });
  if (created.row) await publishAll(deps.realtime, await approvalEvents(deps.db, created.row));
  return created.result;
}

function nameOf(row: { firstName: string | null; lastName: string | null; email: string }) {
  return [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;
}

async function peopleOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { email: string; name: string }>();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { email: row.email, name: nameOf(row) }]));
}

function snapshotOfRow(row: RequestRow): ApprovalSnapshot | null {
  return row.snapshot ? (row.snapshot as unknown as ApprovalSnapshot) : null;
}

/** Whether the actor is one of the company's approvers (own user or full access; never staff on behalf). */
export async function isApprover(db: DbOrTx, actor: Actor): Promise<boolean> {
  if (actor.accessLevel !== ACCESS_LEVELS.fullAccess) return false;
  return (await approverIds(db, actor.customerId)).includes(actor.userId);
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

export async function listBusinessApprovals(
  deps: Pick<TransferDeps, 'db'>,
  actor: Actor,
  input: {
    pageNumber: number;
    pageSize: number;
    status?: string | undefined;
    createdBy?: number | undefined;
    fromDate?: string | undefined;
    toDate?: string | undefined;
  },
): Promise<{ requests: BusinessApproval[]; total: number }> {
  const level = transferAccessLevel(actor);
  const toDate = input.toDate ? new Date(`${input.toDate}T00:00:00Z`) : undefined;
  if (toDate) toDate.setUTCDate(toDate.getUTCDate() + 1);
  const where = and(
    visibleTo(actor, level),
    // A mass batch's request is listed and decided as a whole batch (mass-transfers' massApprove,
    // the approvals screen's batch section), not as one more transfer here.
    ne(approvalRequests.transactionType, 'massBatch'),
    input.status ? eq(approvalRequests.status, input.status) : undefined,
    input.createdBy !== undefined
      ? eq(approvalRequests.createdByUserId, input.createdBy)
      : undefined,
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
  const votes =
    rows.length === 0
      ? []
      : await deps.db
          .select()
          .from(approvalVotes)
          .where(
            inArray(
              approvalVotes.requestId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(approvalVotes.createdAt), asc(approvalVotes.id));
  const people = await peopleOf(deps.db, [
    ...new Set([
      ...rows.map((row) => row.createdByUserId),
      ...rows.flatMap((row) => (row.decidedByUserId ? [row.decidedByUserId] : [])),
      ...votes.map((vote) => vote.userId),
    ]),
  ]);
  const approver = await isApprover(deps.db, actor);
  return {
    requests: rows.map((row) => {
      const snapshot = snapshotOfRow(row);
      const given = votes.filter((vote) => vote.requestId === row.id);
      const creator = people.get(row.createdByUserId);
      return {
        id: row.id,
        created: row.createdAt.toISOString(),
        transactionIds: row.transferId ? [row.transferId] : [],
        batchId: row.batchId,
        createdBy: creator?.email ?? '',
        createdByName: creator?.name ?? '',
        createdByUserId: row.createdByUserId,
        transactionType: (TRANSFER_TYPES as readonly string[]).includes(row.transactionType)
          ? (row.transactionType as TransferType)
          : 'betweenAccounts',
        amount: moneyText(row.amount),
        currency: row.currencyCode,
        status: row.status as BusinessApproval['status'],
        description: row.description,
        source: snapshot?.source ?? null,
        destination: snapshot?.destination ?? null,
        toAmount: snapshot?.toAmount ?? null,
        toCurrency: snapshot?.toCurrency ?? null,
        rate: snapshot?.rate ?? null,
        fee: snapshot?.fee ?? null,
        requiredApprovals: row.requiredApprovals,
        approvals: given.map((vote) => ({
          by: people.get(vote.userId)?.email ?? '',
          at: vote.createdAt.toISOString(),
        })),
        decidedBy: row.decidedByUserId ? (people.get(row.decidedByUserId)?.email ?? null) : null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        declineReason: row.declineReason,
        canDecide:
          approver &&
          row.status === 'pending' &&
          row.createdByUserId !== actor.userId &&
          !given.some((vote) => vote.userId === actor.userId),
      };
    }),
    total: Number(total?.value ?? 0),
  };
}

/** The approvals users list: the people who initiated the company's requests (an initiator: only themself). */
export async function approvalUsers(deps: Pick<TransferDeps, 'db'>, actor: Actor) {
  const level = transferAccessLevel(actor);
  const rows = await deps.db
    .selectDistinct({ id: approvalRequests.createdByUserId })
    .from(approvalRequests)
    .where(visibleTo(actor, level));
  const people = await peopleOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    users: [...people.entries()]
      .map(([id, person]) => ({ id, ...person }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
  };
}

/** Pending requests waiting for this user: for an approver, others' they have not approved yet; for an initiator, their own. */
export async function approvalCounts(deps: Pick<TransferDeps, 'db'>, actor: Actor) {
  const level = transferAccessLevel(actor);
  const waitingForMe =
    level === ACCESS_LEVELS.fullAccess
      ? and(
          ne(approvalRequests.createdByUserId, actor.userId),
          notExists(
            deps.db
              .select({ id: approvalVotes.id })
              .from(approvalVotes)
              .where(
                and(
                  eq(approvalVotes.requestId, approvalRequests.id),
                  eq(approvalVotes.userId, actor.userId),
                ),
              ),
          ),
        )
      : eq(approvalRequests.createdByUserId, actor.userId);
  const [row] = await deps.db
    .select({ value: count() })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.customerId, actor.customerId),
        eq(approvalRequests.status, 'pending'),
        waitingForMe,
      ),
    );
  return { pending: Number(row?.value ?? 0) };
}
