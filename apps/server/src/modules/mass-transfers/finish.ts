import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '@ledgerline/contract';
import { BRANDS, isBrandId } from '@ledgerline/domain/brands';
import { isLanguage, type Language } from '@ledgerline/domain/languages';
import type { Database, Tx } from '../../db/client';
import {
  batchTransferRows,
  batchTransfers,
  customers,
  ledgerTransfers,
  massBatchSubmissions,
  postings,
  users,
} from '../../db/schema';
import { t } from '../../i18n/translate';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';
import { audit } from '../audit';
import { rejectTransfers, settleTransfers } from '../ledger';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { accountEvents, publishAll, usersOfCustomer } from '../transfers';
import type { MassTransferType } from '@ledgerline/domain/mass-transfers';
import { rowStatusAfterPaying } from './payments';

/*
 * A submitted batch as its rows settle, fail or come back (issue 17E). Rows the rails carry are
 * 'submitted' until the rail simulator answers their transfer: delivered (railSettledAt) makes the
 * row 'settled', returned (the transfer reversed, its money back in the account) 'returned' with
 * the rail's reason code. When no row is left pending or with a rail, the batch ends: completed,
 * failed (nothing paid) or partiallyCompleted, which raises batchPartially: the realtime event to
 * everyone who sees the customer's money and an e-mail to the submitter whose link opens the batch.
 * A background loop finishes batches (claimed with SKIP LOCKED, so several nodes finish each once);
 * polling the status finishes one at once.
 */

/** Where the batchPartially link opens the batch (the batch list with the batch chosen). */
export const BATCH_LINK_PATH = '/history/batch-transfers';

export function batchLink(origin: string, batchId: number): string {
  return `${origin}${BATCH_LINK_PATH}?batch=${batchId}`;
}

export type Published = { userId: number; event: RealtimeEvent }[];

/** Locks the batch row; null when another transaction holds it and `skipLocked` is set. */
export async function lockBatchRow(tx: Tx, batchId: number, skipLocked = false) {
  const [row] = await tx
    .select()
    .from(batchTransfers)
    .where(eq(batchTransfers.id, batchId))
    .for('update', skipLocked ? { skipLocked: true } : undefined);
  return row ?? null;
}

/** Rows whose transfer the rail answered take its answer. */
async function syncRailAnswers(tx: Tx, batchId: number): Promise<void> {
  await tx.execute(
    sql`update ${batchTransferRows} r
        set status = case when t.status = 'reversed' then 'returned' else 'settled' end,
            failure_reason = case when t.status = 'reversed'
              then left(split_part(coalesce(t.details->>'returnReason', 'returned'), ' ', 1), 64) end,
            updated_at = now()
        from ${ledgerTransfers} t
        where r.batch_id = ${batchId} and r.status = 'submitted' and t.id = r.transfer_id
          and (t.status = 'reversed' or t.details ? 'railSettledAt')`,
  );
}

export async function rowCounts(tx: Tx | Database, batchId: number) {
  const rows = await tx
    .select({ status: batchTransferRows.status, value: count() })
    .from(batchTransferRows)
    .where(eq(batchTransferRows.batchId, batchId))
    .groupBy(batchTransferRows.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.value)])) as Record<
    string,
    number
  >;
}

async function tellPartially(
  tx: Tx,
  mailer: Mailer,
  batch: typeof batchTransfers.$inferSelect,
  submission: typeof massBatchSubmissions.$inferSelect,
  figures: { paid: number; failed: number },
): Promise<Published> {
  const [user] = await tx
    .select({ email: users.email, language: users.language, brandId: customers.brandId })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, submission.userId));
  if (user) {
    const lang: Language = isLanguage(user.language) ? user.language : 'en';
    const values = {
      brand: BRANDS[isBrandId(user.brandId) ? user.brandId : 'pebble'].projectName,
      name: batch.name,
      count: figures.paid + figures.failed,
      paid: figures.paid,
      failed: figures.failed,
      link: batchLink(submission.linkOrigin, batch.id),
    };
    await mailer.enqueue(tx, {
      channel: 'email',
      recipient: user.email,
      subject: t(lang, 'mass-batches:partialSubject', values),
      body: t(lang, 'mass-batches:partialBody', values),
      userId: submission.userId,
    });
  }
  return (await usersOfCustomer(tx, batch.customerId)).map((userId) => ({
    userId,
    event: { type: 'BatchPartially' as const, payload: { batchId: batch.id } },
  }));
}

/**
 * Brings a locked, processing batch up to date in tx: rows take their rail's answer and, when none
 * is left waiting, the batch ends. Answers the events to publish after commit.
 */
export async function finishBatch(
  tx: Tx,
  mailer: Mailer,
  batch: typeof batchTransfers.$inferSelect,
): Promise<Published> {
  if (batch.status !== 'processing') return [];
  await syncRailAnswers(tx, batch.id);
  const counts = await rowCounts(tx, batch.id);
  if ((counts.pending ?? 0) + (counts.submitted ?? 0) > 0) return [];
  const paid = counts.settled ?? 0;
  const failed = (counts.failed ?? 0) + (counts.returned ?? 0);
  const status = failed === 0 ? 'completed' : paid === 0 ? 'failed' : 'partiallyCompleted';
  const now = new Date();
  await tx
    .update(batchTransfers)
    .set({ status, updatedAt: now })
    .where(eq(batchTransfers.id, batch.id));
  const [submission] = await tx
    .update(massBatchSubmissions)
    .set({ state: 'finished', finishedAt: now })
    .where(eq(massBatchSubmissions.batchId, batch.id))
    .returning();
  await audit(tx, {
    action: 'massBatch.finished',
    customerId: batch.customerId,
    details: { batchId: batch.id, status, paid, failed },
  });
  if (status !== 'partiallyCompleted' || !submission) return [];
  return tellPartially(tx, mailer, batch, submission, { paid, failed });
}

/** One pass: finishes what it can of the processing batches (each in its own short transaction). */
export async function runBatchFinisher(
  db: Database,
  mailer: Mailer,
  realtime: RealtimeHub | undefined,
  limit = 50,
): Promise<number> {
  const due = await db
    .select({ batchId: massBatchSubmissions.batchId })
    .from(massBatchSubmissions)
    .where(eq(massBatchSubmissions.state, 'processing'))
    .limit(limit);
  let finished = 0;
  for (const { batchId } of due) {
    const events = await db.transaction(async (tx) => {
      const batch = await lockBatchRow(tx, batchId, true);
      return batch ? finishBatch(tx, mailer, batch) : [];
    });
    if (events.length > 0) finished += 1;
    if (realtime) await publishAll(realtime, events);
  }
  return finished;
}

export function startBatchFinisher(deps: {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
  stepMs: number;
  log: FastifyBaseLogger;
}): BackgroundLoop {
  return startBackgroundLoop({
    name: 'mass batch finisher',
    intervalMs: Math.max(deps.stepMs / 2, 50),
    log: deps.log,
    pass: () => runBatchFinisher(deps.db, deps.mailer, deps.realtime),
  });
}

/**
 * The submitter's second factor decided a pending batch (transfers' outcome hook: the
 * confirmation names the batch's first transfer and covers them all). Confirmed: every row's
 * transfer settles (rows go to the rails, P2P rows are paid); declined or expired: every
 * reservation is released and the batch fails (re-submit makes a new one).
 */
export async function batchConfirmationOutcome(
  tx: Tx,
  transferId: string,
  outcome: 'settled' | 'rejected',
): Promise<Published> {
  const [transfer] = await tx
    .select({ details: ledgerTransfers.details })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, transferId));
  const batchId = transfer?.details.massBatchId;
  if (typeof batchId !== 'number' || !transfer?.details.confirmationCovers) return [];
  const batch = await lockBatchRow(tx, batchId);
  if (!batch || batch.status !== 'processing') return [];
  const pendingRows = await tx
    .select({ id: batchTransferRows.id, transferId: batchTransferRows.transferId })
    .from(batchTransferRows)
    .where(and(eq(batchTransferRows.batchId, batchId), eq(batchTransferRows.status, 'pending')));
  const ids = pendingRows.flatMap((row) => (row.transferId ? [row.transferId] : []));
  const now = new Date();
  if (outcome === 'settled') {
    await settleTransfers(tx, ids);
    await tx
      .update(batchTransferRows)
      .set({ status: rowStatusAfterPaying(batch.type as MassTransferType), updatedAt: now })
      .where(and(eq(batchTransferRows.batchId, batchId), eq(batchTransferRows.status, 'pending')));
    await tx
      .update(massBatchSubmissions)
      .set({ state: 'processing' })
      .where(eq(massBatchSubmissions.batchId, batchId));
  } else {
    await rejectTransfers(tx, ids, { rejectReason: 'declined' });
    await tx
      .update(batchTransferRows)
      .set({ status: 'failed', failureReason: 'rejected', updatedAt: now })
      .where(and(eq(batchTransferRows.batchId, batchId), eq(batchTransferRows.status, 'pending')));
    await tx
      .update(massBatchSubmissions)
      .set({ state: 'rejected', finishedAt: now })
      .where(eq(massBatchSubmissions.batchId, batchId));
    await tx
      .update(batchTransfers)
      .set({ status: 'failed', updatedAt: now })
      .where(eq(batchTransfers.id, batchId));
  }
  await audit(tx, {
    action: outcome === 'settled' ? 'massBatch.confirmed' : 'massBatch.rejected',
    customerId: batch.customerId,
    details: { batchId, rows: ids.length },
  });
  // The finisher (or a status poll) ends a batch whose rows are all paid now.
  const touched = await tx
    .selectDistinct({ accountId: postings.accountId })
    .from(postings)
    .innerJoin(batchTransferRows, eq(batchTransferRows.transferId, postings.transferId))
    .where(eq(batchTransferRows.batchId, batchId));
  return accountEvents(
    tx,
    touched.map((row) => row.accountId),
  );
}
