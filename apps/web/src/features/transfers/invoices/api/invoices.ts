import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { InvoiceListRequest, MainRequest, SubmitResult } from '@ledgerline/contract';
import { useApiClient, useRealtimeEvent, useSessionManager, useSessionState } from '@/app/session';
import { apiLink, downloadFile } from '@/lib/download-file';
import { invoiceKeys, type InvoiceBox } from '../keys';

/*
 * The invoice calls (spec 2 §7 "Invoices"; issue 16): the received and sent lists (20 a page),
 * create, money request, reject, cancel, the PDF, the pay quote and the payment itself (which
 * the shared transfer confirmation finishes), and the public view of an e-mailed link.
 */

const LIST_METHOD = { received: 'getReceivedInvoices', sent: 'getSentInvoices' } as const;

/** One page of the received or sent list, filtered by status; the last page stays while the next loads. */
export function useInvoiceList(box: InvoiceBox, request: InvoiceListRequest) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: invoiceKeys.list(customerId, box, request),
    queryFn: () => client.main(LIST_METHOD[box], request),
    // The page before stays while the next loads, but never under the other list's tab.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey.includes(box) ? keepPreviousData(previous) : undefined,
  });
}

function useInvalidateInvoices(): (queryClient: QueryClient) => Promise<void> {
  const { customerId } = useSessionState();
  return useCallback(
    (queryClient: QueryClient) =>
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all(customerId) }),
    [customerId],
  );
}

/** An invoice or money request changed anywhere (created, paid, rejected, cancelled, overdue): the lists are stale. */
export function useLiveInvoices() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateInvoices();
  useRealtimeEvent('InvoiceChanged', () => void invalidate(queryClient));
}

export function useCreateInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (request: MainRequest<'createInvoice'>) => client.main('createInvoice', request),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useRequestMoney() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (request: MainRequest<'requestMoney'>) => client.main('requestMoney', request),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useRejectInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (request: MainRequest<'rejectInvoice'>) => client.main('rejectInvoice', request),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useCancelInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (invoiceId: number) => client.main('cancelInvoice', { invoiceId }),
    onSuccess: () => invalidate(queryClient),
  });
}

/**
 * The invoice's PDF: asked for with the session's bearer, then the single-use link it answers is
 * opened (a link the browser opens cannot carry a bearer; the token never goes into a URL).
 */
export function useInvoicePdf() {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  return useMutation({
    mutationFn: async (invoiceId: number) => {
      const answer = await client.main('getInvoicePdf', { invoiceId });
      const url = apiLink(baseUrl, answer.redirectLink);
      downloadFile(url);
      return url;
    },
  });
}

/** What paying the invoice from this account takes (amount, exchange, fee); nothing asked without an account. */
export function useInvoicePayQuote(invoiceId: number, fromAccount: number | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: invoiceKeys.quote(customerId, invoiceId, fromAccount ?? 0),
    queryFn: async () =>
      (await client.main('getInvoicePayQuote', { invoiceId, fromAccount: fromAccount ?? 0 })).quote,
    enabled: fromAccount !== null,
    staleTime: 10_000,
    retry: false,
  });
}

/** Pays an invoice: for useMoneyMovingSubmit, which adds the attempt's idempotency key. */
export function usePayInvoiceCall() {
  const client = useApiClient();
  return useCallback(
    (request: MainRequest<'payInvoice'>): Promise<SubmitResult> =>
      client.main('payInvoice', request),
    [client],
  );
}

/** The public view of an e-mailed invoice link (no sign-in): who asks, how much, why, due date, status. */
export function usePublicInvoice(token: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: invoiceKeys.public(token),
    queryFn: async () => (await client.main('getPublicInvoice', { token })).invoice,
    retry: false,
  });
}

export type { InvoiceBox };
