import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  INSTALMENTS_PAGE_SIZE,
  SUBSCRIPTIONS_PAGE_SIZE,
  type Instalment,
} from '@ledgerline/contract';
import type { Database, DbOrTx } from '../../db/client';
import { preapprovalPulls, preapprovals } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { moneyText } from '../ledger';
import { cancelLocked } from './customer';
import { loadPreapprovals, subscriberView } from './views';

/*
 * The merchant's side (issue 18, spec 2 §7 "Subscriber list and cancel; instalment list"): the
 * company's subscriptions (its confirmed recurring pre-approvals), the instalments (pulls) of
 * one, and cancelling one. The handler checks merchant rights first; another company's
 * subscription is "not found".
 */

/** What the merchant sees as a subscription: recurring, and confirmed by the payer. */
function subscriptionsOf(customerId: number) {
  return and(
    eq(preapprovals.merchantCustomerId, customerId),
    inArray(preapprovals.frequency, ['weekly', 'monthly']),
    notInArray(preapprovals.status, ['pending', 'rejected']),
  );
}

const notFound = () => AppError.notFound('No such subscription');

export async function listSubscribers(db: Database, actor: Actor, pageNumber: number) {
  const where = subscriptionsOf(actor.customerId);
  const [counted] = await db.select({ total: count() }).from(preapprovals).where(where);
  const rows = await loadPreapprovals(db, where, {
    limit: SUBSCRIPTIONS_PAGE_SIZE,
    offset: (pageNumber - 1) * SUBSCRIPTIONS_PAGE_SIZE,
  });
  const now = new Date();
  return {
    subscribers: rows.map((loaded) => subscriberView(loaded, now)),
    pageSize: SUBSCRIPTIONS_PAGE_SIZE,
    pageNumber,
    total: counted?.total ?? 0,
  };
}

async function requireSubscription(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await db
    .select({ id: preapprovals.id })
    .from(preapprovals)
    .where(and(eq(preapprovals.id, id), subscriptionsOf(actor.customerId)));
  if (!row) throw notFound();
}

export async function listInstalments(
  db: Database,
  actor: Actor,
  input: { subscriptionId: number; pageNumber: number },
) {
  await requireSubscription(db, actor, input.subscriptionId);
  const where = eq(preapprovalPulls.preapprovalId, input.subscriptionId);
  const [counted] = await db.select({ total: count() }).from(preapprovalPulls).where(where);
  const rows = await db
    .select()
    .from(preapprovalPulls)
    .where(where)
    .orderBy(desc(preapprovalPulls.id))
    .limit(INSTALMENTS_PAGE_SIZE)
    .offset((input.pageNumber - 1) * INSTALMENTS_PAGE_SIZE);
  return {
    instalments: rows.map((row): Instalment => ({
      id: row.id,
      subscriptionId: row.preapprovalId,
      transactionId: row.transferId,
      amount: moneyText(row.amount),
      currency: row.currencyCode,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    })),
    pageSize: INSTALMENTS_PAGE_SIZE,
    pageNumber: input.pageNumber,
    total: counted?.total ?? 0,
  };
}

export async function cancelSubscription(db: Database, actor: Actor, subscriptionId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(preapprovals)
      .where(and(eq(preapprovals.id, subscriptionId), subscriptionsOf(actor.customerId)))
      .for('update');
    if (!row) throw notFound();
    await cancelLocked(tx, row, 'merchant', actor);
  });
  const [loaded] = await loadPreapprovals(db, and(eq(preapprovals.id, subscriptionId)));
  return { subscriber: subscriberView(loaded!) };
}
