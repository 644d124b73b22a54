import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RealtimeEvent } from '@ledgerline/contract';
import { selectRows, type DbOrTx } from '../../db/client';
import { accounts, customerAccess, users } from '../../db/schema';
import { type RealtimeHub, sendEventsSql } from '../realtime';

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
 * Who sees the accounts: the accounts' customers' own users and those with access to them, one
 * row per account and user, with the AccountChanged event each gets.
 */
function accountViewers(accountIds: number[]): SQL {
  return sql`select a.id as "accountId", u.user_id as "userId",
        json_build_object('type', 'AccountChanged', 'payload', json_build_object('accountId', a.id)) as event
      from ${accounts} a
      cross join lateral (
        select ${users.id} as user_id from ${users} where ${users.customerId} = a.customer_id
        union
        select ${customerAccess.userId} from ${customerAccess}
          where ${customerAccess.customerId} = a.customer_id and ${customerAccess.accessRight} > 0
      ) u
      where a.id in (${idList(accountIds)}) and a.customer_id is not null
      order by a.id, u.user_id`;
}

/** Lists this long are written as one parameter each (see idList). */
const LISTED_IDS = 8;

/**
 * The ids as `in (…)` takes them. A transfer's few ids go as one parameter each, so the prepared
 * statement's generic plan counts as many rows as a custom one does and PostgreSQL keeps it
 * (decision 129; an array parameter counts as ten, and every call was planned again). A longer
 * list, or none (`in ()` is not SQL), is one array.
 */
function idList(ids: number[]): SQL {
  if (ids.length === 0 || ids.length > LISTED_IDS)
    return sql`select unnest(${sql.param(ids)}::integer[])`;
  return sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );
}

/**
 * AccountChanged to everyone who sees the accounts a transfer touched (the payee's too), read in
 * one statement: for callers that gather events inside their transaction and send them after it.
 */
export async function accountEvents(
  db: DbOrTx,
  accountIds: number[],
): Promise<{ userId: number; event: RealtimeEvent }[]> {
  if (accountIds.length === 0) return [];
  const rows = await selectRows<{ accountId: number; userId: number }>(
    db,
    accountViewers(accountIds),
  );
  return rows.map((row) => ({
    userId: row.userId,
    event: { type: 'AccountChanged', payload: { accountId: row.accountId } },
  }));
}

/** The same events, found and sent in one statement (after the transfer's commit). */
export async function publishAccountChanges(
  realtime: RealtimeHub,
  db: DbOrTx,
  accountIds: number[],
): Promise<void> {
  if (accountIds.length === 0) return;
  await realtime.publishQuery(db, accountViewers(accountIds));
}

/**
 * The same events as an expression of the statement that posts the transfer (decision 126): they
 * go out when its transaction commits, and not at all if it does not.
 */
export function accountChangesSql(accountIds: number[]): SQL<number> {
  return sendEventsSql(accountViewers(accountIds));
}

export async function publishAll(
  realtime: RealtimeHub,
  events: { userId: number; event: RealtimeEvent }[],
): Promise<void> {
  await realtime.publishMany(events);
}
