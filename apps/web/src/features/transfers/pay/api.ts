import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MainRequest, SubmitResult } from '@ledgerline/contract';
import { payPageRoutes } from '@ledgerline/contract/pay/routes';
import { useApiClient } from '@/app/session';

/* The hosted pay page's calls (issue 18): what the link shows, without a session, and the payment. */

export const payKeys = {
  page: (token: string) => ['pay-page', token] as const,
  quote: (token: string, fromAccount: number) => ['pay-page', token, 'quote', fromAccount] as const,
};

export function usePayPage(token: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: payKeys.page(token),
    queryFn: async ({ signal }) =>
      (await client.route(payPageRoutes.page, { params: { token } }, { signal })).payment,
    retry: false,
  });
}

export function usePayPaymentRequestCall() {
  const client = useApiClient();
  return useCallback(
    (request: MainRequest<'payPaymentRequest'>): Promise<SubmitResult> =>
      client.main('payPaymentRequest', request),
    [client],
  );
}

/** What paying from the chosen account costs (amount, the payer's fee, total); none until one is chosen. */
export function usePaymentRequestQuote(token: string, fromAccount: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: payKeys.quote(token, fromAccount ?? 0),
    queryFn: async () =>
      (await client.main('quotePaymentRequest', { token, fromAccount: fromAccount ?? 0 })).quote,
    enabled: fromAccount !== null,
    retry: false,
  });
}
