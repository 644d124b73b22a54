import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  ApprovalOperation,
  BusinessApprovalOutcome,
  RealtimeEvent,
} from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import { isLanguage, type Language } from '@ledgerline/domain/languages';
import type { Tx } from '../../db/client';
import { approvalDecisions, approvalRequests, approvalVotes, users } from '../../db/schema';
import { t } from '../../i18n/translate';
import type { Actor } from '../../lib/actor';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import type { DeviceRequestHook } from '../auth';
import { refuseStaffMoneyMovement, requireMayMoveMoney } from '../customers';
import { hashRequest, Money, moneyText } from '../ledger';
import {
  FACTOR,
  confirmationPlan,
  createPushRequest,
  judgeFactor,
  sendFactorCode,
  sentToOf,
  sixDigitCode,
  supersedePushRequest,
  type ConfirmationPlan,
} from '../security';
import { approvalEvents, isApprover, type ApprovalPayload, type RequestRow } from './approvals';
import { sameAsApproved, type ApprovalSnapshot } from './approval-snapshot';
import { publishAccountChanges, publishAll } from './events';
import { executeTransfer, quoteOf, type TransferDeps, type TransferMaker } from './execute';
import { createRecurring } from './recurring';
import { approvalExecutorFor, type ApprovalExecution } from './approval-executors';
import { CONFIRMATION_TTL_MS, MAX_CODE_ATTEMPTS, MAX_CODE_RESENDS } from './second-factor';

/*
 * An approver decides business approval requests with their OWN second factor (spec 2 §4
 * "Transaction approval", §7 "Approvals"; issue 15). startDecision checks who may decide what and
 * sends the code (SMS, e-mail, or the phone request; an approver whose customer confirms nothing
 * gets an e-mailed approval code: approving moves money). The code is bound to the decision and to
 * each request's amount, fee and payee, so it works for this decision only, once, 5 minutes, 5
 * tries. confirmDecision checks it and, in one transaction, applies the decision to each request
 * under its row lock: a decline ends it with the reason; an approval counts once per approver and
 * moves the money when the request has the approvals it needs (the ledger's idempotency key
 * `approval-<id>` holds too). A request that cannot be paid now stays pending with the reason.
 * The initiator is told the outcome by a realtime event and an e-mail in their language.
 */

type DecisionRow = typeof approvalDecisions.$inferSelect;
type Published = { userId: number; event: RealtimeEvent }[];

function codeHash(row: Pick<DecisionRow, 'id' | 'binding'>, code: string): string {
  return sha256(`approval:${row.id}:${row.binding}:${code}`);
}

/** The decision and each request's amount, fee and payee (PSD2 dynamic linking). */
function bindingOf(rows: RequestRow[], declined: boolean, reason: string | null): string {
  const parts = [...rows]
    .sort((a, b) => a.id - b.id)
    .map((row) => {
      const snapshot = row.snapshot as unknown as ApprovalSnapshot | null;
      return `${row.id}:${moneyText(row.amount)}:${row.currencyCode}:${snapshot?.fee ?? ''}:${snapshot?.payeeKey ?? ''}`;
    });
  return sha256(`${declined ? 'decline' : 'approve'}|${reason ?? ''}|${parts.join('|')}`);
}

function message(lang: Language, key: string, values: Record<string, string | number>): string {
  return t(lang, `business-approvals:${key}`, values);
}

/** What the code names: the total leaving (amount + fee) per currency and the payee (or how many requests). */
function messageValues(lang: Language, rows: RequestRow[], brand: string) {
  const totals = new Map<string, Money>();
  for (const row of rows) {
    const snapshot = row.snapshot as unknown as ApprovalSnapshot | null;
    const total = new Money(row.amount).plus(snapshot?.fee ?? '0');
    totals.set(row.currencyCode, (totals.get(row.currencyCode) ?? new Money(0)).plus(total));
  }
  const amount = [...totals.entries()]
    .map(([currency, total]) => `${moneyText(total)} ${currency}`)
    .join(' + ');
  const first = rows[0]?.snapshot as unknown as ApprovalSnapshot | null;
  const payee =
    rows.length === 1
      ? (first?.payeeText ?? '')
      : message(lang, 'severalRequests', { count: rows.length });
  return { amount, payee, brand, minutes: CONFIRMATION_TTL_MS / 60_000 };
}

async function sendFactor(
  tx: Tx,
  deps: Pick<TransferDeps, 'mailer'>,
  input: {
    approveType: number;
    plan: ConfirmationPlan;
    actor: Pick<Actor, 'userId' | 'lang'>;
    declined: boolean;
    values: Record<string, string | number>;
    row: Pick<DecisionRow, 'id' | 'binding'>;
    expiresAt: Date;
  },
): Promise<{ codeHash: string | null; deviceRequestKey: string | null }> {
  const { approveType, plan, actor, values } = input;
  const verb = input.declined ? 'Decline' : 'Approve';
  if (approveType === FACTOR.push) {
    const key = await createPushRequest(tx, {
      userId: actor.userId,
      kind: 'approval',
      title: message(actor.lang, `push${verb}`, values),
      details: { amount: String(values.amount), payee: String(values.payee) },
      expiresAt: input.expiresAt,
    });
    return { codeHash: null, deviceRequestKey: key };
  }
  if (approveType === FACTOR.totp) return { codeHash: null, deviceRequestKey: null };
  const code = sixDigitCode();
  const withCode = { ...values, code };
  await sendFactorCode(tx, deps.mailer, {
    approveType,
    plan,
    userId: actor.userId,
    sms: message(actor.lang, `sms${verb}`, withCode),
    emailSubject: message(actor.lang, `emailSubject${verb}`, withCode),
    emailBody: message(actor.lang, `emailBody${verb}`, withCode),
  });
  return { codeHash: codeHash(input.row, code), deviceRequestKey: null };
}

async function supersede(tx: Tx, where: ReturnType<typeof and>) {
  const pending = await tx
    .update(approvalDecisions)
    .set({ status: 'superseded', decidedAt: new Date() })
    .where(and(where, eq(approvalDecisions.status, 'pending')))
    .returning({ deviceRequestKey: approvalDecisions.deviceRequestKey });
  for (const { deviceRequestKey } of pending) await supersedePushRequest(tx, deviceRequestKey);
}

const refuse = (field: string, key: string, text: string) =>
  AppError.invalid({ [field]: key }, text);

/** startDecision (businessApprovalsApprove, requestApprovalCode): checks the requests, sends the approver's factor. */
export async function startDecision(
  deps: TransferDeps,
  actor: Actor,
  input: { ids: number[]; declined: boolean; reason?: string | undefined },
): Promise<ApprovalOperation> {
  // Approving moves the company's money: staff acting for it never decides (issue 15).
  refuseStaffMoneyMovement(actor);
  if (!(await isApprover(deps.db, actor)))
    throw AppError.noAccess('Only a user with full access may approve or decline requests');
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  const reason = input.reason?.trim() || null;
  if (input.declined && !reason)
    throw refuse('reason', 'validation.required', 'Say why the request is declined');
  const rows = await deps.db
    .select()
    .from(approvalRequests)
    .where(
      and(eq(approvalRequests.customerId, actor.customerId), inArray(approvalRequests.id, ids)),
    )
    .orderBy(asc(approvalRequests.id));
  // Another company's request answers as if it did not exist, and nothing is sent.
  if (rows.length !== ids.length) throw AppError.notFound('Approval request not found');
  const voted = await deps.db
    .select({ requestId: approvalVotes.requestId })
    .from(approvalVotes)
    .where(and(inArray(approvalVotes.requestId, ids), eq(approvalVotes.userId, actor.userId)));
  for (const row of rows) {
    if (row.status !== 'pending')
      throw refuse(
        'transactionIds',
        'validation.approvalDecided',
        'This request was already decided',
      );
    if (row.createdByUserId === actor.userId)
      throw refuse(
        'transactionIds',
        'validation.ownApprovalRequest',
        'You cannot approve or decline a request you initiated',
      );
    if (voted.some((vote) => vote.requestId === row.id))
      throw refuse(
        'transactionIds',
        'validation.alreadyApproved',
        'You already approved this request',
      );
  }
  const plan = await confirmationPlan(deps.db, actor.userId, actor.ownCustomerId);
  // Approving moves money: an approver whose customer confirms nothing still proves it is them.
  const approveType = plan.approveType === FACTOR.none ? FACTOR.email : plan.approveType;
  const id = randomUUID();
  const binding = bindingOf(rows, input.declined, reason);
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  const values = messageValues(actor.lang, rows, plan.brandName);
  await deps.db.transaction(async (tx) => {
    // One decision in flight per approver: asking again replaces the one before.
    await supersede(
      tx,
      and(
        eq(approvalDecisions.userId, actor.userId),
        eq(approvalDecisions.customerId, actor.customerId),
      ),
    );
    const factor = await sendFactor(tx, deps, {
      approveType,
      plan,
      actor,
      declined: input.declined,
      values,
      row: { id, binding },
      expiresAt,
    });
    await tx.insert(approvalDecisions).values({
      id,
      customerId: actor.customerId,
      userId: actor.userId,
      requestIds: ids,
      declined: input.declined,
      reason,
      approveType,
      binding,
      codeHash: factor.codeHash,
      deviceRequestKey: factor.deviceRequestKey,
      sentTo: sentToOf({ approveType, smsPhone: plan.smsPhone, email: plan.email }),
      expiresAt,
    });
    await audit(tx, {
      action: 'approval.codeRequested',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { decisionId: id, ids, declined: input.declined, approveType },
    });
  });
  return {
    approvalTransactionId: id,
    approveType,
    approvalSentTo: sentToOf({ approveType, smsPhone: plan.smsPhone, email: plan.email }),
    availableApprovalMethods: plan.usable,
    transactionIds: ids,
    declined: input.declined,
  };
}

async function lockDecision(tx: Tx, id: string, actor: Actor): Promise<DecisionRow> {
  const [row] = await tx
    .select()
    .from(approvalDecisions)
    .where(
      and(
        eq(approvalDecisions.id, id),
        eq(approvalDecisions.userId, actor.userId),
        eq(approvalDecisions.customerId, actor.customerId),
      ),
    )
    .for('update');
  if (!row) throw AppError.notFound('Operation not found');
  return row;
}

const usedError = () =>
  refuse(
    'approvalTransactionId',
    'validation.codeUsed',
    'This code was already used or replaced: ask for a new one',
  );
const expiredError = () =>
  refuse('code', 'validation.codeExpired', 'The code has expired: ask for a new one');

/** generateApprovalCode: a new code (or phone request) for a started decision; the old one stops working. */
export async function resendDecisionCode(
  deps: TransferDeps,
  actor: Actor,
  input: { approvalTransactionId: string },
) {
  const plan = await confirmationPlan(deps.db, actor.userId, actor.ownCustomerId);
  return deps.db.transaction(async (tx) => {
    const row = await lockDecision(tx, input.approvalTransactionId, actor);
    if (row.status !== 'pending') throw usedError();
    if (row.expiresAt <= new Date()) throw expiredError();
    if (row.approveType === FACTOR.totp)
      throw refuse(
        'approvalTransactionId',
        'validation.nothingToResend',
        'One-time codes come from your authenticator app',
      );
    if (row.resends >= MAX_CODE_RESENDS)
      throw refuse(
        'approvalTransactionId',
        'validation.tooManyCodes',
        'Too many codes were sent for this decision',
      );
    const requests = await tx
      .select()
      .from(approvalRequests)
      .where(inArray(approvalRequests.id, row.requestIds))
      .orderBy(asc(approvalRequests.id));
    await supersedePushRequest(tx, row.deviceRequestKey);
    const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
    const factor = await sendFactor(tx, deps, {
      approveType: row.approveType,
      plan,
      actor,
      declined: row.declined,
      values: messageValues(actor.lang, requests, plan.brandName),
      row,
      expiresAt,
    });
    await tx
      .update(approvalDecisions)
      .set({ ...factor, expiresAt, resends: row.resends + 1 })
      .where(eq(approvalDecisions.id, row.id));
    return {
      sent: true,
      approvalSentTo: sentToOf({
        approveType: row.approveType,
        smsPhone: plan.smsPhone,
        email: plan.email,
      }),
    };
  });
}

type Check = { kind: 'passed' } | { kind: 'pending' } | { kind: 'error'; error: AppError };

/** Checks the approver's factor in tx; a wrong code counts (the caller commits it before throwing). */
async function checkFactor(
  tx: Tx,
  row: DecisionRow,
  actor: Actor,
  code: string | undefined,
  now: Date,
): Promise<Check> {
  const close = (status: 'rejected' | 'expired' | 'confirmed') =>
    tx
      .update(approvalDecisions)
      .set({ status, decidedAt: now })
      .where(eq(approvalDecisions.id, row.id));
  if (row.status !== 'pending') return { kind: 'error', error: usedError() };
  if (row.expiresAt <= now) {
    await close('expired');
    return { kind: 'error', error: expiredError() };
  }
  const verdict = await judgeFactor(tx, row, {
    userId: actor.userId,
    code,
    now,
    hashOf: (given) => codeHash(row, given),
    maxAttempts: MAX_CODE_ATTEMPTS,
  });
  if (verdict.kind === 'pending') return { kind: 'pending' };
  if (verdict.kind === 'declined') {
    await close('rejected');
    return {
      kind: 'error',
      error: refuse(
        'approvalTransactionId',
        'validation.transactionRejected',
        'The request was declined in the phone app',
      ),
    };
  }
  if (verdict.kind === 'missingCode')
    return { kind: 'error', error: refuse('code', 'validation.required', 'Enter the code') };
  if (verdict.kind === 'wrong') {
    await tx
      .update(approvalDecisions)
      .set({ attempts: verdict.attempts })
      .where(eq(approvalDecisions.id, row.id));
    await audit(tx, {
      action: 'approval.codeWrong',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { decisionId: row.id, attempts: verdict.attempts },
    });
    if (verdict.exhausted) {
      await close('rejected');
      return {
        kind: 'error',
        error: refuse('code', 'validation.codeExpired', 'Too many wrong codes: ask for a new one'),
      };
    }
    return {
      kind: 'error',
      error: refuse(
        'code',
        'validation.codeWrong',
        `The code is not correct (${verdict.triesLeft} tries left)`,
      ),
    };
  }
  await close('confirmed');
  return { kind: 'passed' };
}

async function initiatorOf(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ customerId: users.customerId, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`approvals: initiator ${userId} not found`);
  return { ...row, lang: isLanguage(row.language) ? row.language : ('en' as Language) };
}

/** The outcome e-mail to the initiator, in their language, in the decision's transaction (outbox). */
async function tellInitiator(
  tx: Tx,
  deps: Pick<TransferDeps, 'mailer'>,
  row: RequestRow,
  outcome: 'approved' | 'declined',
  reason: string | null,
) {
  const initiator = await initiatorOf(tx, row.createdByUserId);
  const snapshot = row.snapshot as unknown as ApprovalSnapshot | null;
  const values = {
    amount: `${moneyText(row.amount)} ${row.currencyCode}`,
    payee: snapshot?.payeeText ?? '',
    reason: reason ?? '',
  };
  const kind = outcome === 'approved' ? 'Approved' : 'Declined';
  await deps.mailer.enqueue(tx, {
    channel: 'email',
    recipient: initiator.email,
    subject: message(initiator.lang, `outcomeSubject${kind}`, values),
    body: message(initiator.lang, `outcomeBody${kind}`, values),
    userId: row.createdByUserId,
  });
}

type Applied = { outcome: BusinessApprovalOutcome; events: Published; accountIds: number[] };

/** An approved request of one transfer: quoted again (refused when its amounts changed) and executed once. */
async function payTransfer(
  tx: Tx,
  deps: TransferDeps,
  row: RequestRow,
  maker: TransferMaker,
  approverUserId: number,
): Promise<ApprovalExecution> {
  const id = row.id;
  const payload = row.payload as unknown as ApprovalPayload;
  const snapshot = row.snapshot as unknown as ApprovalSnapshot | null;
  if (snapshot && !sameAsApproved(snapshot, await quoteOf(tx, row.customerId, payload)))
    throw refuse(
      'transactionIds',
      'validation.approvalChanged',
      'The amounts changed since the request was made (a new rate or fee): ask for it again',
    );
  const executed = await executeTransfer(tx, deps, maker, payload, {
    idempotencyKey: `approval-${id}`,
    requestHash: hashRequest({ approvalRequestId: id }),
    confirm: false,
    approvedByUserId: approverUserId,
    details: { approvalRequestId: id },
  });
  if (payload.kind === 'betweenAccounts' && !executed.replayed)
    await createRecurring(
      tx,
      maker,
      { ...payload, currency: payload.currency ?? '' },
      executed.transferId,
    );
  return { transferId: executed.transferId, accountIds: executed.accountIds, events: [] };
}

/** One request under its row lock, in the decision's transaction. */
async function applyTo(
  tx: Tx,
  deps: TransferDeps,
  actor: Actor,
  decision: DecisionRow,
  id: number,
): Promise<Applied> {
  const [row] = await tx
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.customerId, actor.customerId)))
    .for('update');
  const failed = (text: string): Applied => ({
    outcome: { id, status: 'failed', transactionId: row?.transferId ?? null, message: text },
    events: [],
    accountIds: [],
  });
  if (!row) return failed('Approval request not found');
  if (row.status !== 'pending') return failed('This request was already decided');
  if (row.createdByUserId === actor.userId)
    return failed('You cannot approve or decline a request you initiated');
  const auditOf = (action: string, details: Record<string, unknown>) =>
    audit(tx, {
      action,
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { id, decisionId: decision.id, ...details },
    });
  if (decision.declined) {
    const [declined] = await tx
      .update(approvalRequests)
      .set({
        status: 'declined',
        declineReason: decision.reason,
        decidedByUserId: actor.userId,
        decidedAt: new Date(),
      })
      .where(eq(approvalRequests.id, id))
      .returning();
    await auditOf('approval.declined', { reason: decision.reason });
    await tellInitiator(tx, deps, row, 'declined', decision.reason);
    const owned = approvalExecutorFor(row.transactionType);
    return {
      outcome: { id, status: 'declined', transactionId: null, message: null },
      events: [
        ...(declined ? await approvalEvents(tx, declined) : []),
        ...(owned && declined ? await owned.declined(tx, declined) : []),
      ],
      accountIds: [],
    };
  }
  try {
    return await tx.transaction(async (inner) => {
      const savepoint = inner as Tx;
      const [vote] = await savepoint
        .insert(approvalVotes)
        .values({ requestId: id, userId: actor.userId, decisionId: decision.id })
        .onConflictDoNothing()
        .returning({ id: approvalVotes.id });
      if (!vote)
        throw refuse(
          'transactionIds',
          'validation.alreadyApproved',
          'You already approved this request',
        );
      const [given] = await savepoint
        .select({ value: count() })
        .from(approvalVotes)
        .where(eq(approvalVotes.requestId, id));
      const approvals = Number(given?.value ?? 0);
      if (approvals < row.requiredApprovals) {
        await auditOf('approval.approvalRecorded', {
          approvals,
          requiredApprovals: row.requiredApprovals,
        });
        return {
          outcome: { id, status: 'awaiting', transactionId: null, message: null },
          events: await approvalEvents(savepoint, row),
          accountIds: [],
        };
      }
      // The customer may have been limited since the request was made (issue 14).
      await requireMayMoveMoney(savepoint, row.customerId);
      const initiator = await initiatorOf(savepoint, row.createdByUserId);
      const maker: TransferMaker = {
        userId: row.createdByUserId,
        customerId: row.customerId,
        ownCustomerId: initiator.customerId,
        ip: actor.ip,
        lang: actor.lang,
      };
      const executor = approvalExecutorFor(row.transactionType);
      const executed = executor
        ? await executor.pay(savepoint, deps, { request: row, approverUserId: actor.userId, maker })
        : await payTransfer(savepoint, deps, row, maker, actor.userId);
      const [approved] = await savepoint
        .update(approvalRequests)
        .set({
          status: 'approved',
          transferId: executed.transferId,
          decidedByUserId: actor.userId,
          decidedAt: new Date(),
        })
        .where(eq(approvalRequests.id, id))
        .returning();
      await auditOf('approval.approved', { transferId: executed.transferId, approvals });
      await tellInitiator(savepoint, deps, row, 'approved', null);
      return {
        outcome: { id, status: 'approved', transactionId: executed.transferId, message: null },
        events: [
          ...(approved ? await approvalEvents(savepoint, approved) : []),
          ...executed.events,
        ],
        accountIds: executed.accountIds,
      };
    });
  } catch (caught) {
    if (!(caught instanceof AppError)) throw caught;
    await auditOf('approval.failed', { reason: caught.message });
    return failed(caught.message);
  }
}

/** businessConfirm / approveTransfer: checks the approver's factor, then applies the decision. */
export async function confirmDecision(
  deps: TransferDeps,
  actor: Actor,
  input: {
    approvalTransactionId: string;
    code?: string | undefined;
    fromEmail?: string | undefined;
  },
): Promise<{ results: BusinessApprovalOutcome[] }> {
  refuseStaffMoneyMovement(actor);
  if (input.fromEmail !== undefined) {
    const [me] = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, actor.userId));
    // fromEmail names the approver: anyone else's is as if the operation did not exist.
    if (me?.email.toLowerCase() !== input.fromEmail.trim().toLowerCase())
      throw AppError.notFound('Operation not found');
  }
  const now = new Date();
  const done = await deps.db.transaction(async (tx) => {
    const decision = await lockDecision(tx, input.approvalTransactionId, actor);
    const check = await checkFactor(tx, decision, actor, input.code, now);
    if (check.kind !== 'passed') return check;
    const applied: Applied[] = [];
    for (const id of decision.requestIds)
      applied.push(await applyTo(tx, deps, actor, decision, id));
    return { kind: 'applied' as const, applied };
  });
  if (done.kind === 'error') throw done.error;
  if (done.kind === 'pending')
    throw new AppError(RESPONSE_CODES.verifyError, 'Waiting for approval in the phone app', {
      httpStatus: 409,
      extra: { reason: 'pending' },
    });
  for (const item of done.applied) {
    await publishAll(deps.realtime, item.events);
    if (item.accountIds.length > 0)
      await publishAccountChanges(deps.realtime, deps.db, item.accountIds);
  }
  return { results: done.applied.map((item) => item.outcome) };
}

/** approveTransfer (trxid, approvalCode): the caller's latest started decision on exactly that request. */
export async function approveOne(
  deps: TransferDeps,
  actor: Actor,
  input: { trxid: number; approvalCode: string },
) {
  const [decision] = await deps.db
    .select({ id: approvalDecisions.id })
    .from(approvalDecisions)
    .where(
      and(
        eq(approvalDecisions.userId, actor.userId),
        eq(approvalDecisions.customerId, actor.customerId),
        sql`${approvalDecisions.requestIds} = ${JSON.stringify([input.trxid])}::jsonb`,
      ),
    )
    .orderBy(desc(approvalDecisions.createdAt))
    .limit(1);
  if (!decision)
    throw refuse(
      'trxid',
      'validation.noApprovalCode',
      'Ask for an approval code for this request first',
    );
  return confirmDecision(deps, actor, {
    approvalTransactionId: decision.id,
    code: input.approvalCode,
  });
}

/** The phone decided an 'approval' device request: confirmDecision reads the decision, nothing else happens. */
export const decideApprovalRequest: DeviceRequestHook = async () => [];
