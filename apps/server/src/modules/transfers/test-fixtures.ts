import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Account, MainMethodName } from '@ledgerline/contract';
import { accounts, postings, users } from '../../db/schema';
import { selectRows } from '../../db/client';
import type { MainAnswer, MainPayload, TestServer } from '../../../test/helper';
import { Money } from '../ledger/money';

/** Helpers of the transfer tests: calls through the main API and facts read from the database. */
export function transferFixtures(server: () => TestServer) {
  const db = () => server().database.db;

  /** A main-API call as a user (acting for fromCustomerId): payload and answer typed by the contract. */
  async function call<M extends MainMethodName>(
    method: M,
    token: string,
    body: MainPayload<M>,
    fromCustomerId?: number,
  ): Promise<{ status: number; body: MainAnswer<M> }> {
    return server().call(method, body, { token, fromCustomerId });
  }

  /** As call(), for input outside the contract: any method, any body; the answer is the envelope. */
  async function send(method: string, token: string, body: unknown, fromCustomerId?: number) {
    return server().send(method, body, { token, fromCustomerId });
  }

  async function accountsOf(token: string, fromCustomerId?: number): Promise<Account[]> {
    const { status, body } = await call('getAccounts', token, {}, fromCustomerId);
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
    send,
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
