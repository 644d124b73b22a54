import { useCallback } from 'react';
import type { MainRequest, SubmitResult } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

/** Between the customer's own accounts (with the recurring fields when it repeats): for useMoneyMovingSubmit. */
export function useTransferBetweenAccountsCall() {
  const client = useApiClient();
  return useCallback(
    (request: MainRequest<'transferBetweenAccounts'>): Promise<SubmitResult> =>
      client.main('transferBetweenAccounts', request),
    [client],
  );
}

/** To another customer by e-mail: for useMoneyMovingSubmit. */
export function useTransferP2PCall() {
  const client = useApiClient();
  return useCallback(
    (request: MainRequest<'transferP2P'>): Promise<SubmitResult> =>
      client.main('transferP2P', request),
    [client],
  );
}
