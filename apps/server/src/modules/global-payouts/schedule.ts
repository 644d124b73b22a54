import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Database } from '../../db/client';
import { globalPayClaims, globalPayPayments } from '../../db/schema';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';
import { audit } from '../audit';
import { reverseTransfer } from '../ledger';
import type { RealtimeHub } from '../realtime';
import { publishAccountChanges } from '../transfers';
import { finishBatchIfDone, returnToSender } from './money';

/*
 * The global payouts' background work, run by any node (each row is claimed with FOR UPDATE SKIP
 * LOCKED in its own short transaction, so two nodes never move one payment twice):
 * - expiry: a payment nobody claimed within expireDays returns its money to the sender;
 * - the rail: a claimed payout that sat a rail step is paid, or returned when the payee's name
 *   holds "RETURN" (the rail simulator's rule, modules/rails). A returned payout undoes its
 *   exchange and fee and is claimable again until it expires (docs/decisions.md).
 */

/** A returned payout's reason, as the rail simulator gives it. */
const RETURN_TRIGGER = /return/i;

async function expireOne(db: Database, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [due] = await selectRows<{ id: number }>(
      tx,
      sql`select id from ${globalPayPayments}
          where status = 'reserved' and expires_at <= ${now.toISOString()}
          order by expires_at, id limit 1 for update skip locked`,
    );
    if (!due) return null;
    const [payment] = await tx
      .select()
      .from(globalPayPayments)
      .where(eq(globalPayPayments.id, due.id));
    if (!payment) return null;
    return returnToSender(tx, payment, 'expired', { userId: null, ip: 'scheduler' });
  });
}

async function answerOne(db: Database, now: Date, stepMs: number): Promise<boolean> {
  const dueBefore = new Date(now.getTime() - stepMs);
  return db.transaction(async (tx) => {
    const [due] = await selectRows<{ id: number }>(
      tx,
      sql`select id from ${globalPayPayments}
          where status = 'claimed' and claimed_at <= ${dueBefore.toISOString()}
          order by claimed_at, id limit 1 for update skip locked`,
    );
    if (!due) return false;
    const [payment] = await tx
      .select()
      .from(globalPayPayments)
      .where(eq(globalPayPayments.id, due.id));
    if (!payment || payment.payoutTransferId === null) return false;
    const [claim] = await tx
      .select({ holderName: globalPayClaims.holderName })
      .from(globalPayClaims)
      .where(and(eq(globalPayClaims.paymentId, payment.id), isNotNull(globalPayClaims.usedAt)))
      .orderBy(desc(globalPayClaims.usedAt))
      .limit(1);
    if (!RETURN_TRIGGER.test(claim?.holderName ?? '')) {
      await tx
        .update(globalPayPayments)
        .set({ status: 'paid', paidAt: now })
        .where(eq(globalPayPayments.id, payment.id));
      await audit(tx, {
        action: 'globalPay.paid',
        customerId: payment.customerId,
        details: { paymentId: payment.id },
      });
      await finishBatchIfDone(tx, payment.batchId);
      return true;
    }
    const reversal = await reverseTransfer(tx, payment.payoutTransferId, {
      initiatedByUserId: null,
      kind: 'globalPayoutReturn',
      details: { globalPaymentId: payment.id, returnReason: 'AC04 Closed account number' },
    });
    await tx
      .update(globalPayPayments)
      .set({
        status: 'reserved',
        claimedAt: null,
        paidMethod: null,
        paidCurrencyCode: null,
        paidAmount: null,
        destination: null,
        payoutTransferId: null,
      })
      .where(eq(globalPayPayments.id, payment.id));
    await audit(tx, {
      action: 'globalPay.returned',
      customerId: payment.customerId,
      details: { paymentId: payment.id, reversalId: reversal.id },
    });
    return true;
  });
}

export interface GlobalPayPass {
  expired: number;
  answered: number;
}

/** One pass at `now`: expires what is due, then answers the payouts that sat a rail step. */
export async function runGlobalPaySchedule(
  db: Database,
  now: Date,
  options: { stepMs: number; realtime?: RealtimeHub | undefined; limit?: number },
): Promise<GlobalPayPass> {
  const limit = options.limit ?? 200;
  const accountIds = new Set<number>();
  let expired = 0;
  while (expired < limit) {
    const accountId = await expireOne(db, now);
    if (accountId === null) break;
    accountIds.add(accountId);
    expired += 1;
  }
  let answered = 0;
  while (answered < limit && (await answerOne(db, now, options.stepMs))) answered += 1;
  if (options.realtime && accountIds.size > 0)
    await publishAccountChanges(options.realtime, db, [...accountIds]);
  return { expired, answered };
}

export function startGlobalPaySchedule(deps: {
  db: Database;
  realtime: RealtimeHub;
  stepMs: number;
  log: FastifyBaseLogger;
}): BackgroundLoop {
  return startBackgroundLoop({
    name: 'global payouts',
    intervalMs: Math.max(1000, deps.stepMs / 2),
    log: deps.log,
    pass: () =>
      runGlobalPaySchedule(deps.db, new Date(), { stepMs: deps.stepMs, realtime: deps.realtime }),
    describe: (pass) => (pass.expired + pass.answered > 0 ? { ...pass } : undefined),
  });
}
