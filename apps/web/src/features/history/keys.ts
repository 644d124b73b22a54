import type { HistoryFilter } from '@ledgerline/contract';

/**
 * Query keys of /history, keyed by the customer the session acts for (a business user may switch
 * companies: one company's history must never show under another).
 */
export const historyKeys = {
  all: ['history'] as const,
  transactionTypes: (language: string) =>
    [...historyKeys.all, 'transaction-types', language] as const,
  pages: (customerId: number | undefined) =>
    [...historyKeys.all, 'pages', customerId ?? 'own'] as const,
  page: (customerId: number | undefined, filter: HistoryFilter, cursor: string | null) =>
    [...historyKeys.pages(customerId), filter, cursor ?? 'first'] as const,
  details: (customerId: number | undefined, transactionId: string) =>
    [...historyKeys.all, 'details', customerId ?? 'own', transactionId] as const,
  authorizations: (
    customerId: number | undefined,
    accountId: number,
    kind: string,
    pageNumber: number,
  ) =>
    [
      ...historyKeys.all,
      'authorizations',
      customerId ?? 'own',
      accountId,
      kind,
      pageNumber,
    ] as const,
};
