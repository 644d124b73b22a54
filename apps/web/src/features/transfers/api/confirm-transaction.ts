import { useMutation } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

/** Finishes a pending transfer with its second factor (no code for push: it asks whether the phone approved). */
export function useConfirmTransaction() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: MainRequest<'confirmTransaction'>) =>
      client.main('confirmTransaction', request),
  });
}

/** Sends the code (or the push request) of a pending transfer again. */
export function useResendTransactionCode() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: MainRequest<'resendTransactionCode'>) =>
      client.main('resendTransactionCode', request),
  });
}
