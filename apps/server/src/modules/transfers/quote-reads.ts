import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import type { DbOrTx, Tx } from '../../db/client';
import type { CachedTable, ReadCache } from '../../db/read-cache';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccountRow } from '../accounts';
import { systemAccount, type SystemRole } from '../ledger';
import { transferExchangeRate } from '../rates';
import { loadFeeRule, type FeeRule } from './fees';
import { limitRowsSql, limitStates, limitStatesOf, type LimitRow, type LimitState } from './limits';
import { checkPayee, checkPayeeAndAccount, type PayeeCheck } from './payee';
import { brandIdOf } from '../customers';

/*
 * The reads a quote makes (the customer's brand, the source account, the profile requirements,
 * the fee rule, the rate, the bank directory, the payee, the system accounts), behind one door.
 *
 * A single transfer reads each of them once anyway: `directReads` goes to the database every time.
 * A batch of quotes made in one transaction (issue 17: the mass workbench checks up to 10,000 rows
 * against the same account, brand and fee rules) uses `batchReads`, which reads each distinct
 * question once for the whole batch and answers the rest from memory: the rows are then checked at
 * CPU speed, with the very same rules. A remembered refusal is refused again (the promise keeps
 * its error). Keep a batch's reads to one transaction: nothing here notices a later change.
 */
export class QuoteReads {
  private readonly seen = new Map<string, Promise<unknown>>();
  /** The customer whose limits the account reads bring along (withLimits), and when they count from. */
  private limitsOf: { customerId: number; now: Date } | undefined;
  /** Limits that came with an account read, by currency. */
  private readonly limitsRead = new Map<string, LimitRow[]>();
  /** Fee revenue accounts' ids that came with an account read, by currency. */
  private readonly feeAccountsRead = new Map<string, number>();
  /** Payee accounts that came with a payee check, by the payee's customer id and currency. */
  private readonly payeeAccountsRead = new Map<string, AccountRow | undefined>();

  private constructor(
    readonly db: DbOrTx,
    private readonly remember: boolean,
    private readonly cache: ReadCache | undefined,
  ) {}

  /** Each read from the database; with the process's cache, brands, rates and fee rules from it (decision 107). */
  static direct(db: DbOrTx, cache?: ReadCache): QuoteReads {
    return new QuoteReads(db, false, cache);
  }

  static batch(db: DbOrTx): QuoteReads {
    return new QuoteReads(db, true, undefined);
  }

  /** `read` through the process's cache of `table` when there is one. */
  private cached<T>(table: CachedTable, key: string, read: () => Promise<T>): Promise<T> {
    return this.cache ? this.cache.read(table, key, read) : read();
  }

  /** `read`'s answer to the question `key` names (its kind and every argument). */
  once<T>(key: readonly (string | number | undefined)[], read: (db: DbOrTx) => Promise<T>) {
    if (!this.remember) return read(this.db);
    const name = JSON.stringify(key);
    let answer = this.seen.get(name) as Promise<T> | undefined;
    if (!answer) {
      answer = read(this.db);
      this.seen.set(name, answer);
    }
    return answer;
  }

  /** The brand a customer banks with (fees are the brand's). */
  brand(customerId: number): Promise<string> {
    return this.once(['brand', customerId], (db) =>
      this.cached('customers', `brand:${customerId}`, async () => {
        const brandId = await brandIdOf(db, customerId);
        if (brandId === null) throw AppError.notFound('Customer not found');
        return brandId;
      }),
    );
  }

  /**
   * Makes this customer's account reads also bring the limits of the account's currency and what
   * they have used (limits.ts `limitRowsSql`), and the bank's fee account in it, so `limits` and
   * `systemAccountId('feeRevenue', …)` then need no statement of their own (decision 126). Use
   * it after the customer lock: the sums then see every transfer the lock waited for.
   */
  withLimits(customerId: number, now = new Date()): this {
    this.limitsOf = { customerId, now };
    return this;
  }

  /** The customer's limit states in a currency: those an account read brought, else read now. */
  limits(customerId: number, currencyCode: string): Promise<LimitState[]> {
    const read = this.limitsOf?.customerId === customerId && this.limitsRead.get(currencyCode);
    if (read) return Promise.resolve(limitStatesOf(read, currencyCode));
    return limitStates(this.db, customerId, currencyCode, this.limitsOf?.now);
  }

  /**
   * The accounts `where` finds; when withLimits named this customer, the limits of the currency of
   * `sourceId` (the account money would leave) come along.
   */
  private async accountsWhere(
    customerId: number,
    sourceId: number,
    where: SQL | undefined,
  ): Promise<AccountRow[]> {
    const limitsOf = this.limitsOf?.customerId === customerId ? this.limitsOf : undefined;
    if (!limitsOf) return this.db.select().from(accounts).where(where);
    const rows = await this.db
      .select({
        account: accounts,
        // The outer row's columns are named with their table: drizzle writes a column of a
        // one-table query without it, and inside these subqueries that would be the inner table's.
        limits: sql<LimitRow[] | null>`case when ${accounts}.id = ${sourceId} then ${limitRowsSql(
          sql`${accounts}.customer_id`,
          sql`${accounts}.currency_code`,
          limitsOf.now,
        )} end`,
        // The bank's fee account in the currency, which a fee is posted to (null until created).
        feeAccountId: sql<number | null>`(select s.id from ${accounts} s
          where s.system_role = 'feeRevenue' and s.currency_code = ${accounts}.currency_code)`,
      })
      .from(accounts)
      .where(where);
    for (const row of rows) {
      if (row.limits) this.limitsRead.set(row.account.currencyCode, row.limits);
      if (row.feeAccountId !== null)
        this.feeAccountsRead.set(row.account.currencyCode, row.feeAccountId);
    }
    return rows.map((row) => row.account);
  }

  /** The customer's own account (another's is not found). */
  account(customerId: number, accountId: number): Promise<AccountRow> {
    return this.once(['account', customerId, accountId], async () => {
      const [row] = await this.accountsWhere(
        customerId,
        accountId,
        and(eq(accounts.id, accountId), eq(accounts.customerId, customerId)),
      );
      if (!row) throw AppError.notFound('Account not found');
      return row;
    });
  }

  /** Two of the customer's own accounts in one read (either missing is not found, as `account`). */
  accountPair(
    customerId: number,
    fromId: number,
    toId: number,
  ): Promise<{ from: AccountRow; to: AccountRow }> {
    return this.once(['accountPair', customerId, fromId, toId], async () => {
      const rows = await this.accountsWhere(
        customerId,
        fromId,
        and(eq(accounts.customerId, customerId), inArray(accounts.id, [fromId, toId])),
      );
      const from = rows.find((row) => row.id === fromId);
      const to = rows.find((row) => row.id === toId);
      if (!from || !to) throw AppError.notFound('Account not found');
      return { from, to };
    });
  }

  /** Units of `to` per one unit of `from`, as recorded for transfers. */
  rate(from: string, to: string): Promise<string> {
    return this.once(['rate', from, to], (db) =>
      this.cached(
        'exchange_rates',
        `${from}>${to}`,
        async () => (await transferExchangeRate(db, from, to)).rate,
      ),
    );
  }

  feeRule(brandId: string, operation: string, currencyCode: string): Promise<FeeRule> {
    return this.once(['fee', brandId, operation, currencyCode], (db) =>
      this.cached('fee_rules', `${brandId}:${operation}:${currencyCode}`, () =>
        loadFeeRule(db, brandId, operation, currencyCode),
      ),
    );
  }

  /**
   * Whether the person with this e-mail can receive money from the customer. Given the currency
   * money would leave in, the same statement finds the account they would be paid into, and
   * `payeeAccount` then answers it without a read (decision 126).
   */
  payee(customerId: number, email: string, currencyCode?: string): Promise<PayeeCheck> {
    const lower = email.trim().toLowerCase();
    return this.once(['payee', customerId, lower, currencyCode], async (db) => {
      if (currencyCode === undefined) return checkPayee(db, customerId, email);
      const { check, account } = await checkPayeeAndAccount(db, customerId, email, currencyCode);
      if (check.customerId !== null)
        this.payeeAccountsRead.set(`${check.customerId}:${currencyCode}`, account);
      return check;
    });
  }

  /** A payee's active payment account in the currency, else their oldest active one. */
  payeeAccount(payeeCustomerId: number, currencyCode: string): Promise<AccountRow | undefined> {
    const key = `${payeeCustomerId}:${currencyCode}`;
    if (this.payeeAccountsRead.has(key)) return Promise.resolve(this.payeeAccountsRead.get(key));
    return this.once(['payeeAccount', payeeCustomerId, currencyCode], async (db) => {
      const [to] = await db
        .select()
        .from(accounts)
        .where(
          and(
            eq(accounts.customerId, payeeCustomerId),
            eq(accounts.type, ACCOUNT_TYPES.payment),
            eq(accounts.accountStatusId, ACCOUNT_STATUS.active),
          ),
        )
        .orderBy(sql`${accounts.currencyCode} <> ${currencyCode}`, asc(accounts.id))
        .limit(1);
      return to;
    });
  }

  /**
   * The id of the bank's own account of a role in a currency: the fee account an account read
   * brought along (withLimits), else `systemAccount`'s.
   */
  async systemAccountId(role: SystemRole, currencyCode: string): Promise<number> {
    const read = role === 'feeRevenue' ? this.feeAccountsRead.get(currencyCode) : undefined;
    return read ?? (await this.systemAccount(role, currencyCode)).id;
  }

  /** The bank's own account of a role in a currency (created on first use: `db` is a transaction). */
  systemAccount(role: SystemRole, currencyCode: string): Promise<AccountRow> {
    return this.once(['system', role, currencyCode], (db) =>
      systemAccount(db as Tx, role, currencyCode),
    );
  }
}
