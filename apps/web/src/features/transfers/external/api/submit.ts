import { useMutation } from '@tanstack/react-query';
import type { SubmitResult } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { SUBMIT_METHOD, type ExternalTransferType, type SubmitRequest } from '../form-model';

export interface ExternalSubmit {
  type: ExternalTransferType;
  request: SubmitRequest;
}

/**
 * Sends an external transfer with its type's method. The request carries the attempt's
 * idempotency key: a retry after a lost answer returns the first result instead of paying twice.
 */
export function useSubmitExternalTransfer() {
  const client = useApiClient();
  return useMutation({
    mutationFn: ({ type, request }: ExternalSubmit): Promise<SubmitResult> =>
      // Each type's method takes its own request; buildRequest made the one for `type`.
      client.main(SUBMIT_METHOD[type], request as never),
  });
}
