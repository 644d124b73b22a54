import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import { GLOBAL_PAY_EXPIRE_DAYS } from '@ledgerline/domain/global-pay';
import type { Database, Tx } from '../../db/client';
import { customers, globalPayBatches, globalPayPayments, ledgerTransfers } from '../../db/schema';
import { t } from '../../i18n/translate';
import type { Actor } from '../../lib/actor';
import { randomToken, sha256 } from '../../lib/crypto';
import { findCustomerAccount } from '../accounts';
import { audit } from '../audit';
import { customerDisplayName, requireMayMoveMoney } from '../customers';
import { hashRequest, Money, moneyText, postTransfer, systemAccount } from '../ledger';
import { enqueueMessages, type Mailer, type OutgoingMessage } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { confirmationPlan, sentToOf, type ConfirmationPlan } from '../security';
import {
  publishAccountChanges,
  startConfirmationOf,
  type TransferOutcome,
  type TransferOutcomeEvents,
} from '../transfers';
import { requireSender } from './batches';
import { claimLinkMessage } from './mail';
import { RESERVE_KIND } from './money';
import { batchView, findBatch, refusal, reservedOf } from './repository';

const DAY_MS = 86_400_000;

type BatchRow = Awaited<ReturnType<typeof findBatch>>;

export interface SubmitConfirmation {
  operationId: string;
  approveType: ConfirmationPlan['approveType'];
  approvalSentTo: string | null;
  availableApprovalMethods: ConfirmationPlan['available'];
}

/**
 * Submits a draft batch (spec 2 §4 "Global-pay batch": submit): authorise, lock the batch, check
 * it is a clean draft, then one transaction that reserves amounts plus the sender's fees in the
 * clearing account (refused, nothing moved, when the account cannot cover it).
 *
 * A sender who confirms payments (the same plan as any transfer: SMS, e-mail, push) confirms the
 * batch as one operation over its total and its payees: the reserve waits pending, the batch stays
 * a draft that nothing may change, and the claim links go out when the code is accepted
 * (globalPayConfirmationOutcome); a declined or expired code releases the money and the draft can
 * be sent again. A sender who confirms nothing releases the batch at once. A retry with the same
 * key answers the first submit. AccountChanged after commit.
 */
export async function submitBatch(
  db: Database,
  deps: { realtime: RealtimeHub; mailer: Mailer },
  actor: Actor,
  input: { batchId: number; idempotencyKey: string; origin: string },
) {
  const level = await requireSender(db, actor);
  // An initiate-only user's batch needs a batch approval (issue 17E), which does not exist yet.
  if (level !== ACCESS_LEVELS.fullAccess)
    throw refusal('batchId', 'needsApproval', 'Only a user with full access may send a batch');
  await requireMayMoveMoney(db, actor.customerId);

  const { batch, accountId, confirmation } = await db.transaction(async (tx) => {
    const row = await findBatch(tx, actor.customerId, input.batchId, { forUpdate: true });
    if (row.status !== 'draft' || row.reserveTransferId !== null) {
      if (row.submitKey === input.idempotencyKey)
        return { batch: row, accountId: null, confirmation: await earlierConfirmation(tx, row) };
      throw refusal('batchId', 'batchNotDraft', 'This batch was sent or rejected already');
    }
    const payments = await draftPayments(tx, row.id);
    if (payments.length === 0) throw refusal('batchId', 'batchEmpty', 'The batch has no payments');
    if (payments.some((payment) => Object.keys(payment.rowErrors).length > 0))
      throw refusal('batchId', 'rowErrors', 'Fix or remove the payments with problems first');
    const account = await findCustomerAccount(tx, actor.customerId, row.accountId);
    const total = payments.reduce((sum, payment) => sum.plus(reservedOf(payment)), new Money(0));
    const plan = await confirmationPlan(tx, actor.userId, actor.ownCustomerId);
    const pending = plan.approveType !== 0;
    const clearing = await systemAccount(tx, 'clearing', account.currencyCode);
    const payeeKey = `globalPay:${row.id}:${hashRequest(
      payments.map((payment) => [payment.id, payment.beneficiaryEmail, moneyText(payment.amount)]),
    )}`;
    const reserve = await postTransfer(tx, {
      kind: RESERVE_KIND,
      customerId: actor.customerId,
      initiatedByUserId: actor.userId,
      idempotencyKey: `global-pay-${row.id}-${input.idempotencyKey}`,
      requestHash: hashRequest({ batchId: row.id, total: total.toFixed() }),
      status: pending ? 'pending' : 'settled',
      postings: [
        { accountId: account.id, amount: total.negated().toFixed() },
        { accountId: clearing.id, amount: total.toFixed() },
      ],
      details: {
        globalPayBatchId: row.id,
        payeeText: row.batchName,
        payments: payments.length,
        // Where the claim links point: kept for the release after the code (a later request).
        linkOrigin: input.origin,
      },
    });
    await tx
      .update(globalPayBatches)
      .set({
        submitKey: input.idempotencyKey,
        reserveTransferId: reserve.id,
        submittedByUserId: actor.userId,
      })
      .where(eq(globalPayBatches.id, row.id));

    if (!pending) {
      const released = await releaseBatch(
        tx,
        { ...row, reserveTransferId: reserve.id },
        input.origin,
        {
          userId: actor.userId,
          ip: actor.ip,
        },
      );
      return { batch: released, accountId: account.id, confirmation: null };
    }
    const operationId = randomUUID();
    const payeeText = t(actor.lang, 'mass-batches:confirmPayee', {
      name: row.batchName,
      count: payments.length,
    });
    await startConfirmationOf(tx, deps, {
      operationId,
      transferId: reserve.id,
      actor,
      plan,
      amount: total,
      fee: new Money(0),
      currencyCode: account.currencyCode,
      payeeText,
      payeeKey,
    });
    const confirmation: SubmitConfirmation = {
      operationId,
      approveType: plan.approveType,
      approvalSentTo: sentToOf(plan),
      availableApprovalMethods: plan.available,
    };
    // A retry of this submit answers the same confirmation.
    await tx
      .update(ledgerTransfers)
      .set({ details: { ...reserve.details, confirmation } })
      .where(eq(ledgerTransfers.id, reserve.id));
    await audit(tx, {
      action: 'globalPay.batchAwaitingConfirmation',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { batchId: row.id, transferId: reserve.id, total: total.toFixed() },
    });
    const [saved] = await tx.select().from(globalPayBatches).where(eq(globalPayBatches.id, row.id));
    return { batch: saved ?? row, accountId: account.id, confirmation };
  });
  if (accountId !== null) await publishAccountChanges(deps.realtime, db, [accountId]);
  return { batch: await batchView(db, batch), confirmation };
}

async function draftPayments(tx: Tx, batchId: number) {
  return tx
    .select()
    .from(globalPayPayments)
    .where(and(eq(globalPayPayments.batchId, batchId), eq(globalPayPayments.status, 'draft')))
    .orderBy(globalPayPayments.position);
}

/** The confirmation a retried submit answers again, while it still waits. */
async function earlierConfirmation(tx: Tx, row: BatchRow): Promise<SubmitConfirmation | null> {
  if (row.status !== 'draft' || row.reserveTransferId === null) return null;
  const [reserve] = await tx
    .select({ details: ledgerTransfers.details, status: ledgerTransfers.status })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, row.reserveTransferId));
  if (reserve?.status !== 'pending') return null;
  return (reserve.details.confirmation as SubmitConfirmation | undefined) ?? null;
}

/**
 * The batch goes out (its reserve settled or settling): every payment gets its claim secret (kept
 * only as a hash) and its beneficiary's e-mail in the outbox, and the batch runs.
 */
async function releaseBatch(
  tx: Tx,
  row: BatchRow,
  origin: string,
  by: { userId: number | null; ip: string | null },
): Promise<BatchRow> {
  const payments = await draftPayments(tx, row.id);
  const [customer] = await tx.select().from(customers).where(eq(customers.id, row.customerId));
  const sender = customer ? customerDisplayName(customer) : '';
  const now = new Date();
  const expiresAt = new Date(now.getTime() + GLOBAL_PAY_EXPIRE_DAYS * DAY_MS);
  // Each payment's secret goes out in its e-mail only; the table keeps its hash. A few hundred
  // rows a statement: a batch of 10,000 is 20 updates and 20 inserts, not 20,000 statements.
  const messages: OutgoingMessage[] = [];
  const hashes: { id: number; hash: string }[] = [];
  for (const payment of payments) {
    const secret = randomToken(32);
    hashes.push({ id: payment.id, hash: sha256(secret) });
    messages.push(
      claimLinkMessage(payment, {
        brandId: row.brandId,
        sender,
        origin,
        secret,
        days: GLOBAL_PAY_EXPIRE_DAYS,
      }),
    );
  }
  for (let start = 0; start < hashes.length; start += 500) {
    const slice = hashes.slice(start, start + 500);
    await tx.execute(
      sql`update ${globalPayPayments} as p
          set status = 'reserved', secret_hash = v.hash, expires_at = ${expiresAt.toISOString()}::timestamptz
          from (values ${sql.join(
            slice.map((item) => sql`(${item.id}::int, ${item.hash}::varchar)`),
            sql`, `,
          )}) as v(id, hash)
          where p.id = v.id`,
    );
  }
  await enqueueMessages(tx, messages);
  const [saved] = await tx
    .update(globalPayBatches)
    .set({
      status: 'running',
      submittedAt: now,
      submittedByUserId: by.userId ?? row.submittedByUserId,
    })
    .where(eq(globalPayBatches.id, row.id))
    .returning();
  await audit(tx, {
    action: 'globalPay.batchSubmitted',
    userId: by.userId,
    customerId: row.customerId,
    ip: by.ip,
    details: { batchId: row.id, transferId: row.reserveTransferId, payments: payments.length },
  });
  return saved ?? row;
}

/**
 * The sender's second factor on a batch's reserve was decided (transfers' outcome hooks, inside
 * the decision's transaction): accepted, the batch goes out; declined or expired, the ledger
 * releases the money and the batch is a draft again that can be changed and sent.
 */
export async function globalPayConfirmationOutcome(
  tx: Tx,
  transferId: string,
  outcome: TransferOutcome,
): Promise<TransferOutcomeEvents> {
  const [transfer] = await tx
    .select({ details: ledgerTransfers.details, kind: ledgerTransfers.kind })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, transferId));
  const batchId = transfer?.details.globalPayBatchId;
  if (transfer?.kind !== RESERVE_KIND || typeof batchId !== 'number') return [];
  const [row] = await tx
    .select()
    .from(globalPayBatches)
    .where(eq(globalPayBatches.id, batchId))
    .for('update');
  if (!row || row.status !== 'draft' || row.reserveTransferId !== transferId) return [];
  if (outcome === 'settled') {
    const origin =
      typeof transfer.details.linkOrigin === 'string' ? transfer.details.linkOrigin : '';
    await releaseBatch(tx, row, origin, { userId: row.submittedByUserId, ip: null });
  } else {
    await tx
      .update(globalPayBatches)
      .set({ submitKey: null, reserveTransferId: null })
      .where(eq(globalPayBatches.id, row.id));
    await audit(tx, {
      action: 'globalPay.batchNotConfirmed',
      customerId: row.customerId,
      details: { batchId: row.id, transferId },
    });
  }
  return [];
}
