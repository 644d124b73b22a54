import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { accounts, customerAccess, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { accountChangesSql, accountEvents } from './events';

/*
 * Who hears AccountChanged for a set of accounts: the accounts' customers' own users and the users
 * with access to them, one event per account and user. The ids go into the statement one
 * parameter each for a transfer's few accounts, and as one array for none or many (decision 129):
 * each form must find the same people, computed here from the tables themselves.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function expectedViewers(accountIds: number[]): Promise<string[]> {
  const db = server.database.db;
  const [accountRows, userRows, accessRows] = await Promise.all([
    db.select({ id: accounts.id, customerId: accounts.customerId }).from(accounts),
    db.select({ id: users.id, customerId: users.customerId }).from(users),
    db.select().from(customerAccess),
  ]);
  const pairs = new Set<string>();
  for (const account of accountRows) {
    if (!accountIds.includes(account.id) || account.customerId === null) continue;
    for (const user of userRows)
      if (user.customerId === account.customerId) pairs.add(`${account.id}:${user.id}`);
    for (const access of accessRows)
      if (access.customerId === account.customerId && access.accessRight > 0)
        pairs.add(`${account.id}:${access.userId}`);
  }
  return [...pairs].sort();
}

async function heard(accountIds: number[]): Promise<string[]> {
  const events = await accountEvents(server.database.db, accountIds);
  return events
    .map(({ userId, event }) => {
      if (event.type !== 'AccountChanged') throw new Error(`an ${event.type} event`);
      return `${event.payload.accountId}:${userId}`;
    })
    .sort();
}

describe('AccountChanged listeners', () => {
  it('finds the same people for a transfer’s few accounts and for a batch’s many', async () => {
    const ids = (
      await server.database.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(sql`${accounts.customerId} is not null`)
        .orderBy(accounts.id)
    ).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(12);
    // A company's account is seen by its people with access too.
    const shared = await selectRows<{ id: number }>(
      server.database.db,
      sql`select a.id from ${accounts} a join ${customerAccess} ca on ca.customer_id = a.customer_id
            where ca.access_right > 0 order by a.id limit 1`,
    );
    const few = [ids[0]!, shared[0]!.id];
    const many = [...ids.slice(0, 11), shared[0]!.id];
    for (const list of [few, many]) {
      const expected = await expectedViewers(list);
      expect(expected.length).toBeGreaterThan(list.length - 1);
      expect(await heard(list)).toEqual(expected);
    }
  });

  it('sends nothing for no accounts, in the posting’s own statement too', async () => {
    expect(await heard([])).toEqual([]);
    const [row] = await selectRows<{ sent: number | string }>(
      server.database.db,
      sql`select ${accountChangesSql([])} as sent`,
    );
    expect(Number(row!.sent)).toBe(0);
  });
});
