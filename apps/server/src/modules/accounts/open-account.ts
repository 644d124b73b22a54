import { and, eq, ne, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import type { Account } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { accounts, customers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { requireFullAccess } from '../customers';
import { isOfferedCurrency } from '../rates';
import { createCustomerAccount, toAccount } from './service';

/**
 * addCurrency (1001 payment account) and createWallet (4001 funding wallet): one open account per
 * type and currency. Full access, an offered currency, none of the kind yet, then the account
 * and its audit row in one transaction.
 */
export async function openAccount(
  db: Database,
  actor: Actor,
  type: number,
  currencyCode: string,
): Promise<{ account: Account }> {
  requireFullAccess(actor);
  if (!(await isOfferedCurrency(db, currencyCode))) {
    throw AppError.invalid(
      { currencyCode: 'validation.currencyNotOffered' },
      'Accounts in this currency are not offered',
    );
  }
  const row = await db.transaction(async (tx) => {
    // Two requests at once for the same currency: the customer row serialises them (the partial unique index backs it up).
    await tx.execute(
      sql`select id from ${customers} where ${customers.id} = ${actor.customerId} for update`,
    );
    const [existing] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.customerId, actor.customerId),
          eq(accounts.type, type),
          eq(accounts.currencyCode, currencyCode),
          ne(accounts.accountStatusId, ACCOUNT_STATUS.closed),
        ),
      );
    if (existing) {
      const key =
        type === ACCOUNT_TYPES.prepaidFunding
          ? 'validation.walletAlreadyHeld'
          : 'validation.currencyAlreadyHeld';
      throw AppError.invalid(
        { currencyCode: key },
        `There is already an account of this kind in ${currencyCode}`,
      );
    }
    const created = await createCustomerAccount(tx, {
      customerId: actor.customerId,
      type,
      currencyCode,
    });
    await audit(tx, {
      action:
        type === ACCOUNT_TYPES.prepaidFunding ? 'account.walletCreated' : 'account.currencyAdded',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { accountId: created.id, currencyCode },
    });
    return created;
  });
  return { account: toAccount(row) };
}
