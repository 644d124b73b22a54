import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RealtimeEvent } from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { accounts, customerAccess, users } from '../../db/schema';
import type { RealtimeHub } from '../realtime';

/** Realtime events after a transfer commits: who sees the accounts it touched. */

/** The users who see a customer's money: its own users and those with access to it. */
export async function usersOfCustomer(db: DbOrTx, customerId: number): Promise<number[]> {
  const own = await db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  const granted = await db
    .select({ id: customerAccess.userId })
    .from(customerAccess)
    .where(and(eq(customerAccess.customerId, customerId), sql`${customerAccess.accessRight} > 0`));
  return [...new Set([...own, ...granted].map((row) => row.id))];
}

/** AccountChanged to everyone who sees the accounts a transfer touched (the payee's too). */
export async function accountEvents(
  db: DbOrTx,
  accountIds: number[],
): Promise<{ userId: number; event: RealtimeEvent }[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({ id: accounts.id, customerId: accounts.customerId })
    .from(accounts)
    .where(inArray(accounts.id, accountIds));
  const events: { userId: number; event: RealtimeEvent }[] = [];
  for (const row of rows) {
    if (row.customerId === null) continue;
    for (const userId of await usersOfCustomer(db, row.customerId))
      events.push({ userId, event: { type: 'AccountChanged', payload: { accountId: row.id } } });
  }
  return events;
}

export async function publishAll(
  realtime: RealtimeHub,
  events: { userId: number; event: RealtimeEvent }[],
): Promise<void> {
  for (const item of events) await realtime.publish(item.userId, item.event);
}
