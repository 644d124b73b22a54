import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '@ledgerline/contract';
import { EXTERNAL_TRANSFER_TYPES } from '@ledgerline/domain/external-transfers';
import { isLanguage, type Language } from '@ledgerline/domain/languages';
import { BRANDS, isBrandId } from '@ledgerline/domain/brands';
import { selectRows, type Database, type Tx } from '../../db/client';
import { customers, ledgerTransfers, users } from '../../db/schema';
import { audit } from '../audit';
import { Money, moneyText, reverseTransfer } from '../ledger';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { accountEvents, publishAll, returnMessage } from '../transfers';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';

/*
 * The payment-rail simulator (docs/decisions.md, issue 5). A real wire, EFT, card payout, crypto,
 * instant or Interac payment leaves the bank through a clearing account and is confirmed (or sent
 * back) by the rail later. Ours: once an external transfer has sat settled in the clearing account
 * for a step (RAIL_STEP_MS), one pass delivers it (details.railSettledAt) or returns it. A return
 * reverses the ledger transfer with new postings (the amount and the fee come back), records the
 * reason, e-mails the customer and publishes AccountChanged and TransactionResult.
 *
 * What is returned is decided, not random, so tests and demos can rely on it: a beneficiary name
 * containing "RETURN" (the rail answers AC04, closed account), or a transfer marked by
 * markForReturn (the /dev/rails stand-in, off in production like /dev/outbox).
 * Every move is its own short transaction claiming one transfer with FOR UPDATE SKIP LOCKED, so
 * several nodes share the work and never move a transfer twice.
 */

export const RETURN_TRIGGER = /return/i;
export const DEFAULT_RETURN_REASON = 'AC04 Closed account number';

export interface RailMove {
  transferId: string;
  customerId: number;
  outcome: 'settled' | 'returned';
  reversalId: string | null;
}

export interface RailStepOptions {
  /** How long a transfer sits in the clearing account before the rail answers. */
  stepMs: number;
  mailer?: Mailer | undefined;
  /** Publishes AccountChanged / TransactionResult after the commit; absent in tests that only look at the database. */
  realtime?: RealtimeHub | undefined;
  limit?: number;
}

type Published = { userId: number; event: RealtimeEvent }[];

function shouldReturn(details: Record<string, unknown>): string | null {
  if (typeof details.railForceReturn === 'string') return details.railForceReturn;
  const name = typeof details.name === 'string' ? details.name : '';
  return RETURN_TRIGGER.test(name) ? DEFAULT_RETURN_REASON : null;
}

async function notifyReturn(
  tx: Tx,
  mailer: Mailer | undefined,
  transfer: typeof ledgerTransfers.$inferSelect,
  reason: string,
): Promise<Published> {
  if (transfer.initiatedByUserId === null) return [];
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      brandId: customers.brandId,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, transfer.initiatedByUserId));
  if (!user) return [];
  const lang: Language = isLanguage(user.language) ? user.language : 'en';
  const payee = typeof transfer.details.payeeText === 'string' ? transfer.details.payeeText : '';
  const values = {
    brand: BRANDS[isBrandId(user.brandId) ? user.brandId : 'pebble'].projectName,
    amount: `${moneyText(new Money(transfer.amount))} ${transfer.currencyCode}`,
    payee,
    reason,
  };
  await mailer?.enqueue(tx, {
    channel: 'email',
    recipient: user.email,
    subject: returnMessage('subject', lang, values),
    body: returnMessage('body', lang, values),
    userId: user.id,
  });
  return [
    {
      userId: user.id,
      // No confirmation is waiting for it: the transfer id names the result.
      event: {
        type: 'TransactionResult',
        payload: {
          operationId: transfer.id,
          transactionId: transfer.id,
          status: 'rejected',
          message: returnMessage('result', lang, values),
        },
      },
    },
  ];
}

/** Claims one external transfer that is due and answers it as the rail; null when none is due. */
async function moveOne(
  db: Database,
  now: Date,
  options: RailStepOptions,
): Promise<{ move: RailMove; events: Published } | null> {
  const dueBefore = new Date(now.getTime() - options.stepMs);
  return db.transaction(async (tx) => {
    const [claimed] = await selectRows<{ id: string }>(
      tx,
      sql`select id from ${ledgerTransfers}
          where kind in (${sql.join(
            EXTERNAL_TRANSFER_TYPES.map((type) => sql`${type}`),
            sql`, `,
          )})
            and status = 'settled'
            and not (details ? 'railSettledAt')
            and settled_at <= ${dueBefore.toISOString()}
          order by settled_at, id
          limit 1
          for update skip locked`,
    );
    if (!claimed) return null;
    const [transfer] = await tx
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, claimed.id));
    if (!transfer || transfer.customerId === null) return null;
    const reason = shouldReturn(transfer.details);
    if (reason === null) {
      await tx
        .update(ledgerTransfers)
        .set({ details: { ...transfer.details, railSettledAt: now.toISOString() } })
        .where(eq(ledgerTransfers.id, transfer.id));
      await audit(tx, {
        action: 'rail.settled',
        customerId: transfer.customerId,
        details: { transferId: transfer.id, kind: transfer.kind },
      });
      return {
        move: {
          transferId: transfer.id,
          customerId: transfer.customerId,
          outcome: 'settled',
          reversalId: null,
        },
        events: [],
      };
    }
    const reversal = await reverseTransfer(tx, transfer.id, {
      initiatedByUserId: null,
      kind: 'railReturn',
      details: { returnReason: reason },
    });
    // The original is 'reversed' now, so no pass claims it again.
    await tx
      .update(ledgerTransfers)
      .set({
        details: { ...transfer.details, railReturnedAt: now.toISOString(), returnReason: reason },
      })
      .where(eq(ledgerTransfers.id, transfer.id));
    await audit(tx, {
      action: 'rail.returned',
      customerId: transfer.customerId,
      details: { transferId: transfer.id, reversalId: reversal.id, reason },
    });
    const events = [
      ...(await notifyReturn(tx, options.mailer, transfer, reason)),
      ...(await accountEvents(tx, [...new Set(reversal.postings.map((leg) => leg.accountId))])),
    ];
    return {
      move: {
        transferId: transfer.id,
        customerId: transfer.customerId,
        outcome: 'returned',
        reversalId: reversal.id,
      },
      events,
    };
  });
}

/** One pass at `now`: answers every external transfer that has sat a whole step in the clearing account. */
export async function runRailStep(
  db: Database,
  now: Date,
  options: RailStepOptions,
): Promise<RailMove[]> {
  const moves: RailMove[] = [];
  const events: Published = [];
  const limit = options.limit ?? 200;
  while (moves.length < limit) {
    const done = await moveOne(db, now, options);
    if (!done) break;
    moves.push(done.move);
    events.push(...done.events);
  }
  if (options.realtime) await publishAll(options.realtime, events);
  return moves;
}

/**
 * Makes the rail return a transfer of the customer's that it has not answered yet (the /dev/rails
 * stand-in for a beneficiary bank refusing it). Answers false when there is no such transfer.
 */
export async function markForReturn(
  db: Database,
  transferId: string,
  reason: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, transferId))
      .for('update');
    if (!row || !(EXTERNAL_TRANSFER_TYPES as readonly string[]).includes(row.kind)) return false;
    if (row.status === 'reversed' || row.status === 'rejected' || 'railSettledAt' in row.details)
      return false;
    await tx
      .update(ledgerTransfers)
      .set({ details: { ...row.details, railForceReturn: reason } })
      .where(eq(ledgerTransfers.id, transferId));
    return true;
  });
}

export type RailSimulator = BackgroundLoop;

/** Runs the simulator in the background: a pass every half step, never two at once on this node. */
export function startRailSimulator(deps: {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
  stepMs: number;
  log: FastifyBaseLogger;
}): RailSimulator {
  return startBackgroundLoop({
    name: 'rail simulator',
    intervalMs: deps.stepMs / 2,
    log: deps.log,
    pass: () =>
      runRailStep(deps.db, new Date(), {
        stepMs: deps.stepMs,
        mailer: deps.mailer,
        realtime: deps.realtime,
      }),
    describe: (moves) => (moves.length > 0 ? { moves: moves.length } : undefined),
  });
}
