import { useQuery } from '@tanstack/react-query';
import type { Account } from '@ledgerline/contract';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import { accountsQueryOptions, useApiClient, useSessionState } from '@/app/session';

/** The accounts to choose from: the session's shared, throttled list (the first is the default). */
export function useHistoryAccounts() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(accountsQueryOptions(client, customerId));
}

/**
 * Whether the account settles debit cards (spec 2 §6 "Debit card history is shown only for a
 * settlement account"): a payment, funding or receiving account some card of the list names as
 * its settlementAccountId — the same rule the server applies.
 */
export function isSettlementAccount(account: Account, accounts: readonly Account[]): boolean {
  if (account.type < ACCOUNT_TYPES.payment || account.type > ACCOUNT_TYPES.receiving) return false;
  return accounts.some((other) => other.settlementAccountId === account.accountId);
}
