import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Account, ErrorEnvelope } from '@ledgerline/contract';
import { accounts, postings, users } from '../../db/schema';
import { selectRows } from '../../db/client';
import type { TestServer } from '../../../test/helper';
import { Money } from '../ledger/money';

/** Helpers of the transfer tests: calls through the main API and facts read from the database. */
export function transferFixtures(server: () => TestServer) {
  const db = () => server().database.db;

  /**
   * The transfer tests' calls: (method, token, body, acting for). Answers typed by the caller
   * (many bodies here are deliberately outside the contract); server.call types the rest.
   */
  async function call<T = Record<string, unknown>>(
    method: string,
    token: string,
    body: Record<string, unknown> = {},
    fromCustomerId?: number,
  ): Promise<{ status: number; body: T & ErrorEnvelope }> {
    const { status, body: answer } = await server().send(method, body, {
      token,
      ...(fromCustomerId === undefined ? {} : { fromCustomerId }),
    });
    return { status, body: answer as T & ErrorEnvelope };
  }

  async function accountsOf(token: string, fromCustomerId?: number): Promise<Account[]> {
    const { status, body } = await call<{ accounts: Account[] }>(
      'getAccounts',
      token,
      {},
      fromCustomerId,
    );
    expect(status).toBe(200);
    return body.accounts;
  }

  /** The open payment account (1001) of a currency, or a funding wallet (4001) with wallet: true. */
  async function accountIn(
    token: string,
    currencyCode: string,
    options: { wallet?: boolean; fromCustomerId?: number } = {},
  ): Promise<Account> {
    const type = options.wallet ? 4001 : 1001;
    const found = (await accountsOf(token, options.fromCustomerId)).find(
      (account) =>
        account.type === type &&
        account.currencyCode === currencyCode &&
        account.accountStatusId === 2,
    );
    if (!found) throw new Error(`no ${type} account in ${currencyCode}`);
    return found;
  }

  async function row(accountId: number) {
    const [found] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    if (!found) throw new Error(`no account ${accountId}`);
    return found;
  }

  async function postingCount(): Promise<number> {
    const [counted] = await selectRows<{ n: string }>(
      db(),
      sql`select count(*)::text as n from ${postings}`,
    );
    return Number(counted?.n ?? 0);
  }

  async function userId(email: string): Promise<number> {
    const [found] = await db()
      .select({ id: users.id, customerId: users.customerId })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (!found) throw new Error(`no user ${email}`);
    return found.id;
  }

  async function customerIdOf(email: string): Promise<number> {
    const [found] = await db()
      .select({ customerId: users.customerId })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (!found) throw new Error(`no user ${email}`);
    return found.customerId;
  }

  /** The settled balance of any account (system accounts keep no cached balance). */
  async function postingSum(accountId: number): Promise<Money> {
    const [sum] = await selectRows<{ total: string }>(
      db(),
      sql`select coalesce(sum(amount), 0)::text as total from ${postings} where account_id = ${accountId} and not pending`,
    );
    return new Money(sum?.total ?? '0');
  }

  return {
    db,
    call,
    accountsOf,
    accountIn,
    row,
    postingCount,
    postingSum,
    userId,
    customerIdOf,
    key: () => randomUUID(),
  };
}
