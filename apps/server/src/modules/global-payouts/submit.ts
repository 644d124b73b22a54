import { and, eq, sql } from 'drizzle-orm';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import { GLOBAL_PAY_EXPIRE_DAYS } from '@ledgerline/domain/global-pay';
import type { Database } from '../../db/client';
import { customers, globalPayBatches, globalPayPayments } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { randomToken, sha256 } from '../../lib/crypto';
import { findCustomerAccount } from '../accounts';
import { audit } from '../audit';
import { customerDisplayName, requireMayMoveMoney } from '../customers';
import { hashRequest, Money, postTransfer, systemAccount } from '../ledger';
import { enqueueMessages, type OutgoingMessage } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { accountEvents, publishAll } from '../transfers';
import { requireSender } from './batches';
import { claimLinkMessage } from './mail';
import { RESERVE_KIND } from './money';
import { batchView, findBatch, refusal, reservedOf } from './repository';

const DAY_MS = 86_400_000;

/**
 * Submits a draft batch (spec 2 §4 "Global-pay batch": submit): authorise, lock the batch, check
 * it is a clean draft, then one transaction that reserves amounts plus the sender's fees in the
 * clearing account (refused, nothing moved, when the account cannot cover it), gives every
 * payment its claim secret (kept only as a hash) and writes each beneficiary's e-mail to the
 * outbox. AccountChanged after commit. A retry with the same key answers the submitted batch.
 */
export async function submitBatch(
  db: Database,
  deps: { realtime: RealtimeHub },
  actor: Actor,
  input: { batchId: number; idempotencyKey: string; origin: string },
) {
  const level = await requireSender(db, actor);
  // An initiate-only user's batch needs a batch approval (issue 17E), which does not exist yet.
  if (level !== ACCESS_LEVELS.fullAccess)
    throw refusal('batchId', 'needsApproval', 'Only a user with full access may send a batch');
  await requireMayMoveMoney(db, actor.customerId);

  const { batch, accountId } = await db.transaction(async (tx) => {
    const row = await findBatch(tx, actor.customerId, input.batchId, { forUpdate: true });
    if (row.status !== 'draft') {
      if (row.submitKey === input.idempotencyKey) return { batch: row, accountId: null };
      throw refusal('batchId', 'batchNotDraft', 'This batch was sent or rejected already');
    }
    const payments = await tx
      .select()
      .from(globalPayPayments)
      .where(and(eq(globalPayPayments.batchId, row.id), eq(globalPayPayments.status, 'draft')))
      .orderBy(globalPayPayments.position);
    if (payments.length === 0) throw refusal('batchId', 'batchEmpty', 'The batch has no payments');
    if (payments.some((payment) => Object.keys(payment.rowErrors).length > 0))
      throw refusal('batchId', 'rowErrors', 'Fix or remove the payments with problems first');
    const account = await findCustomerAccount(tx, actor.customerId, row.accountId);
    const total = payments.reduce((sum, payment) => sum.plus(reservedOf(payment)), new Money(0));
    const clearing = await systemAccount(tx, 'clearing', account.currencyCode);
    const reserve = await postTransfer(tx, {
      kind: RESERVE_KIND,
      customerId: actor.customerId,
      initiatedByUserId: actor.userId,
      idempotencyKey: `global-pay-${row.id}`,
      requestHash: hashRequest({ batchId: row.id, total: total.toFixed() }),
      status: 'settled',
      postings: [
        { accountId: account.id, amount: total.negated().toFixed() },
        { accountId: clearing.id, amount: total.toFixed() },
      ],
      details: { globalPayBatchId: row.id, payeeText: row.batchName, payments: payments.length },
    });

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
          origin: input.origin,
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
        submittedByUserId: actor.userId,
        submitKey: input.idempotencyKey,
        reserveTransferId: reserve.id,
      })
      .where(eq(globalPayBatches.id, row.id))
      .returning();
    await audit(tx, {
      action: 'globalPay.batchSubmitted',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { batchId: row.id, transferId: reserve.id, total: total.toFixed() },
    });
    return { batch: saved ?? row, accountId: account.id };
  });
  if (accountId !== null) await publishAll(deps.realtime, await accountEvents(db, [accountId]));
  return batchView(db, batch);
}
