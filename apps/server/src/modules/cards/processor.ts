import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_TYPES, CARD_STATUS } from '@ledgerline/domain';
import { selectRows, type Database, type DbOrTx } from '../../db/client';
import { accounts, customerAccess, users } from '../../db/schema';
import { audit } from '../audit';
import type { RealtimeHub } from '../realtime';
import { syncReissuedStatus } from './service';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';

/*
 * The card processor simulator (docs/decisions.md "Card processor simulator"). A real issuer's
 * processor prints, ships and activates cards on its own schedule; ours moves each new card one
 * status on once it has sat in its status for a step (CARD_PROCESSOR_STEP_MS):
 *   virtual:  submitted (0) → active (2)
 *   physical: submitted (0) → printing (19) → printed (20) → shipped (21), then waits for the
 *             customer to activate it (activateCard).
 * Every move is its own short transaction that claims one card with FOR UPDATE SKIP LOCKED, so
 * several server nodes share the work and never move a card twice; the card's owner hears of it
 * through the realtime event AccountChanged after the commit.
 */

/** The next status of a card the processor moves, or undefined when it leaves the card alone. */
export function nextProcessorStatus(card: {
  statusId: number;
  isVirtual: boolean;
}): number | undefined {
  if (card.isVirtual)
    return card.statusId === CARD_STATUS.submitted ? CARD_STATUS.active : undefined;
  switch (card.statusId) {
    case CARD_STATUS.submitted:
      return CARD_STATUS.printing;
    case CARD_STATUS.printing:
      return CARD_STATUS.printed;
    case CARD_STATUS.printed:
      return CARD_STATUS.shipped;
    default:
      return undefined;
  }
}

export interface ProcessorMove {
  accountId: number;
  customerId: number;
  fromStatusId: number;
  toStatusId: number;
}

export interface ProcessorStepOptions {
  /** How long a card stays in a status before it moves on. */
  stepMs: number;
  /** Publishes AccountChanged to the card owner's users; absent in tests that only look at the database. */
  realtime?: RealtimeHub | undefined;
  /** At most this many cards per pass, so one pass never runs long. */
  limit?: number;
}

/** Claims one card that is due and moves it; null when none is due (or every due one is claimed by another node). */
async function moveOneCard(db: Database, now: Date, stepMs: number): Promise<ProcessorMove | null> {
  const dueBefore = new Date(now.getTime() - stepMs);
  return db.transaction(async (tx) => {
    const [card] = await selectRows<{
      id: number;
      customer_id: number;
      account_status_id: number;
      card_is_virtual: boolean;
    }>(
      tx,
      sql`select id, customer_id, account_status_id, card_is_virtual from ${accounts}
          where customer_id is not null
            and type between ${ACCOUNT_TYPES.cardMin} and ${ACCOUNT_TYPES.cardMax}
            and (
              (card_is_virtual and account_status_id = ${CARD_STATUS.submitted})
              or (not card_is_virtual and account_status_id in (${CARD_STATUS.submitted}, ${CARD_STATUS.printing}, ${CARD_STATUS.printed}))
            )
            and card_status_changed_at <= ${dueBefore.toISOString()}
          order by card_status_changed_at, id
          limit 1
          for update skip locked`,
    );
    if (!card) return null;
    const toStatusId = nextProcessorStatus({
      statusId: card.account_status_id,
      isVirtual: card.card_is_virtual,
    });
    if (toStatusId === undefined) return null;
    await tx
      .update(accounts)
      .set({ accountStatusId: toStatusId, cardStatusChangedAt: now })
      .where(eq(accounts.id, card.id));
    await syncReissuedStatus(tx, card.id, toStatusId);
    await audit(tx, {
      action: 'card.processor',
      customerId: card.customer_id,
      details: { accountId: card.id, fromStatus: card.account_status_id, toStatus: toStatusId },
    });
    return {
      accountId: card.id,
      customerId: card.customer_id,
      fromStatusId: card.account_status_id,
      toStatusId,
    };
  });
}

/** The users who see a customer's accounts: its own users and those with access to it. */
async function usersOfCustomer(db: DbOrTx, customerId: number): Promise<number[]> {
  const own = await db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  const granted = await db
    .select({ id: customerAccess.userId })
    .from(customerAccess)
    .where(and(eq(customerAccess.customerId, customerId), gt(customerAccess.accessRight, 0)));
  return [...new Set([...own, ...granted].map((row) => row.id))];
}

/**
 * One pass of the simulator at `now`: moves every card that has sat a whole step in a status the
 * processor handles, one status each (a card moved now is not due again until a step later).
 */
export async function runProcessorStep(
  db: Database,
  now: Date,
  options: ProcessorStepOptions,
): Promise<ProcessorMove[]> {
  const moves: ProcessorMove[] = [];
  const limit = options.limit ?? 200;
  while (moves.length < limit) {
    const move = await moveOneCard(db, now, options.stepMs);
    if (!move) break;
    moves.push(move);
  }
  if (options.realtime) {
    for (const move of moves) {
      for (const userId of await usersOfCustomer(db, move.customerId)) {
        await options.realtime.publish(userId, {
          type: 'AccountChanged',
          payload: { accountId: move.accountId },
        });
      }
    }
  }
  return moves;
}

export type CardProcessor = BackgroundLoop;

/**
 * Runs the simulator in the background: a pass every half step (so a card moves between one and
 * one and a half steps after its last change), never two passes at once on this node.
 */
export function startCardProcessor(deps: {
  db: Database;
  realtime: RealtimeHub;
  stepMs: number;
  log: FastifyBaseLogger;
}): CardProcessor {
  return startBackgroundLoop({
    name: 'card processor',
    intervalMs: deps.stepMs / 2,
    log: deps.log,
    pass: () =>
      runProcessorStep(deps.db, new Date(), { stepMs: deps.stepMs, realtime: deps.realtime }),
    describe: (moves) => (moves.length > 0 ? { moves: moves.length } : undefined),
  });
}
