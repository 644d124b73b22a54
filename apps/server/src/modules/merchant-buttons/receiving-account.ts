import { and, eq, inArray } from 'drizzle-orm';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';

/** The account types a company receives payments in: its payment and receiving accounts. */
const RECEIVING_TYPES = [ACCOUNT_TYPES.payment, ACCOUNT_TYPES.receiving];
const OPEN = 2;

export interface ReceivingAccount {
  id: number;
  currencyCode: string;
}

/**
 * The company's own open payment or receiving accounts among `ids`: another company's account, a
 * closed one, a card or a wallet is simply not among them (the caller answers "not found").
 */
export async function receivingAccounts(
  db: DbOrTx,
  customerId: number,
  ids: readonly number[],
): Promise<ReceivingAccount[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: accounts.id, currencyCode: accounts.currencyCode })
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, customerId),
        inArray(accounts.id, [...ids]),
        inArray(accounts.type, RECEIVING_TYPES),
        eq(accounts.accountStatusId, OPEN),
      ),
    );
}
