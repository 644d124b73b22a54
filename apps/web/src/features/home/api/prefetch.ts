import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient, MainResponse } from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain/constants';
import {
  accessInfoQueryOptions,
  accountsQueryOptions,
  verificationInfoQueryOptions,
} from '@/app/session';
import { paymentInstructionsQueryOptions } from './get-payment-instructions';
import { totalBalanceQueryOptions } from './get-total-balance';

/** Home lists the accounts (and their payment details) only to a user who may see balances. */
export function seesAccounts(access: MainResponse<'getCustomerAccessInfo'>): boolean {
  return access.accessList.balanceInfo !== ACCESS_LEVELS.noAccess;
}

/**
 * Home's first reads, started by its route's loader once the session is there: the verification
 * facts beside the access info, and as soon as the access info allows them, the accounts, their
 * payment details and the total, which the overview and its first figure wait for. Started after
 * home's code and first render instead, they cost the page a round trip and a render before its
 * accounts showed (decision 119), and the total one more after the overview's (decision 124).
 * Nothing here is awaited but the access info, which the layout's loader waits for anyway; a
 * failure is left to the screen, which shows it.
 */
export async function prefetchHome(
  queryClient: QueryClient,
  apiClient: ApiClient,
  customerId: number | undefined,
): Promise<void> {
  void queryClient.prefetchQuery(verificationInfoQueryOptions(apiClient, customerId));
  const access = await queryClient
    .ensureQueryData({ ...accessInfoQueryOptions(apiClient, customerId), retry: false })
    .catch(() => undefined);
  if (access && seesAccounts(access)) {
    void queryClient.prefetchQuery(accountsQueryOptions(apiClient, customerId));
    void queryClient.prefetchQuery(paymentInstructionsQueryOptions(apiClient, customerId));
    void queryClient.prefetchQuery(totalBalanceQueryOptions(apiClient, customerId));
  }
}
