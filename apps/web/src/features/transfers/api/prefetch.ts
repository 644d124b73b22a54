import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { transferAccountsQueryOptions } from './accounts';
import {
  P2P_RECENT_LIMIT,
  p2pBeneficiariesQueryOptions,
  recentTransfersQueryOptions,
} from './payees';

/**
 * /transfer/p2p's first reads, started by its route's loader (decision 121): the accounts the form
 * waits for, the people paid before and the last P2P transfers. The layout's access info is
 * already asked for by the main layout's loader. Started after the screen's code and first render
 * instead, they cost the page a round trip before its form showed. Nothing is awaited; a failure
 * is left to the screen, which shows it.
 */
export function prefetchP2pTransfer(
  queryClient: QueryClient,
  apiClient: ApiClient,
  customerId: number | undefined,
): Promise<void> {
  void queryClient.prefetchQuery(transferAccountsQueryOptions(apiClient, customerId));
  void queryClient.prefetchQuery(p2pBeneficiariesQueryOptions(apiClient, customerId));
  void queryClient.prefetchQuery(
    recentTransfersQueryOptions(apiClient, customerId, { type: 'p2p', limit: P2P_RECENT_LIMIT }),
  );
  return Promise.resolve();
}
