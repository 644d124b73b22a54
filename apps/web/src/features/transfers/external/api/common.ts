import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account, ApiClient } from '@ledgerline/contract';
import { isExternalSourceAccount, sortAccounts } from '@ledgerline/domain/accounts';
import { accessInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { externalKeys } from '../keys';

/** The spec throttles the account fetch to once per 3 s (spec 2 §9). */
const ACCOUNTS_STALE_MS = 3_000;

/** The same cached getAccounts answer as the other transfer screens (one key, one fetch). */
export function accountsQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: externalKeys.accounts(customerId),
    queryFn: async () => (await client.main('getAccounts', {})).accounts,
    staleTime: ACCOUNTS_STALE_MS,
  });
}

/** Money leaves for another bank only from an open payment account or wallet (types 1001, 4001), in the list order. */
export function sourceAccountsOf(accounts: readonly Account[]): Account[] {
  return sortAccounts(accounts.filter(isExternalSourceAccount));
}

export function useSourceAccounts() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({ ...accountsQueryOptions(client, customerId), select: sourceAccountsOf });
}

/** The permission flags of the user for the customer acted for (spec 2 §6). */
export function useAccessInfo() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(accessInfoQueryOptions(client, customerId));
}

/** Every country, named in the page's language. */
export function useCountries() {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({
    queryKey: externalKeys.countries(language),
    queryFn: async () => (await client.main('getCountries', {})).countries,
    staleTime: Infinity,
  });
}
