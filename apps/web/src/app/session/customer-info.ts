import { queryOptions } from '@tanstack/react-query';
import type { Account, ApiClient } from '@ledgerline/contract';
import { TIMING } from '@ledgerline/domain/constants';
// Not domain/accounts: that module brings decimal.js, which the sign-in page does not need.
import { sortAccounts } from '@ledgerline/domain/account-order';

/**
 * Customer info and access info belong to the session: the start page decides with them, the
 * guards read them and screens show them. Keyed by the customer the session acts for, so acting
 * for another company never shows the last one's data.
 */
export const sessionKeys = {
  all: ['session'] as const,
  customerInfo: (customerId: number | undefined) =>
    [...sessionKeys.all, 'customer-info', customerId ?? 'own'] as const,
  accessInfo: (customerId: number | undefined) =>
    [...sessionKeys.all, 'access-info', customerId ?? 'own'] as const,
  verificationInfo: (customerId: number | undefined) =>
    [...sessionKeys.all, 'verification-info', customerId ?? 'own'] as const,
  accounts: (customerId: number | undefined) =>
    [...sessionKeys.all, 'accounts', customerId ?? 'own'] as const,
};

/**
 * The acting customer's accounts, one cache for every screen that lists them (spec 2 §9 "Account
 * fetch cached with 5 s timeout and throttled 3 s"): a call that takes over 5 s is cancelled (the
 * screen offers a retry), and the list counts as fresh for 3 s, so mounting screens, focus changes
 * and refresh events cause at most one call per 3 s. Sorted by accountStatusId (spec 2 §3); the
 * first is the default for history (spec 2 §2). Closed accounts stay: their past is still wanted.
 */
export function accountsQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: sessionKeys.accounts(customerId),
    queryFn: async ({ signal }): Promise<Account[]> => {
      const { accounts } = await client.main(
        'getAccounts',
        {},
        { signal, timeoutMs: TIMING.accountFetchTimeout },
      );
      return sortAccounts(accounts);
    },
    staleTime: TIMING.accountFetchThrottle,
    // Besides AccountChanged: the tab may have slept, with its socket, while balances moved.
    refetchOnWindowFocus: true,
  });
}

export function customerInfoQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: sessionKeys.customerInfo(customerId),
    queryFn: () => client.main('getCustomerInfo', {}),
  });
}

export function accessInfoQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: sessionKeys.accessInfo(customerId),
    queryFn: () => client.main('getCustomerAccessInfo', {}),
  });
}

/**
 * The verification facts behind the account-status banner (spec 2 §4), read by the home screen
 * and the /unverified-account and /limited-account pages alike.
 */
export function verificationInfoQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: sessionKeys.verificationInfo(customerId),
    queryFn: () => client.main('getVerificationInfo', {}),
  });
}
