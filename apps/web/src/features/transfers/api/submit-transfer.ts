import { useMutation } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

/** Between the customer's own accounts (with the recurring fields when it repeats). */
export function useTransferBetweenAccounts() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: MainRequest<'transferBetweenAccounts'>) =>
      client.main('transferBetweenAccounts', request),
  });
}

/** To another customer by e-mail. */
export function useTransferP2P() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: MainRequest<'transferP2P'>) => client.main('transferP2P', request),
  });
}
