import { and, eq, sql } from 'drizzle-orm';
import type { RealtimeEvent } from '@ledgerline/contract';
import { selectRows, type DbOrTx } from '../../db/client';
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

/**
 * AccountChanged to everyone who sees the accounts a transfer touched (the payee's too): the
 * accounts' customers' own users and those with access to them, read in one statement.
 */
export async function accountEvents(
  db: DbOrTx,
  accountIds: number[],
): Promise<{ userId: number; event: RealtimeEvent }[]> {
  if (accountIds.length === 0) return [];
  const rows = await selectRows<{ accountId: number; userId: number }>(
    db,
    sql`select a.id as "accountId", u.user_id as "userId"
        from ${accounts} a
        cross join lateral (
          select ${users.id} as user_id from ${users} where ${users.customerId} = a.customer_id
          union
          select ${customerAccess.userId} from ${customerAccess}
            where ${customerAccess.customerId} = a.customer_id and ${customerAccess.accessRight} > 0
        ) u
        where a.id = any(${sql.param(accountIds)}::integer[]) and a.customer_id is not null
        order by a.id, u.user_id`,
  );
  return rows.map((row) => ({
    userId: row.userId,
    event: { type: 'AccountChanged', payload: { accountId: row.accountId } },
  }));
}

export async function publishAll(
  realtime: RealtimeHub,
  events: { userId: number; event: RealtimeEvent }[],
): Promise<void> {
  await realtime.publishMany(events);
}
