import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, FundingInvoice } from '@ledgerline/contract';
import { useApiClient, useRealtimeEvent, useSessionManager, useSessionState } from '@/app/session';
import { apiLink, downloadFile } from '@/lib/download-file';
import { fundingKeys } from '../keys';

export function fundingInvoicesQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  page: number,
) {
  return {
    queryKey: fundingKeys.list(customerId, page),
    queryFn: () => client.main('getFundingInvoices', { page }),
    placeholderData: keepPreviousData,
    // Money may have landed while the customer was elsewhere: read again on every visit.
    staleTime: 0,
  };
}

/**
 * The customer's funding invoices, a page of 20 (spec 2 §9). Money landing on an account
 * (AccountChanged) may have paid one of them: the list is read again.
 */
export function useFundingInvoices(page: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  useRealtimeEvent('AccountChanged', () => {
    void queryClient.invalidateQueries({ queryKey: fundingKeys.lists(customerId) });
  });
  return useQuery(fundingInvoicesQueryOptions(client, customerId, page));
}

/** Creates a funding invoice with the attempt's idempotency key; the list shows it at once. */
export function useCreateFundingInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: async (input: {
      accountId: number;
      amount: string;
      idempotencyKey: string;
    }): Promise<FundingInvoice> => (await client.main('fundingInvoiceCreate', input)).invoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.lists(customerId) }),
  });
}

/** Asks for the PDF's single-use link with the session's bearer, then opens it. */
export function useFundingInvoicePdf() {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  return useMutation({
    mutationFn: async (invoiceId: number) => {
      const { urlPdf } = await client.main('getFundingInvoicePdf', { invoiceId });
      const url = apiLink(baseUrl, urlPdf);
      downloadFile(url);
      return url;
    },
  });
}
