import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import type { DbOrTx, Tx } from '../../db/client';
import type { CachedTable, ReadCache } from '../../db/read-cache';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type AccountRow, findCustomerAccount } from '../accounts';
import { systemAccount, type SystemRole } from '../ledger';
import { transferExchangeRate } from '../rates';
import { loadFeeRule, type FeeRule } from './fees';
import { checkPayee, type PayeeCheck } from './payee';
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

  /** The customer's own account (another's is not found). */
  account(customerId: number, accountId: number): Promise<AccountRow> {
    return this.once(['account', customerId, accountId], (db) =>
      findCustomerAccount(db, customerId, accountId),
    );
  }

  /** Two of the customer's own accounts in one read (either missing is not found, as `account`). */
  accountPair(
    customerId: number,
    fromId: number,
    toId: number,
  ): Promise<{ from: AccountRow; to: AccountRow }> {
    return this.once(['accountPair', customerId, fromId, toId], async (db) => {
      const rows = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.customerId, customerId), inArray(accounts.id, [fromId, toId])));
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

  /** Whether the person with this e-mail can receive money from the customer. */
  payee(customerId: number, email: string): Promise<PayeeCheck> {
    return this.once(['payee', customerId, email.trim().toLowerCase()], (db) =>
      checkPayee(db, customerId, email),
    );
  }

  /** A payee's active payment account in the currency, else their oldest active one. */
  payeeAccount(payeeCustomerId: number, currencyCode: string): Promise<AccountRow | undefined> {
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

  /** The bank's own account of a role in a currency (created on first use: `db` is a transaction). */
  systemAccount(role: SystemRole, currencyCode: string): Promise<AccountRow> {
    return this.once(['system', role, currencyCode], (db) =>
      systemAccount(db as Tx, role, currencyCode),
    );
  }
}
