import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  MainRequest,
  PayButtonStart,
  PayByCard,
  PayNameStart,
  SubmitResult,
} from '@ledgerline/contract';
import { payPageRoutes } from '@ledgerline/contract/pay/routes';
import { useApiClient } from '@/app/session';

/* The hosted pay page's calls (issue 18): what the link shows, without a session, and the payment. */

export const payKeys = {
  page: (token: string) => ['pay-page', token] as const,
  quote: (token: string, fromAccount: number) => ['pay-page', token, 'quote', fromAccount] as const,
  button: (publicId: string) => ['pay-button', publicId] as const,
  name: (handle: string) => ['pay-name', handle] as const,
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

/** A saved button's page (/pay/button/:publicId): merchant, logo, currency and amount or bounds. */
export function useButtonPayPage(publicId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: payKeys.button(publicId),
    queryFn: async ({ signal }) =>
      (await client.route(payPageRoutes.buttonPage, { params: { publicId } }, { signal })).button,
    retry: false,
  });
}

/** "Continue" on a button's page: a payment request of the merchant; answers its pay-page token. */
export function useStartButtonPayment(publicId: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (body: PayButtonStart) =>
      (await client.route(payPageRoutes.startButtonPayment, { params: { publicId }, body })).token,
  });
}

/** A pay-by-name page (/pay/name/:handle): who receives, the logo and the currencies it takes. */
export function useNamePayPage(handle: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: payKeys.name(handle),
    queryFn: async ({ signal }) =>
      (await client.route(payPageRoutes.namePage, { params: { handle } }, { signal })).payee,
    retry: false,
  });
}

/** "Continue" on a pay-by-name page: a payment request in the chosen currency; its token. */
export function useStartNamePayment(handle: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (body: PayNameStart) =>
      (await client.route(payPageRoutes.startNamePayment, { params: { handle }, body })).token,
  });
}

/** "Pay by card" on the pay page (no session): the card acquiring simulator decides; the paid answer. */
export function usePayByCard(token: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (body: PayByCard) =>
      (await client.route(payPageRoutes.payByCard, { params: { token }, body })).payment,
  });
}
