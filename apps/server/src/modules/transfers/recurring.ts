import { and, eq, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RecurringTransfer } from '@ledgerline/contract';
import { nextRecurringRun } from '@ledgerline/domain/recurring';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { ledgerTransfers, recurringTransfers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { hashRequest, moneyText } from '../ledger';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { expireConfirmations } from './confirmation';
import { publishAccountChanges, publishAll } from './events';
import { executeTransfer } from './execute';
import { loadActor, requireTransferRights } from '../customers';
import type { Actor } from '../../lib/actor';
import { startBackgroundLoop } from '../../lib/background-loop';

/*
 * Recurring transfers between own accounts (the subscription* fields of transferBetweenAccounts).
 * The submitted transfer is the first execution; the series is stored and the scheduler runs the
 * next ones: each execution is a new settled transfer with its own idempotency key
 * (recurring-{id}-{n}), so a pass that runs twice never pays twice. The customer authorised the
 * series with the first transfer's second factor, so executions do not ask again; they still
 * need the user's access and permission flag at the time. An execution that fails (not enough
 * money, a closed account) is recorded in last_error and the series goes on with the next date.
 * Like the card processor, every claim is FOR UPDATE SKIP LOCKED, so any node may run the loop.
 */

export type Frequency = 'daily' | 'weekly' | 'monthly';
type RecurringRow = typeof recurringTransfers.$inferSelect;

function endsBefore(endDate: string | null, next: Date): boolean {
  return endDate !== null && next.toISOString().slice(0, 10) > endDate;
}

export function toRecurring(row: RecurringRow): RecurringTransfer {
  return {
    id: row.id,
    fromAccount: row.fromAccountId,
    toAccount: row.toAccountId,
    toAmount: moneyText(row.toAmount),
    currency: row.currencyCode,
    frequency: row.frequency as Frequency,
    endDate: row.endDate,
    transactionsLeft: row.transactionsLeft,
    executed: row.executed,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    userCancel: row.userCancel,
    status: row.status as RecurringTransfer['status'],
    lastError: row.lastError,
  };
}

export interface SubscriptionFields {
  subscriptionEndDate?: string | undefined;
  subscriptionFrequency?: Frequency | undefined;
  subscriptionTransactions?: number | undefined;
  subscriptionUserCancel?: boolean | undefined;
}

/** Stores the series a submitted transfer starts (nothing when it asks for no repetition). */
export async function createRecurring(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId' | 'customerId'>,
  input: {
    fromAccount: number;
    toAccount: number;
    toAmount: string;
    currency: string;
  } & SubscriptionFields,
  firstTransferId: string,
  now = new Date(),
): Promise<void> {
  if (!input.subscriptionFrequency) return;
  const left =
    input.subscriptionTransactions === undefined ? null : input.subscriptionTransactions - 1;
  // The series is anchored at its first transfer (now, kept as created_at): every run is counted from it.
  const next = nextRecurringRun(input.subscriptionFrequency, now, now);
  const finished = left === 0 || endsBefore(input.subscriptionEndDate ?? null, next);
  await tx.insert(recurringTransfers).values({
    customerId: actor.customerId,
    userId: actor.userId,
    fromAccountId: input.fromAccount,
    toAccountId: input.toAccount,
    toAmount: input.toAmount,
    currencyCode: input.currency,
    frequency: input.subscriptionFrequency,
    endDate: input.subscriptionEndDate ?? null,
    transactionsLeft: left,
    executed: 1,
    userCancel: input.subscriptionUserCancel ?? false,
    status: finished ? 'finished' : 'active',
    nextRunAt: finished ? null : next,
    firstTransferId,
    createdAt: now,
  });
}

export async function listRecurring(db: DbOrTx, customerId: number): Promise<RecurringTransfer[]> {
  const rows = await db
    .select()
    .from(recurringTransfers)
    .where(eq(recurringTransfers.customerId, customerId))
    .orderBy(recurringTransfers.id);
  return rows.map(toRecurring);
}

/** Stops a series of the customer; only one created with subscriptionUserCancel may be stopped by the customer. */
export async function cancelRecurring(
  db: Database,
  actor: Actor,
  id: number,
): Promise<RecurringTransfer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(recurringTransfers)
      .where(
        and(eq(recurringTransfers.id, id), eq(recurringTransfers.customerId, actor.customerId)),
      )
      .for('update');
    if (!row) throw AppError.notFound('Recurring transfer not found');
    if (!row.userCancel)
      throw AppError.invalid(
        { id: 'validation.recurringNotCancellable' },
        'This recurring transfer cannot be cancelled here',
      );
    if (row.status !== 'active')
      throw AppError.invalid(
        { id: 'validation.recurringNotActive' },
        'This recurring transfer is not active',
      );
    const [updated] = await tx
      .update(recurringTransfers)
      .set({ status: 'canceled', nextRunAt: null })
      .where(eq(recurringTransfers.id, id))
      .returning();
    await audit(tx, {
      action: 'transfer.recurringCanceled',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { id },
    });
    return toRecurring(updated ?? row);
  });
}

export interface StepResult {
  expired: number;
  executed: number;
  failed: number;
}

/** Runs one due execution of one series; null when none is due (or every due one is claimed elsewhere). */
async function runOne(db: Database, deps: { mailer: Mailer }, now: Date, skip: number[]) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(recurringTransfers)
      .where(
        and(
          eq(recurringTransfers.status, 'active'),
          lte(recurringTransfers.nextRunAt, now),
          skip.length > 0 ? notInArray(recurringTransfers.id, skip) : undefined,
        ),
      )
      .orderBy(recurringTransfers.nextRunAt, recurringTransfers.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [first] = row.firstTransferId
      ? await tx
          .select({ status: ledgerTransfers.status })
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.id, row.firstTransferId))
      : [];
    if (first?.status === 'rejected') {
      await tx
        .update(recurringTransfers)
        .set({
          status: 'canceled',
          nextRunAt: null,
          lastError: 'The first transfer was not confirmed',
        })
        .where(eq(recurringTransfers.id, row.id));
      return { id: row.id, outcome: 'canceled' as const, accountIds: [] as number[] };
    }
    // Still waiting for the first transfer's second factor: try again on a later pass.
    if (first?.status === 'pending')
      return { id: row.id, outcome: 'waiting' as const, accountIds: [] as number[] };
    const n = row.executed + 1;
    let error: string | null = null;
    try {
      await tx.transaction(async (inner) => {
        const [user] = await inner
          .select({ customerId: users.customerId })
          .from(users)
          .where(eq(users.id, row.userId));
        // The series runs with the user's access as it is now, not as it was when it was set up.
        const actor = await loadActor(inner, {
          userId: row.userId,
          customerId: row.customerId,
          ownCustomerId: user?.customerId ?? row.customerId,
          ip: 'scheduler',
          lang: 'en',
        });
        await requireTransferRights(inner, actor, 'betweenAccounts');
        await executeTransfer(
          inner as Tx,
          deps,
          actor,
          {
            kind: 'betweenAccounts',
            fromAccount: row.fromAccountId,
            toAccount: row.toAccountId,
            toAmount: moneyText(row.toAmount),
            currency: row.currencyCode,
          },
          {
            idempotencyKey: `recurring-${row.id}-${n}`,
            requestHash: hashRequest({ recurringId: row.id, n }),
            confirm: false,
            details: { recurringId: row.id },
          },
        );
      });
    } catch (caught) {
      if (!(caught instanceof AppError)) throw caught;
      error = caught.message.slice(0, 256);
    }
    const left = row.transactionsLeft === null ? null : row.transactionsLeft - 1;
    // From the anchor, not from this run: 31 January runs on 28 February, then 31 March again.
    const next = nextRecurringRun(row.frequency as Frequency, row.createdAt, row.nextRunAt ?? now);
    const finished = left === 0 || endsBefore(row.endDate, next);
    await tx
      .update(recurringTransfers)
      .set({
        executed: error === null ? n : row.executed,
        transactionsLeft: left,
        lastError: error,
        status: finished ? 'finished' : 'active',
        nextRunAt: finished ? null : next,
      })
      .where(eq(recurringTransfers.id, row.id));
    return {
      id: row.id,
      outcome: error === null ? ('executed' as const) : ('failed' as const),
      accountIds: [row.fromAccountId, row.toAccountId],
    };
  });
}

/**
 * One pass of the transfer scheduler at `now`: rejects confirmations whose 5 minutes ran out, then
 * runs every due recurring execution once. Realtime events go out after each commit.
 */
export async function runStep(
  db: Database,
  now: Date,
  deps: { mailer: Mailer; realtime?: RealtimeHub | undefined; limit?: number },
): Promise<StepResult> {
  const expiredEvents = await expireConfirmations(db, now);
  if (deps.realtime) await publishAll(deps.realtime, expiredEvents);
  const result: StepResult = {
    expired: expiredEvents.filter((item) => item.event.type === 'TransactionResult').length,
    executed: 0,
    failed: 0,
  };
  const seen: number[] = [];
  const limit = deps.limit ?? 200;
  while (seen.length < limit) {
    const done = await runOne(db, deps, now, seen);
    if (!done) break;
    seen.push(done.id);
    if (done.outcome === 'executed') result.executed += 1;
    if (done.outcome === 'failed') result.failed += 1;
    if (deps.realtime && done.accountIds.length > 0)
      await publishAccountChanges(deps.realtime, db, done.accountIds);
  }
  return result;
}

export interface TransferScheduler {
  stop(): Promise<void>;
}

/** Runs runStep in the background every intervalMs, never two passes at once on this node. */
export function startTransferScheduler(deps: {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): TransferScheduler {
  return startBackgroundLoop({
    name: 'transfer scheduler',
    intervalMs: deps.intervalMs ?? 5000,
    log: deps.log,
    pass: () => runStep(deps.db, new Date(), { mailer: deps.mailer, realtime: deps.realtime }),
    describe: (result) =>
      result.executed + result.failed + result.expired > 0 ? { ...result } : undefined,
  });
}
