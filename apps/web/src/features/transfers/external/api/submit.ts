import { useCallback } from 'react';
import type { SubmitResult } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { SUBMIT_METHOD, type ExternalTransferType, type SubmitRequest } from '../form-model';

/**
 * Sends an external transfer with its type's method (for useMoneyMovingSubmit, which adds the
 * attempt's idempotency key: a retry after a lost answer returns the first result instead of paying twice).
 */
export function useSubmitExternalCall(type: ExternalTransferType) {
  const client = useApiClient();
  return useCallback(
    (
      request: Omit<SubmitRequest, 'idempotencyKey'> & { idempotencyKey: string },
    ): Promise<SubmitResult> =>
      // Each type's method takes its own request; buildRequest made the one for `type`.
      client.main(SUBMIT_METHOD[type], request as never),
    [client, type],
  );
}
